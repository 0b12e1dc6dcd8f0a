import { DEFAULT_LANGUAGE, languageFromCookie, type Namespace } from "~/i18n";
import { messagesFor } from "~/i18n/dictionaries.server";
import { requireUser } from "~/modules/auth/guards.server";
import { SETTINGS_TABS, SettingsScreen, type SettingsTab, type SettingsTabData } from "~/modules/settings/settings-screen";
import { crmScreenMeta, type CrmHandle } from "~/routes/staff/crm-layout";
import { workerContext } from "@worker/router-context";
import { getNotificationPreferences } from "@worker/services/notification-preferences-service";
import { loadSystemTab } from "@worker/services/org-settings-service";
import { loadUsersTab } from "@worker/services/user-admin-service";
import type { Route } from "./+types/settings";

export const handle: CrmHandle = { crmTitle: "crm.titles.settings" };
export const meta = crmScreenMeta;

/** Settings (crm.md §2 'Configurações'): the tab the URL names (?tab=, Perfil by default) and what that tab shows. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireUser(request, context);
  const services = context.get(workerContext).services;
  const language = languageFromCookie(request.headers.get("Cookie")) ?? DEFAULT_LANGUAGE;
  const asked = new URL(request.url).searchParams.get("tab");
  const tab: SettingsTab = (SETTINGS_TABS as readonly (string | null)[]).includes(asked) ? (asked as SettingsTab) : "profile";
  const data: SettingsTabData =
    tab === "notifications"
      ? { tab, preferences: await getNotificationPreferences(services, viewer) }
      : tab === "users"
        ? { tab, users: await loadUsersTab(services, viewer) }
        : tab === "system"
          ? { tab, system: await loadSystemTab(services, viewer) }
          : tab === "api"
            ? { tab, admin: viewer.user.role === "admin" }
            : { tab };
  // Settings → API's panels read their own strings (issue 25), sent with that tab only: the tokens'
  // for everyone, the webhooks' for admins.
  const apiMessages: Namespace[] = data.tab === "api" ? (data.admin ? ["crm.apiTokens", "crm.webhooks"] : ["crm.apiTokens"]) : [];
  return { data, messages: messagesFor(language, ["crm.settings", ...apiMessages]) };
}

export default function SettingsRoute({ loaderData }: Route.ComponentProps) {
  return <SettingsScreen data={loaderData.data} />;
}
