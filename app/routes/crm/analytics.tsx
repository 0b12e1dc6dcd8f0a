import { getTranslator, languageFromCookie } from "~/i18n";
import { PlaceholderScreen } from "~/modules/crm/placeholder-screen";
import type { CrmHandle } from "~/routes/staff/crm-layout";
import type { Route } from "./+types/analytics";

export const handle: CrmHandle = { crmTitle: "crm.titles.analytics" };

export function loader({ request }: Route.LoaderArgs) {
  return { language: languageFromCookie(request.headers.get("Cookie")) ?? "pt" };
}

export function meta({ loaderData }: Route.MetaArgs) {
  const t = getTranslator(loaderData?.language ?? "pt");
  return [{ title: `${t("crm.titles.analytics")} — ${t("common.appName")}` }];
}

export default function Screen() {
  return <PlaceholderScreen />;
}
