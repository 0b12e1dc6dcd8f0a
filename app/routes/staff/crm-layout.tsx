import { Box, Button, Callout, Flex, Text } from "@radix-ui/themes";
import { useState } from "react";
import { isRouteErrorResponse, Outlet, useLocation, useMatches, useNavigation, useRouteError } from "react-router";
import { useI18n } from "~/i18n/react";
import { AuthProvider } from "~/modules/auth/auth-context";
import { requireUser } from "~/modules/auth/guards.server";
import { useCrmDrawer } from "~/modules/crm/crm-drawer";
import { CrmSidebar } from "~/modules/crm/crm-sidebar";
import { CrmTopBar } from "~/modules/crm/crm-top-bar";
import { readSidebarCollapsed, saveSidebarCollapsed } from "~/modules/crm/preferences";
import { DEFAULT_LANGUAGE, documentTitle, languageFromCookie, translatorFromMatches, type TranslationKey } from "~/i18n";
import { CRM_FRAME_NAMESPACES, messagesFor } from "~/i18n/dictionaries.server";
import type { Route } from "./+types/crm-layout";
import { queryOnlyChange } from "~/lib/query-only-change";
import { workerContext } from "@worker/router-context";
import { saveUserLanguage } from "@worker/services/user-service";
import { readOrgFormat } from "@worker/services/org-settings-service";
import { OrgContext } from "~/modules/crm/org-settings";

/** `handle` of a CRM screen: the dictionary key of its title. */
export type CrmHandle = { crmTitle: TranslationKey };

/** The title key of the deepest matched CRM screen. */
function crmTitleKey(matches: readonly ({ handle?: unknown } | undefined)[]): TranslationKey | undefined {
  return [...matches]
    .reverse()
    .map((m) => (m?.handle as CrmHandle | undefined)?.crmTitle)
    .find(Boolean);
}

const CRM_PATHS = ["/dashboard", "/leads", "/tasks", "/chat", "/analytics", "/reports", "/settings"];

/** Nothing here depends on the query string (app/lib/query-only-change.ts). */
export const shouldRevalidate = queryOnlyChange;

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireUser(request, context);
  const { user, session } = viewer;
  const { services } = context.get(workerContext);
  const saved = languageFromCookie(request.headers.get("Cookie"));
  const language = saved ?? DEFAULT_LANGUAGE;
  // The language chosen in the frame (it revalidates this loader) is kept on the user for the
  // e-mails sent to them outside a request; in the background, after the answer.
  if (saved && saved !== user.language) {
    const saving = saveUserLanguage(services, viewer, saved).catch((error: unknown) =>
      console.error("the user's language was not saved", error),
    );
    if (services.waitUntil) services.waitUntil(saving);
    else await saving;
  }
  return {
    crmLayout: true as const,
    language,
    // The frame's strings; each CRM screen's loader adds its own namespace (crm.<screen>).
    messages: messagesFor(language, CRM_FRAME_NAMESPACES),
    profile: { id: user.id, name: user.name, email: user.email, phone: user.phone, role: user.role, avatarUrl: user.avatarUrl },
    expiresAt: session.expiresAt,
    sidebarCollapsed: readSidebarCollapsed(request.headers.get("Cookie")),
    // The organisation's name, time zone and currency (Settings → Sistema): the frame shows the
    // name, every screen formats dates and money with the others. A few seconds' isolate copy.
    org: await readOrgFormat(services),
  };
}

/**
 * `meta` of every CRM screen: "<screen title> — Velox Labs" in the saved language. (A
 * parent's meta cannot see its children's handles, so each screen exports this.)
 */
export function crmScreenMeta({ matches }: { matches: readonly ({ handle?: unknown; loaderData?: unknown } | undefined)[] }) {
  const t = translatorFromMatches(matches);
  const title = crmTitleKey(matches);
  return [{ title: title ? documentTitle(t, t(title)) : t("common.appName") }, { name: "robots", content: "noindex" }];
}

export default function CrmLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const [collapsed, setCollapsed] = useState(loaderData.sidebarCollapsed);
  const navigation = useNavigation();
  const matches = useMatches();
  const title = crmTitleKey(matches);
  const drawer = useCrmDrawer();
  const location = useLocation();
  // While another CRM screen (and its auth check) loads, show the loading text instead. A
  // screen revalidating itself or changing its own query (search, filters, ?lead=) keeps
  // its content: it shows its own pending state.
  const loading =
    navigation.state === "loading" &&
    navigation.location.pathname !== location.pathname &&
    CRM_PATHS.some((path) => navigation.location.pathname.startsWith(path));

  const toggle = () => {
    saveSidebarCollapsed(!collapsed);
    setCollapsed(!collapsed);
  };

  return (
    <AuthProvider profile={loaderData.profile} expiresAt={loaderData.expiresAt}>
      <OrgContext value={loaderData.org}>
        {/* Below lg the sidebar is a drawer; without JavaScript it sits above the page there. */}
        <div className="flex min-h-screen noscript:max-lg:flex-col" style={{ background: "var(--gray-2)" }}>
          <CrmSidebar collapsed={collapsed} onToggle={toggle} drawer={drawer} />
          <Flex direction="column" className="min-w-0 flex-1" inert={drawer.modal || undefined}>
            <CrmTopBar title={title ? t(title) : ""} drawer={drawer} />
            <Box asChild p={{ initial: "3", sm: "5" }} className="min-w-0 flex-1">
              <main aria-busy={loading}>
                {loading ? (
                  <Text color="gray" role="status">
                    {t("crm.frame.loading")}
                  </Text>
                ) : (
                  <Outlet />
                )}
              </main>
            </Box>
          </Flex>
        </div>
      </OrgContext>
    </AuthProvider>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useI18n();
  const message = isRouteErrorResponse(error) && error.status === 403 ? t("crm.frame.forbidden") : t("auth.state.sessionError");
  return (
    <Flex align="center" justify="center" className="min-h-screen p-6">
      <Flex direction="column" gap="4" className="max-w-md">
        <Callout.Root color="red" role="alert">
          <Callout.Text>{message}</Callout.Text>
        </Callout.Root>
        <Button onClick={() => window.location.reload()}>{t("errorScreen.retry")}</Button>
      </Flex>
    </Flex>
  );
}
