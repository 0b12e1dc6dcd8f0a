import { useEffect } from "react";
import { type ShouldRevalidateFunctionArgs, useRevalidator, useRouteError } from "react-router";
import { DEFAULT_LANGUAGE, documentTitle, languageFromCookie, translatorFromMatches } from "~/i18n";
import { messagesFor } from "~/i18n/dictionaries.server";
import { pluralForm } from "~/i18n/format";
import { useI18n } from "~/i18n/react";
import { isNetworkError } from "~/lib/network-error";
import { unlessNotFound } from "~/lib/route-errors.server";
import { requireUser } from "~/modules/auth/guards.server";
import { TasksError, TasksScreen } from "~/modules/tasks/tasks-screen";
import { defaultTaskAssignee, taskAssigneeFrom } from "~/modules/tasks/task-filters";
import { crmScreenMeta, type CrmHandle } from "~/routes/staff/crm-layout";
import { workerContext } from "@worker/router-context";
import type { TaskDto } from "@worker/services/crm-types";
import { countTasks, getTask, listTasks } from "@worker/services/task-service";
import { listAssignableUsers } from "@worker/services/user-service";
import type { Route } from "./+types/tasks";

export const handle: CrmHandle = { crmTitle: "crm.titles.tasks" };

/** "Tarefas (3 atrasadas) — Velox Labs" while some are overdue; the CRM's title otherwise. */
export function meta(args: Route.MetaArgs) {
  const [title, ...rest] = crmScreenMeta(args);
  const data = args.loaderData;
  if (!data?.counts.overdue) return [title, ...rest];
  const t = translatorFromMatches(args.matches);
  const overdue = t(`crm.tasks.overdue.${pluralForm(data.language, data.counts.overdue)}`, { count: data.counts.overdue });
  return [{ title: documentTitle(t, t("crm.tasks.titleWithOverdue", { title: t("crm.titles.tasks"), overdue })) }, ...rest];
}

/**
 * The open tasks of the URL's search (?q=) and assignee (?assignee=me|all|none|<user id>,
 * by default the viewer's own for a sales rep, everyone's otherwise), due date first and
 * undated last, as the server orders them; the completed ones too when their section is
 * open (?done=1); the overdue and completed counts; `?task=<id>` (the notifications' link)
 * also brings that task, whose dialog the page opens.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireUser(request, context);
  const language = languageFromCookie(request.headers.get("Cookie")) ?? DEFAULT_LANGUAGE;
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 200);
  const taskId = url.searchParams.get("task")?.slice(0, 64) || null;
  const services = context.get(workerContext).services;
  // A linked task (a notification, the quick search) is shown where it is: among everyone's
  // when it is not the viewer's and the URL names nobody, under an open 'Concluídas' when done.
  const linked = taskId ? ((await unlessNotFound(getTask(services, viewer, taskId), language)) as TaskDto | null) : null;
  const elsewhere = linked && !url.searchParams.has("assignee") && linked.assigned_to !== viewer.user.id;
  const assignee = elsewhere ? "all" : taskAssigneeFrom(url.searchParams.get("assignee"), viewer.user.role);
  const done = url.searchParams.get("done") === "1" || Boolean(linked?.completed);
  const query = { q: q || undefined, assignee };
  const [page, completed, counts, users] = await Promise.all([
    listTasks(services, viewer, { ...query, filter: "pending" }),
    done ? listTasks(services, viewer, { ...query, filter: "completed" }) : null,
    countTasks(services, viewer, query),
    listAssignableUsers(services, viewer),
  ]);
  return {
    page,
    completed,
    counts,
    q,
    assignee,
    defaultAssignee: defaultTaskAssignee(viewer.user.role),
    /** The assignee filter's colleagues (active users). */
    users,
    language,
    linked: taskId ? { id: taskId, task: linked } : null,
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
