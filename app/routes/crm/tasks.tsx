import { useEffect } from "react";
import { type ShouldRevalidateFunctionArgs, useRevalidator, useRouteError } from "react-router";
import { DEFAULT_LANGUAGE, languageFromCookie } from "~/i18n";
import { messagesFor } from "~/i18n/dictionaries.server";
import { useI18n } from "~/i18n/react";
import { isNetworkError } from "~/lib/network-error";
import { oneOf } from "~/lib/one-of";
import { unlessNotFound } from "~/lib/route-errors.server";
import { requireUser } from "~/modules/auth/guards.server";
import { TasksError, TasksScreen } from "~/modules/tasks/tasks-screen";
import { TASK_FILTER_VALUES } from "~/modules/tasks/task-filters";
import { crmScreenMeta, type CrmHandle } from "~/routes/staff/crm-layout";
import { workerContext } from "@worker/router-context";
import type { TaskDto } from "@worker/services/crm-types";
import { getTask, listTasks } from "@worker/services/task-service";
import type { Route } from "./+types/tasks";

export const handle: CrmHandle = { crmTitle: "crm.titles.tasks" };
export const meta = crmScreenMeta;

/**
 * The tasks of the URL's search (?q=) and filter (?filter=all|pending|completed), due date
 * first and undated last, as the server orders them; `?task=<id>` (the notifications' link)
 * also brings that task, whose dialog the page opens.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireUser(request, context);
  const language = languageFromCookie(request.headers.get("Cookie")) ?? DEFAULT_LANGUAGE;
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 200);
  const filter = oneOf(TASK_FILTER_VALUES, url.searchParams.get("filter"), "all");
  const taskId = url.searchParams.get("task")?.slice(0, 64) || null;
  const services = context.get(workerContext).services;
  const [page, linked] = await Promise.all([
    listTasks(services, viewer, { q: q || undefined, filter }),
    taskId ? unlessNotFound(getTask(services, viewer, taskId), language) : null,
  ]);
  return {
    page,
    q,
    filter,
    linked: taskId ? { id: taskId, task: linked as TaskDto | null } : null,
    /** The server's clock, so the urgency badges render the same on the server and while hydrating. */
    now: Date.now(),
    messages: messagesFor(language, ["crm.tasks"]),
  };
}

type TasksData = Awaited<ReturnType<Route.ClientLoaderArgs["serverLoader"]>>;

/** The list on screen (the page records it): what a search that cannot reach the server keeps. */
let shown: TasksData | undefined;

/** Offline, a search or filter change keeps the list on screen and says so (docs/decisions/008). */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs): Promise<TasksData & { offline?: true }> {
  try {
    return await serverLoader();
  } catch (error) {
    if (!isNetworkError(error) || !shown) throw error;
    return { ...shown, offline: true };
  }
}

/** Closing the dialog of `?task=` only drops the parameter: nothing to reload. */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (currentUrl.pathname === nextUrl.pathname && currentUrl.searchParams.has("task") && !nextUrl.searchParams.has("task")) {
    const a = new URLSearchParams(currentUrl.search);
    a.delete("task");
    if (a.toString() === nextUrl.searchParams.toString()) return false;
  }
  return defaultShouldRevalidate;
}

export default function TasksRoute({ loaderData }: Route.ComponentProps) {
  useEffect(() => {
    if (!("offline" in loaderData)) shown = loaderData;
  }, [loaderData]);
  return <TasksScreen data={loaderData} />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useI18n();
  const revalidator = useRevalidator();
  return (
    <TasksError
      message={isNetworkError(error) ? t("crm.shared.offline") : t("errorScreen.message")}
      retrying={revalidator.state === "loading"}
      onRetry={() => void revalidator.revalidate()}
    />
  );
}
