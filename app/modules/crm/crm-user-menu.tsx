import { ExitIcon, MoonIcon, SunIcon } from "@radix-ui/react-icons";
import { markSigningOut } from "~/modules/auth/signing-out";
import { DropdownMenu, Flex, IconButton, Text } from "@radix-ui/themes";
import { useSubmit } from "react-router";
import { useI18n } from "~/i18n/react";
import { useAuth } from "~/modules/auth/auth-context";
import { useThemeControl } from "~/routes/staff/theme-layout";
import { ProfileAvatar } from "./profile-avatar.tsx";

/**
 * The signed-in user in the top bar (on narrow screens, where the sidebar is a closed
 * drawer): the avatar opens a menu with the name and role, the theme and sign-out.
 */
export function CrmUserMenu() {
  const { t } = useI18n();
  const { profile } = useAuth();
  const { theme, setTheme } = useThemeControl();
  const submit = useSubmit();
  const name = profile?.name?.trim() || t("crm.user.fallbackName");
  const role = profile?.role ?? "sales_rep";

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger>
        <IconButton
          variant="ghost"
          color="gray"
          radius="full"
          size="3"
          aria-label={`${t("crm.user.menu")}: ${name}`}
          data-testid="crm-user-menu"
        >
          <ProfileAvatar name={name} src={profile?.avatarUrl} />
        </IconButton>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content align="end" sideOffset={6}>
        <Flex direction="column" px="3" py="2" className="max-w-[16rem]">
          <Text size="2" weight="medium" truncate>
            {name}
          </Text>
          <Text size="1" color="gray">
            {t(`crm.roles.${role}`)}
          </Text>
        </Flex>
        <DropdownMenu.Separator />
        <DropdownMenu.Item onSelect={() => setTheme(theme === "dark" ? "light" : "dark")}>
          {theme === "dark" ? <SunIcon /> : <MoonIcon />}
          {`${t("crm.user.theme")}: ${theme === "dark" ? t("crm.user.light") : t("crm.user.dark")}`}
        </DropdownMenu.Item>
        <DropdownMenu.Item
          color="red"
          onSelect={() => {
            markSigningOut();
            submit(null, { method: "post", action: "/auth/logout" });
          }}
        >
          <ExitIcon />
          {t("crm.user.signOut")}
        </DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
