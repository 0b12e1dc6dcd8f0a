import {
  BarChartIcon,
  Cross1Icon,
  ChatBubbleIcon,
  CheckboxIcon,
  DoubleArrowLeftIcon,
  DoubleArrowRightIcon,
  ExitIcon,
  GearIcon,
  MoonIcon,
  PersonIcon,
  SunIcon,
} from "@radix-ui/react-icons";
import { markSigningOut } from "~/modules/auth/signing-out";
import { Flex, IconButton, Select, Text, Tooltip } from "@radix-ui/themes";
import { useEffect, useRef, type KeyboardEvent, type ReactNode } from "react";
import { Form, Link, NavLink, useLocation, useNavigation, useRevalidator } from "react-router";
import { LANGUAGE_NAMES, LANGUAGES, type Language, type TranslationKey } from "~/i18n";
import { saveLanguagePreference } from "~/i18n/language-preference";
import { useI18n } from "~/i18n/react";
import { useAuth } from "~/modules/auth/auth-context";
import { useOrg } from "~/modules/crm/org-settings";
import { useThemeControl } from "~/routes/staff/theme-layout";
import { CRM_SIDEBAR_ID, type CrmDrawer } from "./crm-drawer.ts";
import { ProfileAvatar } from "./profile-avatar.tsx";

/**
 * Radix's DashboardIcon (four rounded squares) drawn with four rects: the same picture for a
 * tenth of its path's bytes (this frame is in every CRM screen's first JavaScript).
 */
function DashboardIcon() {
  return (
    <svg width="15" height="15" viewBox="0 0 15 15" fill="none" aria-hidden>
      {[1.5, 8.5].flatMap((x) =>
        [1.5, 8.5].map((y) => <rect key={`${x} ${y}`} x={x} y={y} width="5" height="5" rx="1" stroke="currentColor" />),
      )}
    </svg>
  );
}

const NAV: { to: string; label: TranslationKey; icon: ReactNode }[] = [
  { to: "/dashboard", label: "crm.nav.dashboard", icon: <DashboardIcon /> },
  { to: "/leads", label: "crm.nav.leads", icon: <PersonIcon /> },
  { to: "/tasks", label: "crm.nav.tasks", icon: <CheckboxIcon /> },
  { to: "/chat", label: "crm.nav.chat", icon: <ChatBubbleIcon /> },
  { to: "/analytics", label: "crm.nav.analytics", icon: <BarChartIcon /> },
  { to: "/settings", label: "crm.nav.settings", icon: <GearIcon /> },
];

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The CRM's collapsible sidebar: 56 px wide collapsed, 240 px open. Below the desktop
 * breakpoint it is a drawer (always expanded) over the page: opened from the top bar's
 * menu button, a modal dialog while open (focus moves in and stays in, the page behind is
 * inert), closed by its close button, Escape, the backdrop or following a link. Without
 * JavaScript a narrow screen shows it in the flow, above the page.
 */
