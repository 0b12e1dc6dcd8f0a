// The leads table (issue 20): the list's leads as rows with sortable headers, a sticky header,
// keyboard navigation, selection with checkboxes (shift-click selects a range) and bulk actions
// on the selection. Loaded the first time the table is shown (its own chunk): the leads
// screen's first JavaScript stays within its budget.
import { Button, Callout, DropdownMenu, Flex, Popover, Text, TextField } from "@radix-ui/themes";
import { canDeleteLead } from "@worker/auth/crm-permissions";
import { LEAD_STATUSES, type LeadStatus } from "@worker/db/schema/enums";
import type { AssignableUserDto, LeadDto, Page } from "@worker/services/crm-types";
import type { BulkInput, BulkResultDto } from "@worker/services/lead-bulk-service";
import { DEFAULT_LEAD_SORT, type LeadFilters, type LeadSort } from "@worker/services/lead-filter-keys";
import { useId, useRef, useState, type KeyboardEvent } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { useToast } from "~/components/ui/toaster";
import { formatDate } from "~/i18n/format-date";
import { formatMoney, pluralForm } from "~/i18n/format";
import { useI18n } from "~/i18n/react";
import { toCsv } from "~/lib/csv";
import { saveFile } from "~/modules/crm/save-file";
import { formatPhone } from "./phone-format";
import { useAuth } from "~/modules/auth/auth-context";
import { apiClient, call, OfflineError } from "~/modules/crm/api-client";
import { LoadMoreLeads, StatusBadge, withLeadParam } from "./lead-card-parts";
import { userLabel } from "~/modules/crm/user-label";
import { useOrg } from "~/modules/crm/org-settings";

type Column = "name" | "company" | "status" | "value" | "owner" | "source" | "created" | "activity";
const COLUMNS: Column[] = ["name", "company", "status", "value", "owner", "source", "created", "activity"];

/** The order a header sorts by (a second click on 'Criado em' turns newest into oldest). */
const HEADER_SORT: Partial<Record<Column, (current: LeadSort) => LeadSort>> = {
  name: () => "name",
  value: () => "value",
  created: (current) => (current === "newest" ? "oldest" : "newest"),
  activity: () => "activity",
};
const SORTED_COLUMN: Record<LeadSort, { column: Column; dir: "ascending" | "descending" }> = {
  newest: { column: "created", dir: "descending" },
  oldest: { column: "created", dir: "ascending" },
  value: { column: "value", dir: "descending" },
  name: { column: "name", dir: "ascending" },
  activity: { column: "activity", dir: "descending" },
};

/** The rows the list's pages hold (lead-list.tsx useLoadedLeads). */
export type LoadedLeads = { leads: LeadDto[]; cursor: string | null; loadingMore: boolean; loadMore: () => Promise<void> };

