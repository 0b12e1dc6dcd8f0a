import { DEFAULT_LANGUAGE, languageFromCookie } from "~/i18n";
import { messagesFor } from "~/i18n/dictionaries.server";
import { requireUser } from "~/modules/auth/guards.server";
import { SETTINGS_TABS, SettingsScreen, type SettingsTab } from "~/modules/settings/settings-screen";
import { crmScreenMeta, type CrmHandle } from "~/routes/staff/crm-layout";
import { workerContext } from "@worker/router-context";
import { getNotificationPreferences } from "@worker/services/notification-preferences-service";
import type { Route } from "./+types/settings";

export const handle: CrmHandle = { crmTitle: "crm.titles.settings" };
export const meta = crmScreenMeta;

/** Settings (crm.md §2 'Configurações'): the tab the URL names (?tab=, Perfil by default), the user's profile and switches. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireUser(request, context);
  const language = languageFromCookie(request.headers.get("Cookie")) ?? DEFAULT_LANGUAGE;
  const asked = new URL(request.url).searchParams.get("tab");
  const tab: SettingsTab = (SETTINGS_TABS as readonly (string | null)[]).includes(asked) ? (asked as SettingsTab) : "profile";
  return {
    tab,
    preferences: await getNotificationPreferences(context.get(workerContext).services, viewer),
    messages: messagesFor(language, ["crm.settings"]),
  };
}

export default function SettingsRoute({ loaderData }: Route.ComponentProps) {
  return <SettingsScreen tab={loaderData.tab} preferences={loaderData.preferences} />;
}