export function CrmSidebar({
  collapsed: collapsedSetting,
  onToggle,
  drawer,
}: {
  collapsed: boolean;
  onToggle: () => void;
  drawer: CrmDrawer;
}) {
  const { t, language } = useI18n();
  const collapsed = collapsedSetting && drawer.isDesktop;
  const aside = useRef<HTMLElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (drawer.modal) closeButton.current?.focus();
  }, [drawer.modal]);

  // Tab and Shift+Tab go round inside the open drawer.
  const keepFocusInside = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== "Tab" || !aside.current) return;
    const focusable = [...aside.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0);
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };
  const { profile } = useAuth();
  const org = useOrg();
  const { theme, setTheme } = useThemeControl();
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const signingOut = navigation.formAction === "/auth/logout";
  const name = profile?.name?.trim() || t("crm.user.fallbackName");
  const role = profile?.role ?? "sales_rep";

  const changeLanguage = (next: string) => {
    saveLanguagePreference(next as Language);
    void revalidator.revalidate();
  };

  return (
    <>
      {drawer.modal ? (
        <div
          aria-hidden="true"
          data-testid="crm-drawer-backdrop"
          className="fixed inset-0 z-40 bg-black/40 lg:hidden"
          onClick={drawer.close}
        />
      ) : null}
      <aside
        ref={aside}
        id={CRM_SIDEBAR_ID}
        data-collapsed={collapsed}
        data-drawer-open={drawer.modal || undefined}
        role={drawer.modal ? "dialog" : undefined}
        aria-modal={drawer.modal || undefined}
        aria-label={drawer.modal ? t("crm.nav.main") : undefined}
        onKeyDown={drawer.modal ? keepFocusInside : undefined}
        className={[
          "flex h-screen shrink-0 flex-col border-r",
          "lg:sticky lg:top-0 lg:transition-[width] lg:duration-200",
          "max-lg:fixed max-lg:inset-y-0 max-lg:left-0 max-lg:z-50 max-lg:h-dvh max-lg:max-w-[85vw] max-lg:shadow-2xl max-lg:duration-200",
          // Visible at once when it opens (so focus can move in), hidden once it has slid out.
          drawer.modal
            ? "max-lg:transition-transform"
            : "max-lg:invisible max-lg:-translate-x-full max-lg:transition-[transform,visibility]",
          "noscript:max-lg:visible noscript:max-lg:static noscript:max-lg:h-auto noscript:max-lg:w-full! noscript:max-lg:max-w-none noscript:max-lg:translate-x-0 noscript:max-lg:shadow-none",
        ].join(" ")}
        style={{
          width: drawer.isDesktop ? (collapsed ? 56 : 240) : 280,
          borderColor: "var(--gray-a5)",
          background: "var(--color-panel-solid)",
        }}
      >
        <Flex align="center" justify={collapsed ? "center" : "between"} px={collapsed ? "0" : "3"} className="h-14 shrink-0">
          <NavLink
            to="/dashboard"
            className="flex min-w-0 items-center gap-2"
            aria-label={collapsed ? `${t("common.appName")} — ${org.company_name}` : undefined}
          >
            <img src="/favicon.svg" alt="" width={28} height={28} />
            {collapsed ? null : (
              // The organisation's name (Settings → Sistema) under the product's.
              <div className="flex min-w-0 flex-col leading-tight">
                <Text as="div" weight="bold" size="3">
                  {t("common.appName")}
                </Text>
                <Text as="div" size="1" color="gray" truncate data-testid="crm-company-name">
                  {org.company_name}
                </Text>
              </div>
            )}
          </NavLink>
          {!drawer.isDesktop ? (
            <IconButton ref={closeButton} variant="ghost" color="gray" onClick={drawer.close} aria-label={t("crm.nav.closeMenu")}>
              <Cross1Icon />
            </IconButton>
          ) : collapsed ? null : (
            <div className="noscript:max-lg:hidden">
              <IconButton variant="ghost" color="gray" onClick={onToggle} aria-label={t("crm.nav.collapse")} aria-expanded>
                <DoubleArrowLeftIcon />
              </IconButton>
            </div>
          )}
        </Flex>
        {collapsed ? (
          <Flex justify="center" py="2">
            <IconButton variant="ghost" color="gray" onClick={onToggle} aria-label={t("crm.nav.expand")} aria-expanded={false}>
              <DoubleArrowRightIcon />
            </IconButton>
          </Flex>
        ) : null}

        <nav aria-label={t("crm.nav.main")} className="flex-1 overflow-y-auto px-2 py-2">
          <ul className="flex flex-col gap-1">
            {NAV.map((item) => (
              <li key={item.to}>
                <NavItem to={item.to} label={t(item.label)} icon={item.icon} collapsed={collapsed} />
              </li>
            ))}
          </ul>
        </nav>

        <div className="border-t px-2 py-3" style={{ borderColor: "var(--gray-a5)" }}>
          <Flex align="center" gap="2" px={collapsed ? "0" : "1"} justify={collapsed ? "center" : "start"} mb="3">
            <ProfileAvatar name={name} src={profile?.avatarUrl} testId="sidebar-user-avatar" />
            {collapsed ? null : (
              <div className="min-w-0">
                <Text as="div" size="2" weight="medium" truncate data-testid="sidebar-user-name">
                  {name}
                </Text>
                <Text as="div" size="1" color="gray" data-testid="sidebar-user-role">
                  {t(`crm.roles.${role}`)}
                </Text>
              </div>
            )}
          </Flex>

          <Flex direction={collapsed ? "column" : "row"} align="center" gap="2" justify={collapsed ? "center" : "between"}>
            {collapsed ? null : (
              <Select.Root value={language} onValueChange={changeLanguage} size="1">
                {/* The label as children: Radix's Select.Value shows nothing before hydration otherwise. */}
                <Select.Trigger aria-label={t("crm.user.language")} variant="soft">
                  {LANGUAGE_NAMES[language]}
                </Select.Trigger>
                <Select.Content position="popper">
                  {LANGUAGES.map((code) => (
                    <Select.Item key={code} value={code}>
                      {LANGUAGE_NAMES[code]}
                    </Select.Item>
                  ))}
                </Select.Content>
              </Select.Root>
            )}
            <Tooltip content={`${t("crm.user.theme")}: ${theme === "dark" ? t("crm.user.dark") : t("crm.user.light")}`}>
              <IconButton
                variant="ghost"
                color="gray"
                onClick={() => setTheme(theme === "dark" ? "light" : "dark")}
                aria-label={`${t("crm.user.theme")}: ${theme === "dark" ? t("crm.user.light") : t("crm.user.dark")}`}
              >
                {theme === "dark" ? <SunIcon /> : <MoonIcon />}
              </IconButton>
            </Tooltip>
            <Form method="post" action="/auth/logout" onSubmit={markSigningOut}>
              <Tooltip content={t("crm.user.signOut")}>
                <IconButton type="submit" variant="ghost" color="red" aria-label={t("crm.user.signOut")} disabled={signingOut}>
                  <ExitIcon />
                </IconButton>
              </Tooltip>
            </Form>
          </Flex>
        </div>
      </aside>
    </>
  );
}

function NavItem({ to, label, icon, collapsed }: { to: string; label: string; icon: ReactNode; collapsed: boolean }) {
  const { pathname } = useLocation();
  // /reports is the same screen as /analytics.
  const active = pathname === to || pathname.startsWith(`${to}/`) || (to === "/analytics" && pathname === "/reports");
  const link = (
    <Link
      to={to}
      prefetch="intent"
      aria-current={active ? "page" : undefined}
      aria-label={collapsed ? label : undefined}
      className={[
        "flex h-9 items-center gap-3 rounded-md text-sm font-medium outline-none transition-colors focus-visible:ring-2",
        collapsed ? "justify-center px-0" : "px-3",
        active ? "crm-nav-active" : "crm-nav-idle",
      ].join(" ")}
    >
      {icon}
      {collapsed ? null : <span>{label}</span>}
    </Link>
  );
  return collapsed ? (
    <Tooltip content={label} side="right">
      {link}
    </Tooltip>
  ) : (
    link
  );
}
