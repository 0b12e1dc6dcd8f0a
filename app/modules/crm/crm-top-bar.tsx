import { HamburgerMenuIcon } from "@radix-ui/react-icons";
import { Flex, Heading, IconButton } from "@radix-ui/themes";
import { useI18n } from "~/i18n/react";
import { NotificationBell } from "~/modules/notifications/notification-bell";
import { CRM_MENU_BUTTON_ID, CRM_SIDEBAR_ID, type CrmDrawer } from "./crm-drawer.ts";
import { CrmUserMenu } from "./crm-user-menu.tsx";
import { QuickSearch } from "./quick-search.tsx";

/**
 * The CRM's top bar: on narrow screens the menu button that opens the sidebar drawer, then
 * the screen's title (cut with an ellipsis when long), the notification bell and (where the
 * sidebar is a drawer) the user menu. Nothing in it can push the page sideways at 390 px.
 */
export function CrmTopBar({ title, drawer }: { title: string; drawer: CrmDrawer }) {
  const { t } = useI18n();
  return (
    <Flex
      asChild
      align="center"
      gap="3"
      px={{ initial: "3", sm: "5" }}
      className="sticky top-0 z-10 h-14 shrink-0 border-b"
      style={{ borderColor: "var(--gray-a5)", background: "var(--color-panel-solid)" }}
    >
      <header>
        {/* Radix styles are not in a cascade layer: responsive display goes on plain wrappers. */}
        <div className="flex lg:hidden noscript:hidden">
          <IconButton
            id={CRM_MENU_BUTTON_ID}
            variant="ghost"
            color="gray"
            size="3"
            aria-label={t("crm.nav.openMenu")}
            aria-expanded={drawer.modal}
            aria-controls={CRM_SIDEBAR_ID}
            onClick={drawer.open}
          >
            <HamburgerMenuIcon width={20} height={20} />
          </IconButton>
        </div>
        <Heading as="h1" size="4" truncate className="min-w-0 flex-1" data-testid="crm-title">
          {title}
        </Heading>
        {/* Ghost buttons reach 8 px past their box on each side: 24 px apart, they don't overlap. */}
        <Flex align="center" gap="5" className="shrink-0">
          <QuickSearch />
          <div data-slot="notification-bell">
            <NotificationBell />
          </div>
          <div className="flex lg:hidden noscript:hidden">
            <CrmUserMenu />
          </div>
        </Flex>
      </header>
    </Flex>
  );
}
