import { EnvelopeClosedIcon, MagnifyingGlassIcon, MobileIcon, PersonIcon, PlusIcon } from "@radix-ui/react-icons";
import { Button, Callout, Card, Flex, Heading, Text, TextField } from "@radix-ui/themes";
import { canEditLead } from "@worker/auth/crm-permissions";
import type { LeadStatus } from "@worker/db/schema/enums";
import type { AssignableUserDto, LeadDto, Page } from "@worker/services/crm-types";
import {
  DEFAULT_LEAD_SORT,
  hasLeadFilters,
  LEAD_FILTER_KEYS,
  type LeadFilters as FilterValues,
  type LeadSort,
} from "@worker/services/lead-filter-keys";
import { Suspense, useEffect, useId, useRef, useState, type ReactNode } from "react";
import { lazyChunk } from "~/components/lazy-chunk";
import { Link, useLocation, useNavigate, useNavigation } from "react-router";
import { useToast } from "~/components/ui/toaster";
import { formatMoney } from "~/i18n/format";
import { useI18n } from "~/i18n/react";
import { formatPhone } from "./phone-format";
import { useAuth } from "~/modules/auth/auth-context";
import { apiClient, call, OfflineError } from "~/modules/crm/api-client";
import { StatusSelect } from "~/modules/crm/status-select";
import { LoadMoreLeads, StatusBadge, TagPreview, WhatsAppButton, withLeadParam } from "./lead-card-parts";
import { NextTask } from "./next-task";
import { saveLeadFilters } from "./leads-view";
import { keepNextTask, type LiveChange } from "./pipeline-state";
import { userLabel } from "~/modules/crm/user-label";

// The filters' selects load beside the screen (the server renders them; they hydrate when
// their code is in): the leads screen's first JavaScript stays within its budget.
const LeadFilterBar = lazyChunk(() => import("./lead-filter-bar").then((m) => ({ default: m.LeadFilterBar })));
// The table view (selection, bulk actions) loads the first time it is shown; its rows are this
// module's pages (useLoadedLeads), passed in, so the table's chunk shares no code with this one.
const LeadTable = lazyChunk(() => import("./lead-table").then((m) => ({ default: m.LeadTable })));

/** Rows per page of the table ("Carregar mais" adds as many): light with 50,000 leads. */
export const TABLE_PAGE = 50;

/** Search is sent 300 ms after the last keystroke (crm.md §9). */
const SEARCH_DEBOUNCE_MS = 300;

export type LeadListProps = {
  /** The loader's first page; null when it could not be read. */
  page: Page<LeadDto> | null;
  q: string;
  status: LeadStatus | null;
  /** The filters besides the text and status, as the URL has them. */
  filters: FilterValues;
  sort: LeadSort;
  users: readonly AssignableUserDto[];
  userId: string | null;
  /** The newest copy of leads changed on this screen (edits), by id. */
  updated: ReadonlyMap<string, LeadDto>;
  /** Changes made on other screens (live), oldest first. */
  live?: readonly LiveChange[];
  onCreate: () => void;
  onEdit: (lead: LeadDto) => void;
};

/**
 * The list view: search (debounced) and status filter, both kept in the URL with replace
 * navigation, a grid of 1/2/3 columns of cards, "Carregar mais" through the API, and the
 * two empty states.
 */
export function LeadList({ page, q, status, filters, sort, users, userId, updated, live = [], onCreate, onEdit }: LeadListProps) {
  const { t } = useI18n();
  const { leads, cursor, loadingMore, loadMore } = useLoadedLeads({ page, q, status, filters, sort, updated, live });
  const filtering = Boolean(q || status) || hasLeadFilters(filters);

  return (
    <Flex direction="column" gap="4">
      <LeadFilters q={q} status={status} filters={filters} sort={sort} users={users} userId={userId} />
      {page === null ? (
        <Callout.Root color="red" role="alert">
          <Callout.Text>{t("crm.leads.list.loadError")}</Callout.Text>
        </Callout.Root>
      ) : leads.length === 0 ? (
        <EmptyState filtering={filtering} onCreate={onCreate} />
      ) : (
        <>
          <ul
            className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3"
            aria-label={t("crm.leads.list.label")}
            data-testid="lead-list"
          >
            {leads.map((lead) => (
              <li key={lead.id} className="min-w-0">
                <LeadCard lead={lead} onEdit={onEdit} />
              </li>
            ))}
          </ul>
          <LoadMoreLeads cursor={cursor} loading={loadingMore} onLoad={loadMore} />
        </>
      )}
    </Flex>
  );
}

