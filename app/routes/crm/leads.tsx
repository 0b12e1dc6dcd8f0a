import { PlusIcon } from "@radix-ui/react-icons";
import { Button, Callout, Flex, Text } from "@radix-ui/themes";
import { LEAD_STATUSES, type LeadStatus } from "@worker/db/schema/enums";
import { workerContext } from "@worker/router-context";
import type { LeadDto } from "@worker/services/crm-types";
import { listLeads, loadPipeline } from "@worker/services/lead-query-service";
import { listAssignableUsers } from "@worker/services/user-service";
import { Suspense, useCallback, useEffect, useMemo, useState } from "react";
import { Link, redirect, useLocation, useNavigate, useRevalidator, useSearchParams, type ShouldRevalidateFunctionArgs } from "react-router";
import { hasLeadFilters, LEAD_FILTER_KEYS, leadFiltersFrom, leadSortFrom } from "@worker/services/lead-filter-keys";
import { useToast } from "~/components/ui/toaster";
import { DEFAULT_LANGUAGE, languageFromCookie } from "~/i18n";
import { messagesFor } from "~/i18n/dictionaries.server";
import { useI18n } from "~/i18n/react";
import { requireUser } from "~/modules/auth/guards.server";
import { withLeadParam } from "~/modules/leads/lead-card-parts";
import { LeadFilters, LeadList, LeadTableView, TABLE_PAGE } from "~/modules/leads/lead-list";
import { leadsViewFor, rememberedLeadFilters, saveLeadsView, type LeadsView } from "~/modules/leads/leads-view";
import type { LiveChange } from "~/modules/leads/pipeline-state";
import { crmScreenMeta, type CrmHandle } from "~/routes/staff/crm-layout";
import type { Route } from "./+types/leads";
import { lazyChunk } from "~/components/lazy-chunk";
import { useOrg } from "~/modules/crm/org-settings";

export const handle: CrmHandle = { crmTitle: "crm.titles.leads" };
export const meta = crmScreenMeta;

// Loaded when needed: the dialogs open on demand (the pipeline fetches its dnd-kit layer itself).
const loadLeadForm = () => import("~/modules/leads/lead-form-dialog");
const LeadFormDialog = lazyChunk(() => loadLeadForm().then((m) => ({ default: m.LeadFormDialog })));
const LeadDetailDialog = lazyChunk(() => import("~/modules/lead-detail/lead-detail-dialog").then((m) => ({ default: m.LeadDetailDialog })));
// What other screens change arrives through the team room: its code loads after the page.
const LiveLeads = lazyChunk(() => import("~/modules/leads/live-leads"));
// The pipeline view is its own chunk too (server-rendered; it hydrates when its code is in):
// the list, the default view, does not carry the board's code.
const PipelineBoard = lazyChunk(() => import("~/modules/leads/pipeline-board").then((m) => ({ default: m.PipelineBoard })));

const isStatus = (value: unknown): value is LeadStatus => (LEAD_STATUSES as readonly unknown[]).includes(value);

/** A read that failed is logged and shown as the screen's load error, not as a broken page. */
async function orNull<T>(what: string, read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof Response) throw error;
    console.error(`leads screen: ${what} failed`, error);
    return null;
  }
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireUser(request, context);
  const { services } = context.get(workerContext);
  const url = new URL(request.url);
  const cookie = request.headers.get("Cookie");
  const language = languageFromCookie(cookie) ?? DEFAULT_LANGUAGE;
  const view = leadsViewFor(url.searchParams.get("view"), cookie);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 200);
  const rawStatus = url.searchParams.get("status");
  const status = isStatus(rawStatus) ? rawStatus : null;
  // No filter in the URL: the ones this user last chose, if any, put in the URL.
  if (!LEAD_FILTER_KEYS.some((key) => url.searchParams.has(key))) {
    const remembered = leadFiltersFrom(rememberedLeadFilters(cookie, viewer.user.id) ?? new URLSearchParams());
    if (hasLeadFilters(remembered)) {
      for (const key of LEAD_FILTER_KEYS) if (remembered[key]) url.searchParams.set(key, remembered[key]);
      throw redirect(`${url.pathname}?${url.searchParams}`);
    }
  }
  const filters = leadFiltersFrom(url.searchParams);
  const sort = leadSortFrom(url.searchParams);
  const listed = view !== "pipeline";
  const [list, pipeline, assignableUsers] = await Promise.all([
    listed
      ? orNull(
          "listLeads",
          listLeads(services, viewer, {
            q: q || undefined,
            status: status ?? undefined,
            ...filters,
            sort,
            limit: view === "table" ? TABLE_PAGE : undefined,
          }),
        )
      : null,
    view === "pipeline" ? orNull("loadPipeline", loadPipeline(services, viewer, { q: q || undefined, ...filters })) : null,
    orNull("listAssignableUsers", listAssignableUsers(services, viewer)),
  ]);
  return {
    view,
    q,
    status,
    filters,
    sort,
    viewerId: viewer.user.id,
    // When this data was read: the live layer asks the team room for what came after it.
    readAt: Date.now(),
    list,
    pipeline,
    loadFailed: listed ? list === null : pipeline === null,
    assignableUsers: assignableUsers ?? [],
    // crm.leadDetail: the lead detail dialog opens over this screen (?lead=<id>); crm.tasks.dialog
    // and .toasts: its 'Tarefas' tab's task dialog.
    messages: messagesFor(language, ["crm.leads", "crm.leadDetail", "crm.live", "crm.tasks.dialog", "crm.tasks.toasts"]),
  };
}

