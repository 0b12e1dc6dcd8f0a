import { ChevronDownIcon, MagnifyingGlassIcon, PlusIcon } from "@radix-ui/react-icons";
import { Badge, Button, Callout, Card, Flex, Heading, Select, Text, TextField } from "@radix-ui/themes";
import { Suspense, useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { Form, useLocation, useNavigation, useRevalidator, useSearchParams } from "react-router";
import { useToast } from "~/components/ui/toaster";
import { pluralForm } from "~/i18n/format";
import { useI18n } from "~/i18n/react";
import { useAuth } from "~/modules/auth/auth-context";
import { apiClient, ApiClientError, call, OfflineError } from "~/modules/crm/api-client";
import { LoadErrorState } from "~/modules/dashboard/load-error-state";
import { canEditTask } from "@worker/auth/crm-permissions";
import type { AssignableUserDto, Page, TaskCountsDto, TaskDto } from "@worker/services/crm-types";
import { TaskCard } from "./task-card.tsx";
import { TASK_SEARCH_DEBOUNCE_MS } from "./task-filters.ts";
import { lazyChunk } from "~/components/lazy-chunk";

// The dialog loads when first opened.
const TaskFormDialog = lazyChunk(() => import("./task-form-dialog.tsx").then((m) => ({ default: m.TaskFormDialog })));

export type TasksData = {
  /** The open tasks' first page. */
  page: Page<TaskDto>;
  /** The completed tasks' first page when their section is open (?done=1), else null. */
  completed: Page<TaskDto> | null;
  counts: TaskCountsDto;
  q: string;
  /** Whose tasks: "me", "all", "none" or a user's id (?assignee=, else `defaultAssignee`). */
  assignee: string;
  defaultAssignee: string;
  users: AssignableUserDto[];
  /** `?task=<id>`: that task (null when it does not exist). */
  linked: { id: string; task: TaskDto | null } | null;
  now: number;
  /** A search or filter change could not reach the server: the list is the one shown before. */
  offline?: true;
};

type ListState = { source: Page<TaskDto> | null; items: TaskDto[]; cursor: string | null };

const freshList = (page: Page<TaskDto> | null): ListState => ({
  source: page,
  items: page?.items ?? [],
  cursor: page?.next_cursor ?? null,
});

/**
 * The tasks screen (crm.md §2, issue 20): the title with the overdue count, 'Nova tarefa',
 * search (300 ms) and whose tasks ('Minhas tarefas' by default for a sales rep) in the URL,
 * the open task cards as the server orders them with 'Carregar mais', the empty states, a
 * 'Concluídas (N)' section collapsed by default (?done=1 opens it), and the task dialog
 * (also opened by `?task=<id>`).
 */
export function TasksScreen({ data }: { data: TasksData }) {
  const { t, language } = useI18n();
  const toast = useToast();
  const { profile } = useAuth();
  const location = useLocation();
  const navigation = useNavigation();
  const { revalidate } = useRevalidator();
  const [, setSearchParams] = useSearchParams();

  // The lists (open, completed): the loader's pages, the pages 'Carregar mais' added, and
  // the local changes (the newest copy of a task changed here, by id).
  const [open, setOpen] = useState(() => freshList(data.page));
  if (open.source !== data.page) setOpen(freshList(data.page));
  const [done, setDone] = useState(() => freshList(data.completed));
  if (done.source !== data.completed) setDone(freshList(data.completed));
  const [overrides, setOverrides] = useState<{ source: TasksData; tasks: Record<string, TaskDto> }>({ source: data, tasks: {} });
  if (overrides.source.page !== data.page || overrides.source.completed !== data.completed) setOverrides({ source: data, tasks: {} });
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const [loadingMore, setLoadingMore] = useState<"open" | "done" | null>(null);

  // Urgency from the server's clock while hydrating, then from this one, every minute.
  const [now, setNow] = useState(data.now);
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- this clock only after hydration (the server's until then), as said above
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 60_000);
    return () => window.clearInterval(timer);
  }, []);

  // `fromOpener`: opened from an element (focus returns there), else focus returns to 'Nova tarefa'.
  const [dialog, setDialog] = useState<{ task: TaskDto | null; fromOpener: boolean } | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const newButton = useRef<HTMLButtonElement>(null);

  const actor = useMemo(() => (profile ? { id: profile.id, role: profile.role } : null), [profile]);
  const canEdit = (task: TaskDto) => (actor ? canEditTask(actor, task) : false);

  // `?task=<id>` opens that task's dialog (or says it does not exist).
  const linkedHandled = useRef<unknown>(null);
  useEffect(() => {
    const linked = data.linked;
    if (!linked || linkedHandled.current === linked) return;
    linkedHandled.current = linked;
    if (!linked.task) {
      toast({ title: t("crm.tasks.toasts.notFound"), variant: "destructive" });
      return;
    }
    if (actor && canEditTask(actor, linked.task)) {
      opener.current = null;
      // eslint-disable-next-line react-hooks/set-state-in-effect -- opening ?task= also toasts and scrolls to the row: effect work
      setDialog({ task: linked.task, fromOpener: false });
    } else {
      document.querySelector<HTMLElement>(`[data-task-id="${CSS.escape(linked.task.id)}"]`)?.scrollIntoView({ block: "center" });
    }
  }, [data.linked, actor, t, toast]);

  // Offline: the list stays, a toast and a line say it was not updated.
  const offlineToasted = useRef<unknown>(null);
  useEffect(() => {
    if (!data.offline || offlineToasted.current === data) return;
    offlineToasted.current = data;
    toast({ title: t("crm.shared.offline"), variant: "destructive" });
  }, [data, t, toast]);

  // Search as you type: the URL (and so the loader) follows 300 ms after the last key.
  const [search, setSearch] = useState(data.q);
  /** The search the URL is meant to carry: the last one sent, even while its navigation is pending. */
  const sentQuery = useRef(data.q);
  /** Likewise whose tasks, and whether 'Concluídas' is open. */
  const sentAssignee = useRef(data.assignee);
  const sentDone = useRef(data.completed !== null);
  useEffect(() => {
    // back/forward or a link
    sentAssignee.current = data.assignee;
    sentDone.current = data.completed !== null;
  }, [data.assignee, data.completed]);

  // Built on the URL shown, which stays the old one until a pending navigation's loaders end:
  // the search, the assignee and the section are always the ones last sent, so an assignee
  // chosen meanwhile cannot bring back a search that was cleared (nor a search typed
  // meanwhile drop the assignee).
  const setParams = useCallback(
    (change: (params: URLSearchParams) => void, replace: boolean) =>
      setSearchParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          if (sentQuery.current) next.set("q", sentQuery.current);
          else next.delete("q");
          if (sentAssignee.current !== data.defaultAssignee) next.set("assignee", sentAssignee.current);
          else next.delete("assignee");
          if (sentDone.current) next.set("done", "1");
          else next.delete("done");
          next.delete("filter");
          change(next);
          next.delete("task");
          return next;
        },
        { replace, preventScrollReset: true },
      ),
    [setSearchParams, data.defaultAssignee],
  );
  useEffect(() => {
    // Back/forward (or a link) changed the query: the box shows it.
    if (data.q !== sentQuery.current) {
      sentQuery.current = data.q;
      setSearch(data.q);
    }
  }, [data.q]);
  useEffect(() => {
    const text = search.trim();
    if (text === sentQuery.current) return;
    const timer = window.setTimeout(() => {
      sentQuery.current = text;
      setParams((params) => (text ? params.set("q", text) : params.delete("q")), true);
    }, TASK_SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [search, setParams]);

  const changeAssignee = (value: string) => {
    sentAssignee.current = value;
    setParams(() => undefined, false);
  };

  const toggleDone = () => {
    sentDone.current = !sentDone.current;
    setParams(() => undefined, true);
  };

  const closeDialog = (open: boolean) => {
    if (open) return;
    setDialog(null);
    if (new URLSearchParams(location.search).has("task")) setParams(() => undefined, true);
  };

  const openDialog = (task: TaskDto | null, from: HTMLElement | null) => {
    opener.current = from;
    setDialog({ task, fromOpener: from !== null });
  };

  const setOverride = (task: TaskDto) => setOverrides((current) => ({ ...current, tasks: { ...current.tasks, [task.id]: task } }));

  const saved = (task: TaskDto) => {
    setOverride(task);
    // The server's order (due date) and the filters decide where it belongs.
    void revalidate();
  };

  const deleted = (task: TaskDto) => {
    // The deleted task's 'Editar' goes away: the focus returns to 'Nova tarefa'.
    opener.current = newButton.current;
    const without = (current: ListState) => ({ ...current, items: current.items.filter((item) => item.id !== task.id) });
    setOpen(without);
    setDone(without);
    void revalidate();
  };

  const toggle = async (task: TaskDto) => {
    const completed = !task.completed;
    setBusy((current) => new Set(current).add(task.id));
    setOverride({ ...task, completed, completed_at: completed ? new Date().toISOString() : null });
    try {
      const { task: updated } = await call(apiClient.tasks[":id"].completion.$patch({ param: { id: task.id }, json: { completed } }));
      setOverride(updated);
      toast({ title: completed ? t("crm.tasks.toasts.completed") : t("crm.tasks.toasts.reopened"), variant: "success" });
      // Done or reopened: it moves to the other section, and the counts change.
      void revalidate();
    } catch (error) {
      setOverride(task);
      const description =
        error instanceof OfflineError
          ? t("crm.shared.offline")
          : error instanceof ApiClientError
            ? error.message
            : t("errorScreen.message");
      toast({ title: t("crm.tasks.toasts.toggleFailed"), description, variant: "destructive" });
    } finally {
      setBusy((current) => {
        const next = new Set(current);
        next.delete(task.id);
        return next;
      });
    }
  };

  const loadMore = async (which: "open" | "done") => {
    const list = which === "open" ? open : done;
    if (!list.cursor || loadingMore) return;
    setLoadingMore(which);
    try {
      const page = await call(
        apiClient.tasks.$get({
          query: { q: data.q, assignee: data.assignee, filter: which === "open" ? "pending" : "completed", cursor: list.cursor },
        }),
      );
      (which === "open" ? setOpen : setDone)((current) => {
        if (current.source !== list.source) return current;
        const known = new Set(current.items.map((item) => item.id));
        return { ...current, items: [...current.items, ...page.items.filter((item) => !known.has(item.id))], cursor: page.next_cursor };
      });
    } catch (error) {
      toast({
        title: t("crm.tasks.toasts.loadFailed"),
        description: error instanceof OfflineError ? t("crm.shared.offline") : undefined,
        variant: "destructive",
      });
    } finally {
      setLoadingMore(null);
    }
  };

  const loading = navigation.state === "loading" && navigation.location?.pathname === location.pathname;
  const filtered = Boolean(data.q) || data.assignee !== "all";
  const shown = (list: ListState) => list.items.map((item) => overrides.tasks[item.id] ?? item);
  const items = shown(open);
  const doneOpen = data.completed !== null;
  const doneId = useId();
  const assigneeId = useId();
  const colleagues = data.users.filter((user) => user.id !== profile?.id);
  const assigneeLabel =
    data.assignee === "me" || data.assignee === profile?.id
      ? t("crm.tasks.assignee.mine")
      : data.assignee === "all" || data.assignee === "none"
        ? t(`crm.tasks.assignee.${data.assignee}`)
        : (data.users.find((user) => user.id === data.assignee)?.name ?? t("crm.tasks.assignee.all"));
  const cards = (list: TaskDto[], testId: string) => (
    <ul
      aria-busy={loading || undefined}
      className={`flex flex-col gap-3 transition-opacity ${loading ? "opacity-60" : ""}`}
      data-testid={testId}
    >
      {list.map((task) => (
        <li key={task.id}>
          <TaskCard
            task={task}
            now={now}
            canEdit={canEdit(task)}
            busy={busy.has(task.id)}
            onToggle={toggle}
            onEdit={(current, from) => openDialog(current, from)}
          />
        </li>
      ))}
    </ul>
  );
  const more = (which: "open" | "done") =>
    (which === "open" ? open : done).cursor ? (
      <Flex justify="center">
        <Button
          variant="soft"
          onClick={() => void loadMore(which)}
          loading={loadingMore === which}
          data-testid={`tasks-load-more-${which}`}
        >
          {t("crm.shared.actions.loadMore")}
        </Button>
      </Flex>
    ) : null;

  return (
    <Flex direction="column" gap="5" className="mx-auto w-full max-w-5xl" data-testid="tasks">
      <Flex direction={{ initial: "column", sm: "row" }} justify="between" align={{ initial: "stretch", sm: "end" }} gap="3">
        <div className="min-w-0">
          <Heading as="h2" size="7">
            {t("crm.tasks.title")}
            {data.counts.overdue > 0 ? (
              <Badge color="red" variant="soft" highContrast size="2" ml="3" className="align-middle" data-testid="tasks-overdue-count">
                {t(`crm.tasks.overdue.${pluralForm(language, data.counts.overdue)}`, { count: data.counts.overdue })}
              </Badge>
            ) : null}
          </Heading>
          <Text as="p" color="gray" mt="1">
            {t("crm.tasks.subtitle")}
          </Text>
        </div>
        <Button ref={newButton} onClick={(event) => openDialog(null, event.currentTarget)} className="shrink-0" data-testid="tasks-new">
          <PlusIcon />
          {t("crm.tasks.newTask")}
        </Button>
      </Flex>

      <Flex direction={{ initial: "column", md: "row" }} gap="3" align={{ initial: "stretch", md: "center" }}>
        {/* A GET form: without JavaScript, Enter still searches. */}
        <Form method="get" role="search" className="min-w-0 flex-1" onSubmit={(event) => event.preventDefault()}>
          {data.assignee !== data.defaultAssignee ? <input type="hidden" name="assignee" value={data.assignee} /> : null}
          <TextField.Root
            type="search"
            name="q"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder={t("crm.tasks.search.placeholder")}
            aria-label={t("crm.tasks.search.label")}
            maxLength={200}
            data-testid="tasks-search"
          >
            <TextField.Slot>
              <MagnifyingGlassIcon aria-hidden />
            </TextField.Slot>
          </TextField.Root>
        </Form>
        <div className="md:w-60 md:shrink-0">
          <label htmlFor={assigneeId} className="sr-only">
            {t("crm.tasks.assignee.label")}
          </label>
          <Select.Root value={data.assignee === profile?.id ? "me" : data.assignee} onValueChange={changeAssignee}>
            {/* The label as children: Radix's Select.Value shows nothing before hydration otherwise. */}
            <Select.Trigger id={assigneeId} className="!w-full" data-testid="tasks-assignee">
              {assigneeLabel}
            </Select.Trigger>
            <Select.Content position="popper">
              <Select.Item value="me">{t("crm.tasks.assignee.mine")}</Select.Item>
              <Select.Item value="all">{t("crm.tasks.assignee.all")}</Select.Item>
              <Select.Item value="none">{t("crm.tasks.assignee.none")}</Select.Item>
              {colleagues.length > 0 ? <Select.Separator /> : null}
              {colleagues.map((user) => (
                <Select.Item key={user.id} value={user.id}>
                  {user.name}
                </Select.Item>
              ))}
            </Select.Content>
          </Select.Root>
        </div>
      </Flex>

      <div role="status" className={loading || data.offline ? undefined : "sr-only"}>
        {loading ? (
          <Text size="2" color="gray">
            {t("crm.frame.loading")}
          </Text>
        ) : data.offline ? (
          <Callout.Root color="red" size="1">
            <Callout.Text>{t("crm.shared.offline")}</Callout.Text>
          </Callout.Root>
        ) : null}
      </div>

      {items.length === 0 ? (
        <Card size="3" data-testid="tasks-empty">
          <Flex direction="column" align="center" gap="3" py="6">
            <Text color="gray" align="center">
              {data.counts.completed > 0
                ? t("crm.tasks.empty.pending")
                : filtered
                  ? t("crm.tasks.empty.filtered")
                  : t("crm.tasks.empty.none")}
            </Text>
            {filtered || data.counts.completed > 0 ? null : (
              <Button onClick={(event) => openDialog(null, event.currentTarget)}>
                <PlusIcon />
                {t("crm.tasks.empty.create")}
              </Button>
            )}
          </Flex>
        </Card>
      ) : (
        cards(items, "tasks-list")
      )}
      {items.length > 0 ? more("open") : null}

      {data.counts.completed > 0 || doneOpen ? (
        <section aria-labelledby={`${doneId}-title`} className="flex flex-col gap-3" data-testid="tasks-completed">
          <h3 id={`${doneId}-title`} className="m-0">
            <Button
              variant="ghost"
              color="gray"
              highContrast
              size="3"
              aria-expanded={doneOpen}
              aria-controls={doneId}
              onClick={toggleDone}
              data-testid="tasks-completed-toggle"
            >
              <ChevronDownIcon aria-hidden className={`transition-transform ${doneOpen ? "" : "-rotate-90"}`} />
              {t("crm.tasks.completedSection.toggle", { count: data.counts.completed })}
            </Button>
          </h3>
          <div id={doneId} hidden={!doneOpen}>
            {doneOpen ? (
              shown(done).length > 0 ? (
                <Flex direction="column" gap="3">
                  {cards(shown(done), "tasks-completed-list")}
                  {more("done")}
                </Flex>
              ) : (
                <Text as="p" color="gray" size="2">
                  {t("crm.tasks.completedSection.empty")}
                </Text>
              )
            ) : null}
          </div>
        </section>
      ) : null}

      {dialog ? (
        <Suspense fallback={null}>
          <TaskFormDialog
            open
            onOpenChange={closeDialog}
            task={dialog.task}
            onSaved={saved}
            onDeleted={deleted}
            returnFocusTo={dialog.fromOpener ? opener : newButton}
          />
        </Suspense>
      ) : null}
    </Flex>
  );
}

/** The screen when the tasks could not be read at all: the message and 'Tentar novamente'. */
export function TasksError(props: { message: string; retrying: boolean; onRetry: () => void }) {
  return <LoadErrorState {...props} testId="tasks-error" />;
}
