import { Button, Select } from "@radix-ui/themes";
import { LEAD_SOURCES, PREDEFINED_TAGS } from "@worker/db/schema/enums";
import type { AssignableUserDto } from "@worker/services/crm-types";
import {
  DEFAULT_LEAD_SORT,
  hasLeadFilters,
  LEAD_PERIODS,
  LEAD_SORTS,
  type LeadFilters,
  type LeadSort,
} from "@worker/services/lead-filter-keys";
import { useId } from "react";
import { useI18n } from "~/i18n/react";
import { tagLabel } from "./tag-label";

const ALL = "all";

type FilterKey = keyof LeadFilters;

/**
 * The filters beside the search and the status (issue 20): owner ('Meus leads', a colleague,
 * 'Sem responsável'), source, created period and tag, each a select whose first choice is
 * "all", and 'Limpar filtros' when any is set. The same on the list and the pipeline; the
 * screen keeps them in the URL and remembers them per user.
 */
export function LeadFilterBar({
  filters,
  sort,
  users,
  onChange,
}: {
  filters: LeadFilters;
  /** The list's order, chosen here too (the pipeline has none). */
  sort?: LeadSort;
  users: readonly AssignableUserDto[];
  onChange: (changes: Partial<Record<FilterKey | "sort", string | null>>) => void;
}) {
  const { t } = useI18n();
  const ids = useId();
  const ownerLabel = (owner: string) =>
    owner === "me"
      ? t("crm.leads.filters.mine")
      : owner === "none"
        ? t("crm.leads.filters.unassigned")
        : (users.find((user) => user.id === owner)?.name ?? owner);
  const tags =
    filters.tag && !PREDEFINED_TAGS.some((tag) => tag.toLowerCase() === filters.tag!.toLowerCase())
      ? [...PREDEFINED_TAGS, filters.tag]
      : PREDEFINED_TAGS;

  const select = (key: FilterKey | "sort", label: string, shown: string, options: { value: string; label: string }[]) => (
    <div className="min-w-0">
      <label htmlFor={`${ids}-${key}`} className="sr-only">
        {label}
      </label>
      <Select.Root
        value={key === "sort" ? sort : (filters[key] ?? ALL)}
        onValueChange={(next) => onChange({ [key]: next === ALL || (key === "sort" && next === DEFAULT_LEAD_SORT) ? null : next })}
      >
        {/* The label as children: Radix's Select.Value shows nothing before hydration otherwise. */}
        <Select.Trigger
          id={`${ids}-${key}`}
          className="w-full"
          variant={key !== "sort" && filters[key] ? "soft" : "surface"}
          data-testid={`lead-filter-${key}`}
        >
          {shown}
        </Select.Trigger>
        <Select.Content position="popper">
          {options.map((option) => (
            <Select.Item key={option.value} value={option.value}>
              {option.label}
            </Select.Item>
          ))}
        </Select.Content>
      </Select.Root>
    </div>
  );

  return (
    <div
      role="group"
      aria-label={t("crm.leads.filters.label")}
      className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap sm:items-center"
      data-testid="lead-filters"
    >
      {select("owner", t("crm.leads.filters.owner"), filters.owner ? ownerLabel(filters.owner) : t("crm.leads.filters.allOwners"), [
        { value: ALL, label: t("crm.leads.filters.allOwners") },
        { value: "me", label: t("crm.leads.filters.mine") },
        { value: "none", label: t("crm.leads.filters.unassigned") },
        ...users.map((user) => ({ value: user.id, label: user.name })),
      ])}
      {select(
        "source",
        t("crm.leads.filters.source"),
        filters.source ? t(`crm.shared.sources.${filters.source}`) : t("crm.leads.filters.allSources"),
        [
          { value: ALL, label: t("crm.leads.filters.allSources") },
          ...LEAD_SOURCES.map((source) => ({ value: source, label: t(`crm.shared.sources.${source}`) })),
        ],
      )}
      {select(
        "period",
        t("crm.leads.filters.period"),
        filters.period ? t(`crm.leads.filters.periods.${filters.period}`) : t("crm.leads.filters.allPeriods"),
        [
          { value: ALL, label: t("crm.leads.filters.allPeriods") },
          ...LEAD_PERIODS.map((period) => ({ value: period, label: t(`crm.leads.filters.periods.${period}`) })),
        ],
      )}
      {select("tag", t("crm.leads.filters.tag"), filters.tag ? tagLabel(filters.tag, t) : t("crm.leads.filters.allTags"), [
        { value: ALL, label: t("crm.leads.filters.allTags") },
        ...tags.map((tag) => ({ value: tag, label: tagLabel(tag, t) })),
      ])}
      {sort &&
        select(
          "sort",
          t("crm.leads.sort.label"),
          // The order alone on the trigger (its label is the select's name): it fits half a phone's row.
          t(`crm.leads.sort.${sort}`),
          LEAD_SORTS.map((order) => ({ value: order, label: t(`crm.leads.sort.${order}`) })),
        )}
      {hasLeadFilters(filters) ? (
        <Button
          variant="ghost"
          color="gray"
          highContrast
          className="col-span-2 justify-self-start sm:col-span-1"
          onClick={() => onChange({ owner: null, source: null, period: null, tag: null })}
          data-testid="lead-filters-clear"
        >
          {t("crm.leads.filters.clear")}
        </Button>
      ) : null}
    </div>
  );
}