/** Opening or closing a lead's detail (?lead=) reads nothing again; everything else does. */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod || currentUrl.pathname !== nextUrl.pathname || currentUrl.search === nextUrl.search) return defaultShouldRevalidate;
  const withoutLead = (url: URL) => {
    const params = new URLSearchParams(url.search);
    params.delete("lead");
    params.sort();
    return params.toString();
  };
  return withoutLead(currentUrl) === withoutLead(nextUrl) ? false : defaultShouldRevalidate;
}

export default function LeadsScreen({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const toast = useToast();
  const location = useLocation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const revalidator = useRevalidator();
  const { view, q, status, filters, sort, viewerId, list, pipeline, loadFailed, assignableUsers } = loaderData;
  // The live layer's rule for what the screen shows (a stable object while the filters are).
  // A period starts at local midnight in the organisation's time zone (Settings → Sistema).
  const { time_zone: timeZone } = useOrg();
  const scope = useMemo(() => ({ filters, viewerId, timeZone }), [filters, viewerId, timeZone]);
  // Mounted from its first opening on, so closing it animates.
  const [form, setForm] = useState<{ open: boolean; lead: LeadDto | null; mounted: boolean }>({ open: false, lead: null, mounted: false });
  // Leads saved on this screen (form, detail dialog, pipeline), oldest first.
  const [updates, setUpdates] = useState<LeadDto[]>([]);
  const detailId = searchParams.get("lead");
  // Changes made on other screens, oldest first (the board, the list and the detail apply them).
  const [live, setLive] = useState<LiveChange[]>([]);
  const onLive = (change: LiveChange) => {
    setLive((changes) => [...changes, change]);
    // Back after a drop: read again what the screen shows (events were missed meanwhile).
    if (change.resync) void revalidator.revalidate();
  };

  // The toggle is remembered for the next visit without ?view=.
  useEffect(() => saveLeadsView(view), [view]);

  useEffect(() => {
    if (view === "pipeline" && loadFailed) toast({ title: t("crm.leads.pipeline.loadError"), variant: "destructive" });
  }, [view, loadFailed, toast, t]);

  // The form's code arrives while the screen is idle, so "Novo Lead" opens at once.
  useEffect(() => {
    const load = () => void loadLeadForm().catch(() => undefined);
    if (typeof requestIdleCallback === "function") {
      const id = requestIdleCallback(load, { timeout: 4000 });
      return () => cancelIdleCallback(id);
    }
    const id = window.setTimeout(load, 2000);
    return () => window.clearTimeout(id);
  }, []);

  const updated = useMemo(() => new Map(updates.map((lead) => [lead.id, lead])), [updates]);
  const remember = useCallback((lead: LeadDto) => setUpdates((list) => [...list, lead]), []);

  const openCreate = () => setForm({ open: true, lead: null, mounted: true });
  const openEdit = (lead: LeadDto) => setForm({ open: true, lead, mounted: true });
  const saved = (lead: LeadDto) => {
    if (form.lead) remember(lead);
    // A new lead: read the first page again (it is the newest, so it comes first).
    else void revalidator.revalidate();
  };

  // What the cards and the table both show: the loader's page, its query and what changed since.
  const listed = { page: list, q, status, filters, sort, users: assignableUsers, userId: viewerId, updated, live };

  const viewHref = (next: LeadsView) => {
    const params = new URLSearchParams(location.search);
    params.set("view", next);
    params.delete("lead");
    return `?${params.toString()}`;
  };

  // Opened from a card here: back in history (the browser's Back closes it the same way);
  // opened from a link (an e-mail, the quick search): the same screen without ?lead=.
  const closeDetail = () =>
    (location.state as { leadOpenedHere?: boolean } | null)?.leadOpenedHere
      ? navigate(-1)
      : navigate({ search: withLeadParam(location.search, null) }, { replace: true, preventScrollReset: true });

  return (
    // The pipeline fills the window below the top bar (3.5rem) and main's padding (Radix space 3 / 5); its columns scroll inside.
    <Flex
      direction="column"
      gap="5"
      className={view === "pipeline" ? "h-[calc(100dvh-5rem)] min-h-[32rem] min-w-0 sm:h-[calc(100dvh-6.5rem)]" : "min-w-0"}
    >
      <Flex direction={{ initial: "column", sm: "row" }} justify="between" align={{ initial: "stretch", sm: "center" }} gap="3">
        <Text as="p" color="gray" size="2">
          {t("crm.leads.subtitle")}
        </Text>
        <Flex gap="3" align="center" wrap="wrap">
          <Suspense fallback={null}>
            <LiveLeads q={q} scope={scope} pipeline={view === "pipeline"} since={loaderData.readAt} onChange={onLive} />
          </Suspense>
          <div role="group" aria-label={t("crm.leads.view.label")} className="flex rounded-md" data-testid="leads-view-toggle">
            {(["list", "table", "pipeline"] as const).map((option, index, options) => (
              <Button
                key={option}
                asChild
                variant={view === option ? "solid" : "soft"}
                color={view === option ? undefined : "gray"}
                className={index === 0 ? "!rounded-r-none" : index === options.length - 1 ? "!rounded-l-none" : "!rounded-none"}
              >
                <Link
                  to={viewHref(option)}
                  preventScrollReset
                  aria-current={view === option ? "page" : undefined}
                  onClick={() => saveLeadsView(option)}
                >
                  {t(`crm.leads.view.${option}`)}
                </Link>
              </Button>
            ))}
          </div>
          <Button onClick={openCreate} data-testid="new-lead" className="sm:ml-0">
            <PlusIcon aria-hidden />
            {t("crm.leads.newLead")}
          </Button>
        </Flex>
      </Flex>

      {view === "table" ? (
        <LeadTableView
          {...listed}
          onChanged={(leads) => setUpdates((current) => [...current, ...leads])}
          onDeleted={() => void revalidator.revalidate()}
        />
      ) : view === "list" ? (
        <LeadList {...listed} onCreate={openCreate} onEdit={openEdit} />
      ) : pipeline ? (
        <Flex direction="column" gap="4" className="min-h-0 min-w-0 flex-1">
          <LeadFilters q={q} filters={filters} users={assignableUsers} userId={viewerId} />
          <Suspense fallback={<div className="min-h-0 flex-1" aria-busy="true" />}>
            <PipelineBoard pipeline={pipeline} q={q} filters={filters} updates={updates} live={live} onLeadSaved={remember} />
          </Suspense>
        </Flex>
      ) : (
        <Flex direction="column" gap="3" align="start">
          <Callout.Root color="red" role="alert">
            <Callout.Text>{t("crm.leads.pipeline.loadError")}</Callout.Text>
          </Callout.Root>
          <Button variant="soft" onClick={() => void revalidator.revalidate()}>
            {t("crm.shared.actions.retry")}
          </Button>
        </Flex>
      )}

      {form.mounted && (
        <Suspense fallback={null}>
          <LeadFormDialog
            open={form.open}
            onOpenChange={(open) => setForm((current) => ({ ...current, open }))}
            lead={form.lead}
            assignableUsers={assignableUsers}
            onSaved={saved}
          />
        </Suspense>
      )}
      {detailId && (
        <Suspense fallback={null}>
          <LeadDetailDialog
            key={detailId}
            leadId={detailId}
            live={live}
            onClose={closeDetail}
            onChanged={remember}
            onDeleted={async () => {
              // The lead is gone: the screen without ?lead=, then its lists read again (a
              // ?lead= change alone reloads nothing).
              await navigate({ search: withLeadParam(location.search, null) }, { replace: true, preventScrollReset: true });
              await revalidator.revalidate();
            }}
            assignableUsers={assignableUsers}
          />
        </Suspense>
      )}
    </Flex>
  );
}

/** The screen could not load (offline, most often): said inside the frame, with a retry. */
export { CrmScreenError as ErrorBoundary } from "~/modules/crm/crm-screen-error";