/** The table of the leads the list view loads (lead-list.tsx LeadTableView: same pages, same live changes). */
export function LeadTable({
  page,
  q,
  status,
  filters,
  sort,
  users,
  loaded: { leads, cursor, loadingMore, loadMore },
  onChanged,
  onDeleted,
}: {
  /** The loader's first page; null when it could not be read. */
  page: Page<LeadDto> | null;
  q: string;
  status: LeadStatus | null;
  filters: LeadFilters;
  sort: LeadSort;
  users: readonly AssignableUserDto[];
  loaded: LoadedLeads;
  onChanged: (leads: LeadDto[]) => void;
  onDeleted: () => void;
}) {
  const { t, language } = useI18n();
  const { time_zone: timeZone } = useOrg();
  const location = useLocation();
  const navigate = useNavigate();
  const hintId = useId();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const anchor = useRef<number | null>(null);
  const [focusIndex, setFocusIndex] = useState(0);
  const rows = useRef<(HTMLTableRowElement | null)[]>([]);

  // Only what is shown can be selected (a lead gone from the list leaves the selection).
  const shownIds = new Set(leads.map((lead) => lead.id));
  const selection = leads.filter((lead) => selected.has(lead.id));
  const allSelected = leads.length > 0 && selection.length === leads.length;

  const setSort = (next: LeadSort) => {
    const params = new URLSearchParams(location.search);
    if (next === DEFAULT_LEAD_SORT) params.delete("sort");
    else params.set("sort", next);
    params.delete("lead");
    navigate({ search: `?${params}` }, { replace: true, preventScrollReset: true });
  };

  const toggle = (index: number, range: boolean) => {
    const lead = leads[index];
    if (!lead) return;
    // Read now: the updater runs later, after the anchor has moved to this row.
    const from = range ? anchor.current : null;
    setSelected((current) => {
      const next = new Set([...current].filter((id) => shownIds.has(id)));
      const on = !current.has(lead.id);
      if (from !== null) {
        const [first, last] = [Math.min(from, index), Math.max(from, index)];
        for (const row of leads.slice(first, last + 1)) {
          if (on) next.add(row.id);
          else next.delete(row.id);
        }
      } else if (on) next.add(lead.id);
      else next.delete(lead.id);
      return next;
    });
    anchor.current = index;
  };

  const focusRow = (index: number) => {
    const bounded = Math.max(0, Math.min(index, leads.length - 1));
    setFocusIndex(bounded);
    rows.current[bounded]?.focus();
  };

  const onRowKey = (event: KeyboardEvent<HTMLTableRowElement>, index: number) => {
    if (event.target !== event.currentTarget) return;
    const keys: Record<string, () => void> = {
      ArrowDown: () => focusRow(index + 1),
      ArrowUp: () => focusRow(index - 1),
      Home: () => focusRow(0),
      End: () => focusRow(leads.length - 1),
      " ": () => toggle(index, event.shiftKey),
      Enter: () =>
        navigate(
          { search: withLeadParam(location.search, leads[index]!.id) },
          { preventScrollReset: true, state: { leadOpenedHere: true } },
        ),
    };
    if ((event.key === "a" || event.key === "A") && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      setSelected(new Set(allSelected ? [] : leads.map((lead) => lead.id)));
      return;
    }
    const action = keys[event.key];
    if (action) {
      event.preventDefault();
      action();
    }
  };

  const header = (column: Column) => {
    const label = t(`crm.leads.table.columns.${column}`);
    const sortable = HEADER_SORT[column];
    const sorted = SORTED_COLUMN[sort].column === column ? SORTED_COLUMN[sort].dir : undefined;
    return (
      <th
        key={column}
        scope="col"
        aria-sort={sorted ?? (sortable ? "none" : undefined)}
        className={`lead-table-th whitespace-nowrap px-3 py-2 text-left font-medium ${column === "value" ? "text-right" : ""}`}
      >
        {sortable ? (
          <button
            type="button"
            className="lead-table-sort inline-flex items-center gap-1 rounded"
            onClick={() => setSort(sortable(sort))}
            data-testid={`lead-table-sort-${column}`}
          >
            {label}
            <span aria-hidden className={sorted ? "" : "opacity-30"}>
              {sorted === "ascending" ? "▲" : "▼"}
            </span>
          </button>
        ) : (
          label
        )}
      </th>
    );
  };

  if (page === null) {
    return (
      <Callout.Root color="red" role="alert">
        <Callout.Text>{t("crm.leads.list.loadError")}</Callout.Text>
      </Callout.Root>
    );
  }

  return (
    <Flex direction="column" gap="3">
      <BulkBar
        selection={selection}
        users={users}
        onClear={() => setSelected(new Set())}
        onDone={(result) => {
          if (result.leads.length > 0) onChanged(result.leads);
          if (result.deleted.length > 0) onDeleted();
          // What was refused stays selected, so it can be looked at (or tried again).
          setSelected(new Set(result.refused.map((refusal) => refusal.id)));
        }}
      />
      <p id={hintId} className="sr-only">
        {t("crm.leads.table.keyboardHint")}
      </p>
      <div className="lead-table-wrap" data-testid="lead-table-wrap">
        <table
          className="lead-table w-full border-collapse text-sm"
          aria-label={t("crm.leads.table.label")}
          aria-describedby={hintId}
          data-testid="lead-table"
        >
          <thead>
            <tr>
              <th scope="col" className="lead-table-th w-10 px-3 py-2">
                <input
                  type="checkbox"
                  className="lead-table-check"
                  checked={allSelected}
                  ref={(box) => {
                    if (box) box.indeterminate = selection.length > 0 && !allSelected;
                  }}
                  onChange={() => setSelected(new Set(allSelected ? [] : leads.map((lead) => lead.id)))}
                  aria-label={t("crm.leads.table.selectAll")}
                  data-testid="lead-table-select-all"
                />
              </th>
              {COLUMNS.map(header)}
            </tr>
          </thead>
          <tbody>
            {leads.length === 0 ? (
              <tr>
                <td colSpan={COLUMNS.length + 1} className="px-3 py-10 text-center">
                  <Text color="gray" data-testid="leads-empty">
                    {q || status || Object.values(filters).some(Boolean) ? t("crm.leads.empty.filtered") : t("crm.leads.empty.none")}
                  </Text>
                </td>
              </tr>
            ) : (
              leads.map((lead, index) => (
                <tr
                  key={lead.id}
                  ref={(row) => {
                    rows.current[index] = row;
                  }}
                  tabIndex={index === Math.min(focusIndex, leads.length - 1) ? 0 : -1}
                  aria-selected={selected.has(lead.id)}
                  onKeyDown={(event) => onRowKey(event, index)}
                  onFocus={() => setFocusIndex(index)}
                  className="lead-table-row"
                  data-testid="lead-row"
                  data-lead-id={lead.id}
                >
                  <td className="px-3 py-2">
                    <input
                      type="checkbox"
                      className="lead-table-check"
                      tabIndex={-1}
                      checked={selected.has(lead.id)}
                      // A click's change event is the click itself: shift held selects the range.
                      onChange={(event) => toggle(index, (event.nativeEvent as globalThis.MouseEvent).shiftKey === true)}
                      aria-label={t("crm.leads.table.selectRow", { name: lead.name })}
                      data-testid="lead-row-select"
                    />
                  </td>
                  <td className="max-w-56 px-3 py-2 font-medium">
                    <Link
                      to={{ search: withLeadParam(location.search, lead.id) }}
                      preventScrollReset
                      state={{ leadOpenedHere: true }}
                      tabIndex={-1}
                      className="lead-table-link block truncate"
                    >
                      {lead.name}
                    </Link>
                  </td>
                  <td className="max-w-48 truncate px-3 py-2">{lead.company ?? ""}</td>
                  <td className="px-3 py-2">
                    <StatusBadge status={lead.status} />
                  </td>
                  <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums">
                    {lead.estimated_value === null ? "—" : formatMoney(lead.estimated_value, language, lead.currency)}
                  </td>
                  <td className="max-w-40 truncate px-3 py-2" data-testid="lead-row-owner">
                    {lead.assigned_user ? userLabel(lead.assigned_user, t) : <Text color="gray">{t("crm.leads.card.unassigned")}</Text>}
                  </td>
                  <td className="whitespace-nowrap px-3 py-2">{t(`crm.shared.sources.${lead.source}`)}</td>
                  <td className="whitespace-nowrap px-3 py-2 tabular-nums">{formatDate(lead.created_at, language, timeZone)}</td>
                  <td className="whitespace-nowrap px-3 py-2 tabular-nums">{formatDate(lead.last_activity_at, language, timeZone)}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <LoadMoreLeads cursor={cursor} loading={loadingMore} onLoad={loadMore} />
    </Flex>
  );
}

type BulkAction = BulkInput["action"];

/** The selection's actions: assign, status, add/remove a tag, export, delete (managers and admins). */
function BulkBar({
  selection,
  users,
  onClear,
  onDone,
}: {
  selection: LeadDto[];
  users: readonly AssignableUserDto[];
  onClear: () => void;
  onDone: (result: BulkResultDto) => void;
}) {
  const { t, language } = useI18n();
  const toast = useToast();
  const { profile } = useAuth();
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const count = selection.length;
  if (count === 0) return null;
  const plural = (key: string, n: number, params: Record<string, string | number> = {}) =>
    t(`${key}.${pluralForm(language, n)}` as Parameters<typeof t>[0], { count: n, ...params });

  const run = async (action: BulkAction) => {
    setBusy(true);
    try {
      const result = await call(apiClient.leads.bulk.$post({ json: { ids: selection.map((lead) => lead.id), action } }));
      const reasons = (["forbidden", "not_found", "changed"] as const)
        .map((reason) => [reason, result.refused.filter((r) => r.reason === reason).length] as const)
        .filter(([, n]) => n > 0)
        .map(([reason, n]) => t(`crm.leads.bulk.reasons.${reason}`, { count: n }))
        .join(", ");
      const title =
        result.changed === 0
          ? result.refused.length > 0
            ? plural("crm.leads.bulk.refused", result.refused.length, { reasons })
            : t("crm.leads.bulk.nothing")
          : action.type === "delete"
            ? plural("crm.leads.bulk.deleted", result.changed)
            : plural("crm.leads.bulk.done", result.changed);
      toast({
        title,
        description:
          result.changed > 0 && result.refused.length > 0
            ? plural("crm.leads.bulk.refused", result.refused.length, { reasons })
            : undefined,
        variant: result.refused.length > 0 && result.changed === 0 ? "destructive" : undefined,
      });
      onDone(result);
    } catch (error) {
      toast({
        title: t("crm.leads.bulk.failed"),
        description: error instanceof OfflineError ? t("crm.shared.offline") : (error as Error).message,
        variant: "destructive",
      });
    } finally {
      setBusy(false);
    }
  };

  const exportCsv = () => {
    const columns = [
      "name",
      "email",
      "phone",
      "company",
      "status",
      "value",
      "currency",
      "owner",
      "source",
      "tags",
      "created",
      "activity",
    ] as const;
    const csv = toCsv(
      columns.map((column) => t(`crm.leads.bulk.csv.${column}`)),
      selection.map((lead) => [
        lead.name,
        lead.email,
        lead.phone && formatPhone(lead.phone),
        lead.company,
        t(`crm.shared.statuses.${lead.status}`),
        lead.estimated_value,
        lead.currency,
        lead.assigned_user?.name,
        t(`crm.shared.sources.${lead.source}`),
        lead.tags.join(", "),
        lead.created_at,
        lead.last_activity_at,
      ]),
      language,
    );
    saveFile(new Blob([csv], { type: "text/csv;charset=utf-8" }), `leads-${new Date().toISOString().slice(0, 10)}.csv`);
    toast({ title: plural("crm.leads.bulk.exported", count) });
  };

  return (
    <div role="toolbar" aria-label={t("crm.leads.bulk.label")} aria-busy={busy} className="lead-bulk-bar" data-testid="lead-bulk-bar">
      <Text size="2" weight="bold" role="status" data-testid="lead-bulk-count">
        {busy ? t("crm.leads.bulk.working", { count }) : plural("crm.leads.bulk.selected", count)}
      </Text>
      <ActionMenu
        label={t("crm.leads.bulk.assign")}
        testId="lead-bulk-assign"
        disabled={busy}
        items={[
          { key: "none", label: t("crm.leads.filters.unassigned"), act: () => run({ type: "assign", assigned_to: null }) },
          ...users.map((user) => ({ key: user.id, label: user.name, act: () => run({ type: "assign", assigned_to: user.id }) })),
        ]}
      />
      <ActionMenu
        label={t("crm.leads.bulk.status")}
        testId="lead-bulk-status"
        disabled={busy}
        items={LEAD_STATUSES.map((next) => ({
          key: next,
          label: t(`crm.shared.statuses.${next}`),
          act: () => run({ type: "status", status: next }),
        }))}
      />
      <TagAction kind="tag_add" disabled={busy} onApply={(tag) => run({ type: "tag_add", tag })} />
      <TagAction kind="tag_remove" disabled={busy} onApply={(tag) => run({ type: "tag_remove", tag })} />
      <Button variant="surface" color="gray" highContrast onClick={exportCsv} disabled={busy} data-testid="lead-bulk-export">
        {t("crm.leads.bulk.export")}
      </Button>
      {profile && canDeleteLead(profile) && (
        <Button variant="soft" color="red" onClick={() => setConfirming(true)} disabled={busy} data-testid="lead-bulk-delete">
          {t("crm.leads.bulk.delete")}
        </Button>
      )}
      <Button variant="ghost" color="gray" highContrast onClick={onClear} disabled={busy} data-testid="lead-bulk-clear">
        {t("crm.leads.bulk.clear")}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={t("crm.leads.bulk.confirmDelete.title")}
        description={plural("crm.leads.bulk.confirmDelete.description", count)}
        confirm={t("crm.leads.bulk.confirmDelete.confirm")}
        confirming={t("crm.leads.bulk.working", { count })}
        onConfirm={async () => {
          await run({ type: "delete" });
          setConfirming(false);
        }}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}

/** A bulk action with a choice ('Atribuir a...', 'Mudar status...'): a menu that runs the chosen item. */
function ActionMenu({
  label,
  testId,
  disabled,
  items,
}: {
  label: string;
  testId: string;
  disabled: boolean;
  items: { key: string; label: string; act: () => Promise<void> }[];
}) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger disabled={disabled}>
        <Button variant="surface" color="gray" highContrast data-testid={testId}>
          {label}
          <DropdownMenu.TriggerIcon />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content>
        {items.map((item) => (
          <DropdownMenu.Item key={item.key} onSelect={() => void item.act()}>
            {item.label}
          </DropdownMenu.Item>
        ))}
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}

/** 'Adicionar tag' / 'Remover tag': a small popover with the tag's field. */
function TagAction({
  kind,
  disabled,
  onApply,
}: {
  kind: "tag_add" | "tag_remove";
  disabled: boolean;
  onApply: (tag: string) => Promise<void>;
}) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const [tag, setTag] = useState("");
  const fieldId = useId();
  const label = t(kind === "tag_add" ? "crm.leads.bulk.addTag" : "crm.leads.bulk.removeTag");
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger>
        <Button variant="surface" color="gray" highContrast disabled={disabled} data-testid={`lead-bulk-${kind}`}>
          {label}
        </Button>
      </Popover.Trigger>
      <Popover.Content size="2" maxWidth="280px" aria-label={label}>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (!tag.trim()) return;
            setOpen(false);
            void onApply(tag.trim()).then(() => setTag(""));
          }}
        >
          <Flex direction="column" gap="2">
            <label htmlFor={fieldId}>
              <Text size="2" weight="medium">
                {t("crm.leads.bulk.tagLabel")}
              </Text>
            </label>
            <TextField.Root
              id={fieldId}
              value={tag}
              onChange={(event) => setTag(event.currentTarget.value)}
              placeholder={t("crm.leads.bulk.tagPlaceholder")}
              maxLength={50}
              required
              autoFocus
              data-testid="lead-bulk-tag-input"
            />
            <Flex gap="2" justify="end">
              <Button type="button" variant="soft" color="gray" onClick={() => setOpen(false)}>
                {t("crm.leads.bulk.cancel")}
              </Button>
              <Button type="submit" data-testid="lead-bulk-tag-apply">
                {label}
              </Button>
            </Flex>
          </Flex>
        </form>
      </Popover.Content>
    </Popover.Root>
  );
}