/**
 * The leads a list shows: the loader's first page, the pages loaded with "Carregar mais"
 * (through the API, same query), the edits made on this screen and the live changes from
 * others. Shared by the cards and the table.
 */
export function useLoadedLeads({
  page,
  q,
  status,
  filters,
  sort,
  updated,
  live = [],
  limit,
}: Pick<LeadListProps, "page" | "q" | "status" | "filters" | "sort" | "updated" | "live"> & { limit?: number }) {
  const { t } = useI18n();
  const toast = useToast();
  // `from`: the live changes that came before this page was read are in it already.
  const [more, setMore] = useState<{ source: Page<LeadDto> | null; items: LeadDto[]; cursor: string | null; from: number }>({
    source: page,
    items: [],
    cursor: page?.next_cursor ?? null,
    from: live.length,
  });
  const [loadingMore, setLoadingMore] = useState(false);
  // New loader data (another search, a revalidation): start again from its first page.
  if (more.source !== page) setMore({ source: page, items: [], cursor: page?.next_cursor ?? null, from: live.length });

  const seen = new Set<string>();
  const view = { q, status, complete: !more.cursor, sort };
  const leads = live.slice(more.from).reduce(
    (items, change) => change.list(items, view),
    [...(page?.items ?? []), ...more.items]
      .filter((lead) => !seen.has(lead.id) && seen.add(lead.id))
      .map((lead) => {
        const newer = updated.get(lead.id);
        return newer && newer.updated_at >= lead.updated_at ? keepNextTask(newer, lead) : lead;
      }),
  );

  const loadMore = async () => {
    if (!more.cursor || loadingMore) return;
    setLoadingMore(true);
    const source = page;
    try {
      const next = await call(
        apiClient.leads.$get({
          query: {
            q,
            status: status ?? undefined,
            ...filters,
            sort: sort === DEFAULT_LEAD_SORT ? undefined : sort,
            limit: limit?.toString(),
            cursor: more.cursor,
          },
        }),
      );
      setMore((current) =>
        current.source === source ? { ...current, items: [...current.items, ...next.items], cursor: next.next_cursor } : current,
      );
    } catch (error) {
      toast({
        title: t("crm.leads.list.loadError"),
        description: error instanceof OfflineError ? t("crm.shared.offline") : (error as Error).message,
        variant: "destructive",
      });
    } finally {
      setLoadingMore(false);
    }
  };
  return { leads, cursor: more.cursor, loadingMore, loadMore };
}

/** The table view: the filters, then the table (its own chunk) over this list's pages. */
export function LeadTableView(
  props: Omit<LeadListProps, "onEdit" | "onCreate"> & { onChanged: (leads: LeadDto[]) => void; onDeleted: () => void },
) {
  const loaded = useLoadedLeads({ ...props, limit: TABLE_PAGE });
  return (
    <Flex direction="column" gap="4" className="min-w-0">
      <LeadFilters q={props.q} status={props.status} filters={props.filters} sort={props.sort} users={props.users} userId={props.userId} />
      <Suspense fallback={<div className="lead-table-wrap" aria-busy="true" />}>
        <LeadTable {...props} loaded={loaded} />
      </Suspense>
    </Flex>
  );
}

/**
 * Search box, status filter and the filter bar (owner, source, period, tag); all write the
 * URL (replace), the input keeps its focus, and a filter chosen is remembered for the user.
 * Without `status` (the pipeline, whose columns are the statuses) no status filter.
 */
