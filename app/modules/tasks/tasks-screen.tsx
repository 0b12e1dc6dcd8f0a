import { MagnifyingGlassIcon, PlusIcon } from "@radix-ui/react-icons";
import { Button, Callout, Card, Flex, Heading, SegmentedControl, Text, TextField } from "@radix-ui/themes";
import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Form, useLocation, useNavigation, useRevalidator, useSearchParams } from "react-router";
import { useToast } from "~/components/ui/toaster";
import { useI18n } from "~/i18n/react";
import { useAuth } from "~/modules/auth/auth-context";
import { api, ApiClientError, OfflineError, queryString } from "~/modules/crm/api-client";
import { LoadErrorState } from "~/modules/dashboard/load-error-state";
import { canEditTask } from "@worker/auth/crm-permissions";
import type { Page, TaskDto, TaskFilter } from "@worker/services/crm-types";
import { TaskCard } from "./task-card.tsx";
import { TASK_FILTER_VALUES, TASK_SEARCH_DEBOUNCE_MS } from "./task-filters.ts";
import { lazyChunk } from "~/components/lazy-chunk";

// The dialog loads when first opened.
const TaskFormDialog = lazyChunk(() => import("./task-form-dialog.tsx").then((m) => ({ default: m.TaskFormDialog })));

export type TasksData = {
  page: Page<TaskDto>;
  q: string;
  filter: TaskFilter;
  /** `?task=<id>`: that task (null when it does not exist). */
  linked: { id: string; task: TaskDto | null } | null;
  now: number;
  /** A search or filter change could not reach the server: the list is the one shown before. */
  offline?: true;
};

type ListState = { source: Page<TaskDto>; items: TaskDto[]; cursor: string | null; overrides: Record<string, TaskDto> };

const freshList = (page: Page<TaskDto>): ListState => ({ source: page, items: page.items, cursor: page.next_cursor, overrides: {} });

/**
 * The tasks screen (crm.md §2): title, 'Nova tarefa', search (300 ms) and filter in the URL,
 * the task cards as the server orders them with 'Carregar mais', both empty states, and the
 * task dialog (also opened by `?task=<id>`).
 */
export function TasksScreen({ data }: { data: TasksData }) {
  const { t } = useI18n();
  const toast = useToast();
  const { profile } = useAuth();
  const location = useLocation();
  const navigation = useNavigation();
  const { revalidate } = useRevalidator();
  const [, setSearchParams] = useSearchParams();

  // The list: the loader's page, the pages 'Carregar mais' added, and the local changes.
  const [list, setList] = useState(() => freshList(data.page));
  if (list.source !== data.page) setList(freshList(data.page));
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const [loadingMore, setLoadingMore] = useState(false);

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
  /** Likewise the filter last chosen. */
  const sentFilter = useRef(data.filter);
  useEffect(() => {
    sentFilter.current = data.filter; // back/forward or a link
  }, [data.filter]);

  // Built on the URL shown, which stays the old one until a pending navigation's loaders end:
  // the search and the filter are always the ones last sent, so a filter chosen meanwhile
  // cannot bring back a search that was cleared (nor a search typed meanwhile drop the filter).
  const setParams = useCallback(
    (change: (params: URLSearchParams) => void, replace: boolean) =>
      setSearchParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          if (sentQuery.current) next.set("q", sentQuery.current);
          else next.delete("q");
          if (sentFilter.current !== "all") next.set("filter", sentFilter.current);
          else next.delete("filter");
          change(next);
          next.delete("task");
          return next;
        },
        { replace, preventScrollReset: true },
      ),
    [setSearchParams],
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

  const changeFilter = (value: string) => {
    sentFilter.current = TASK_FILTER_VALUES.find((f) => f === value) ?? "all";
    setParams(() => undefined, false);
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

  const saved = (task: TaskDto) => {
    setList((current) => ({ ...current, overrides: { ...current.overrides, [task.id]: task } }));
    // The server's order (due date) and the filters decide where it belongs.
    void revalidate();
  };

  const deleted = (task: TaskDto) => {
    // The deleted task's 'Editar' goes away: the focus returns to 'Nova tarefa'.
    opener.current = newButton.current;
    setList((current) => ({ ...current, items: current.items.filter((item) => item.id !== task.id) }));
    void revalidate();
  };

  const toggle = async (task: TaskDto) => {
    const completed = !task.completed;
    const setOverride = (value: TaskDto) => setList((current) => ({ ...current, overrides: { ...current.overrides, [task.id]: value } }));
    setBusy((current) => new Set(current).add(task.id));
    setOverride({ ...task, completed, completed_at: completed ? new Date().toISOString() : null });
    try {
      const { task: updated } = await api<{ task: TaskDto }>("PATCH", `/tasks/${encodeURIComponent(task.id)}/completion`, { completed });
      setOverride(updated);
      toast({ title: completed ? t("crm.tasks.toasts.completed") : t("crm.tasks.toasts.reopened"), variant: "success" });
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

  const loadMore = async () => {
    if (!list.cursor || loadingMore) return;
    setLoadingMore(true);
    try {
      const page = await api<Page<TaskDto>>(
        "GET",
        `/tasks${queryString({ q: data.q, filter: data.filter === "all" ? undefined : data.filter, cursor: list.cursor })}`,
      );
      setList((current) => {
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
      setLoadingMore(false);
    }
  };

  const loading = navigation.state === "loading" && navigation.location?.pathname === location.pathname;
  const filtered = Boolean(data.q) || data.filter !== "all";
  const items = list.items.map((item) => list.overrides[item.id] ?? item);

  return (
    <Flex direction="column" gap="5" className="mx-auto w-full max-w-5xl" data-testid="tasks">
      <Flex direction={{ initial: "column", sm: "row" }} justify="between" align={{ initial: "stretch", sm: "end" }} gap="3">
        <div className="min-w-0">
          <Heading as="h2" size="7">
            {t("crm.tasks.title")}
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
          {data.filter !== "all" ? <input type="hidden" name="filter" value={data.filter} /> : null}
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
        <SegmentedControl.Root
          value={data.filter}
          onValueChange={changeFilter}
          aria-label={t("crm.tasks.filter.label")}
          className="max-md:w-full"
          data-testid="tasks-filter"
        >
          {TASK_FILTER_VALUES.map((filter) => (
            <SegmentedControl.Item key={filter} value={filter}>
              {t(`crm.tasks.filter.${filter}`)}
            </SegmentedControl.Item>
          ))}
        </SegmentedControl.Root>
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
              {filtered ? t("crm.tasks.empty.filtered") : t("crm.tasks.empty.none")}
            </Text>
            {filtered ? null : (
              <Button onClick={(event) => openDialog(null, event.currentTarget)}>
                <PlusIcon />
                {t("crm.tasks.empty.create")}
              </Button>
            )}
          </Flex>
        </Card>
      ) : (
        <ul
          aria-busy={loading || undefined}
          className={`flex flex-col gap-3 transition-opacity ${loading ? "opacity-60" : ""}`}
          data-testid="tasks-list"
        >
          {items.map((task) => (
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
      )}

      {list.cursor && items.length > 0 ? (
        <Flex justify="center">
          <Button variant="soft" onClick={() => void loadMore()} loading={loadingMore} data-testid="tasks-load-more">
            {t("crm.shared.actions.loadMore")}
          </Button>
        </Flex>
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
