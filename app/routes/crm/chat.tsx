import { useEffect } from "react";
import { useRevalidator, useRouteError } from "react-router";
import { DEFAULT_LANGUAGE, languageFromCookie } from "~/i18n";
import { messagesFor } from "~/i18n/dictionaries.server";
import { useI18n } from "~/i18n/react";
import { isNetworkError } from "~/lib/network-error";
import { unlessNotFound } from "~/lib/route-errors.server";
import { requireUser } from "~/modules/auth/guards.server";
import { LoadErrorState } from "~/modules/dashboard/load-error-state";
import { TeamChatScreen } from "~/modules/team-chat/team-chat-screen";
import { crmScreenMeta, type CrmHandle } from "~/routes/staff/crm-layout";
import { workerContext } from "@worker/router-context";
import { listChannels, listMessages } from "@worker/services/chat-service";
import type { Route } from "./+types/chat";

export const handle: CrmHandle = { crmTitle: "crm.titles.chat" };
export const meta = crmScreenMeta;

/**
 * The channels the viewer may see (newest first, with last_seq for the unread counts) and the
 * newest page of the open channel: `?channel=<id>`, else the first. An unknown or private
 * channel the viewer is not in opens nothing (`missing`), rather than someone else's.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireUser(request, context);
  const language = languageFromCookie(request.headers.get("Cookie")) ?? DEFAULT_LANGUAGE;
  const requested = new URL(request.url).searchParams.get("channel")?.slice(0, 64) || null;
  const services = context.get(workerContext).services;
  const channels = await listChannels(services, viewer);
  const openId = requested ?? channels[0]?.id ?? null;
  const open = channels.find((c) => c.id === openId) ?? null;
  const page = open ? await unlessNotFound(listMessages(services, viewer, open.id, {}), language) : null;
  return {
    channels,
    /** The channel the URL names (null: none named, the first is open). */
    requested,
    openId: open && page ? open.id : null,
    page,
    missing: Boolean(requested && !(open && page)),
    // crm.live: the "Reconectando…" state of the pane.
    messages: messagesFor(language, ["crm.teamChat", "crm.live"]),
  };
}

type ChatData = Awaited<ReturnType<Route.ClientLoaderArgs["serverLoader"]>>;

/** The screen shown (the page records it): what a channel change that cannot reach the server keeps. */
let shown: ChatData | undefined;

/** Offline, a channel change keeps the screen and says so (docs/decisions/008). */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs): Promise<ChatData & { offline?: true }> {
  try {
    return await serverLoader();
  } catch (error) {
    if (!isNetworkError(error) || !shown) throw error;
    return { ...shown, offline: true };
  }
}

export default function ChatRoute({ loaderData }: Route.ComponentProps) {
  useEffect(() => {
    if (!("offline" in loaderData)) shown = loaderData;
  }, [loaderData]);
  return <TeamChatScreen data={loaderData} />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useI18n();
  const revalidator = useRevalidator();
  return (
    <LoadErrorState
      message={isNetworkError(error) ? t("crm.shared.offline") : t("crm.teamChat.toasts.loadFailed")}
      retrying={revalidator.state === "loading"}
      onRetry={() => void revalidator.revalidate()}
      testId="chat-error"
    />
  );
}