export function LeadFilters({
  q,
  status,
  filters = {},
  sort,
  users = [],
  userId = null,
}: {
  q: string;
  status?: LeadStatus | null;
  /** The list's order (the pipeline has none). */
  sort?: LeadSort;
  /** The filters besides the text and status (owner, source, period, tag), as the URL has them. */
  filters?: FilterValues;
  /** The owner filter's colleagues. */
  users?: readonly AssignableUserDto[];
  /** Whose choice the filters are remembered as. */
  userId?: string | null;
}) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const location = useLocation();
  const navigation = useNavigation();
  const searchId = useId();
  const statusId = useId();
  const [text, setText] = useState(q);
  // The q this box last put in the URL: a different one came from elsewhere (back button).
  const sent = useRef(q);

  useEffect(() => {
    if (q !== sent.current) {
      sent.current = q;
      setText(q);
    }
  }, [q]);

  // Likewise the status last chosen (the list only; the pipeline has no status filter).
  const sentStatus = useRef(status ?? null);
  useEffect(() => {
    sentStatus.current = status ?? null;
  }, [status]);

  // And the other filters last chosen.
  const sentFilters = useRef<Partial<Record<keyof FilterValues, string | null>>>(filters);
  useEffect(() => {
    sentFilters.current = filters;
  }, [filters]);

  // Built on the URL shown, which stays the old one until a pending navigation's loaders end:
  // the search, the status and the filters are the ones last sent, so a status chosen and then
  // a search cleared before the list caught up cannot bring the old status (or search) back.
  const setParams = (changes: Record<string, string | null>) => {
    const params = new URLSearchParams(location.search);
    if ("status" in changes) sentStatus.current = (changes.status as LeadStatus | null) ?? null;
    const filterChanges = Object.fromEntries(
      Object.entries(changes).filter(([key]) => (LEAD_FILTER_KEYS as readonly string[]).includes(key)),
    );
    sentFilters.current = { ...sentFilters.current, ...filterChanges };
    const intended = {
      q: sent.current || null,
      ...(status === undefined ? {} : { status: sentStatus.current }),
      ...Object.fromEntries(LEAD_FILTER_KEYS.map((key) => [key, sentFilters.current[key] ?? null])),
      ...changes,
    };
    for (const [key, value] of Object.entries(intended)) {
      if (value) params.set(key, value);
      else params.delete(key);
    }
    if (userId && Object.keys(filterChanges).length > 0) {
      saveLeadFilters(userId, new URLSearchParams(LEAD_FILTER_KEYS.flatMap((key) => (params.get(key) ? [[key, params.get(key)!]] : []))));
    }
    const search = params.toString();
    navigate({ search: search ? `?${search}` : "" }, { replace: true, preventScrollReset: true });
  };

  const sendSearch = (value: string) => {
    const trimmed = value.trim();
    if (trimmed === sent.current) return;
    sent.current = trimmed;
    setParams({ q: trimmed || null });
  };

  useEffect(() => {
    if (text.trim() === sent.current) return;
    const timer = window.setTimeout(() => sendSearch(text), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
    // sendSearch reads the current location; only a new text restarts the wait.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text]);

  const searching = navigation.state === "loading" && navigation.location.pathname === location.pathname;

  return (
    <Flex direction="column" gap="3">
      <Flex direction={{ initial: "column", sm: "row" }} gap="3" align={{ initial: "stretch", sm: "center" }}>
        <form
          role="search"
          className="min-w-0 flex-1"
          onSubmit={(event) => {
            event.preventDefault();
            sendSearch(text);
          }}
        >
          <label htmlFor={searchId} className="sr-only">
            {t("crm.leads.filters.search")}
          </label>
          <TextField.Root
            id={searchId}
            type="search"
            name="q"
            size="2"
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            placeholder={t("crm.leads.filters.searchPlaceholder")}
            autoComplete="off"
            maxLength={200}
          >
            <TextField.Slot>
              <MagnifyingGlassIcon aria-hidden />
            </TextField.Slot>
          </TextField.Root>
        </form>
        {status !== undefined && (
          <Flex align="center" gap="2" className="sm:w-56">
            <label htmlFor={statusId} className="sr-only">
              {t("crm.leads.filters.status")}
            </label>
            <StatusSelect
              value={status}
              onValueChange={(next: LeadStatus | null) => setParams({ status: next })}
              allLabel={t("crm.leads.filters.allStatuses")}
              id={statusId}
              className="w-full"
              data-testid="lead-status-filter"
            />
          </Flex>
        )}
        <span className="sr-only" role="status">
          {searching ? t("crm.leads.list.searching") : ""}
        </span>
      </Flex>
      <Suspense fallback={<div className="min-h-8" aria-hidden />}>
        <LeadFilterBar filters={filters} sort={sort} users={users} onChange={setParams} />
      </Suspense>
    </Flex>
  );
}

function EmptyState({ filtering, onCreate }: { filtering: boolean; onCreate: () => void }) {
  const { t } = useI18n();
  return (
    <Card size="3">
      <Flex direction="column" align="center" gap="3" py="6" className="text-center">
        <Text color="gray" data-testid="leads-empty">
          {filtering ? t("crm.leads.empty.filtered") : t("crm.leads.empty.none")}
        </Text>
        {!filtering && (
          <Button onClick={onCreate}>
            <PlusIcon aria-hidden />
            {t("crm.leads.empty.create")}
          </Button>
        )}
      </Flex>
    </Card>
  );
}

/** A building (drawn here: an icon from the shared icon chunk would weigh on every CRM page). */
function CompanyIcon() {
  return (
    <svg width="15" height="15" viewBox="0 0 15 15" fill="none" stroke="currentColor" aria-hidden>
      <path d="M2.5 13.5v-11h7v11M9.5 6.5h3v7M1 13.5h13M4.5 4.5h1M6.5 4.5h1M4.5 6.5h1M6.5 6.5h1M4.5 8.5h1M6.5 8.5h1M5.5 13.5v-2h1v2" />
    </svg>
  );
}

/** A banknote, for the estimated value (drawn here for the same reason). */
function ValueIcon() {
  return (
    <svg width="15" height="15" viewBox="0 0 15 15" fill="none" stroke="currentColor" aria-hidden>
      <rect x="1.5" y="4" width="12" height="7" rx="1" />
      <circle cx="7.5" cy="7.5" r="1.6" />
    </svg>
  );
}

function InfoRow({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 items-center gap-2">
      <dt className="shrink-0" style={{ color: "var(--gray-10)" }}>
        <span aria-hidden>{icon}</span>
        <span className="sr-only">{label}</span>
      </dt>
      <dd className="min-w-0 truncate">{children}</dd>
    </div>
  );
}

/** One lead in the list: contact lines, value, assignee, tags and its actions. */
function LeadCard({ lead, onEdit }: { lead: LeadDto; onEdit: (lead: LeadDto) => void }) {
  const { t, language } = useI18n();
  const { profile } = useAuth();
  const location = useLocation();
  const headingId = useId();
  const canEdit = Boolean(profile && canEditLead(profile, lead));
  return (
    <Card asChild size="2" className="h-full">
      <article aria-labelledby={headingId} data-testid="lead-card" data-lead-id={lead.id}>
        <Flex direction="column" gap="3" className="h-full">
          <Flex justify="between" align="start" gap="2">
            <Heading as="h2" size="3" id={headingId} className="min-w-0 break-words">
              {lead.name}
            </Heading>
            <StatusBadge status={lead.status} />
          </Flex>
          <Text as="div" size="2">
            <dl className="flex flex-col gap-1">
              {lead.company && (
                <InfoRow icon={<CompanyIcon />} label={t("crm.leads.card.company")}>
                  {lead.company}
                </InfoRow>
              )}
              {lead.email && (
                <InfoRow icon={<EnvelopeClosedIcon />} label={t("crm.leads.card.email")}>
                  {lead.email}
                </InfoRow>
              )}
              {lead.phone && (
                <InfoRow icon={<MobileIcon />} label={t("crm.leads.card.phone")}>
                  {formatPhone(lead.phone)}
                </InfoRow>
              )}
              <InfoRow icon={<ValueIcon />} label={t("crm.leads.card.value")}>
                <Text weight="bold">{formatMoney(lead.estimated_value ?? 0, language, lead.currency)}</Text>
              </InfoRow>
              <InfoRow icon={<PersonIcon />} label={t("crm.leads.card.assignee")}>
                {lead.assigned_user ? userLabel(lead.assigned_user, t) : <Text color="gray">{t("crm.leads.card.unassigned")}</Text>}
              </InfoRow>
            </dl>
          </Text>
          <NextTask task={lead.next_task} />
          <TagPreview tags={lead.tags} max={3} />
          <Flex gap="2" wrap="wrap" mt="auto" pt="1">
            <Button asChild size="2" variant="soft">
              <Link
                to={{ search: withLeadParam(location.search, lead.id) }}
                preventScrollReset
                state={{ leadOpenedHere: true }}
                data-testid="lead-details"
              >
                {t("crm.leads.card.details")}
              </Link>
            </Button>
            {canEdit && (
              <Button size="2" variant="surface" color="gray" highContrast onClick={() => onEdit(lead)} data-testid="lead-edit">
                {t("crm.leads.card.edit")}
              </Button>
            )}
            <WhatsAppButton lead={lead} />
          </Flex>
        </Flex>
      </article>
    </Card>
  );
}
