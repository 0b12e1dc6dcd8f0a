import { Badge, Button, Flex, Heading, Text } from "@radix-ui/themes";
import type { LeadDto, PipelineColumnDto } from "@worker/services/crm-types";
import type { HTMLAttributes, ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { formatMoney, formatNumber, pluralForm } from "~/i18n/format";
import { useI18n } from "~/i18n/react";
import { formatSums, hasSums } from "./money-sums";
import { EmailButton, formatDayMonth, LEAD_STATUS_COLORS, TagPreview, WhatsAppButton, withLeadParam } from "./lead-card-parts";
import { NextTask } from "./next-task";
import { userLabel } from "~/modules/crm/user-label";
import { useOrg } from "~/modules/crm/org-settings";

// What the pipeline looks like, without drag and drop: the server renders these, and the
// drag-and-drop layer (pipeline-dnd.tsx, loaded after the page) wraps the same views.

export type ColumnViewProps = {
  column: PipelineColumnDto;
  loading: boolean;
  onLoadMore: () => void;
  /** The card of each lead (draggable once drag and drop is loaded). */
  renderCard: (lead: LeadDto) => ReactNode;
  dropRef?: (node: HTMLElement | null) => void;
  isOver?: boolean;
};

/** One status: name, count, value sum (when above 0), its cards in a scroll area as tall as the board allows, "Carregar mais". */
export function PipelineColumnView({ column, loading, onLoadMore, renderCard, dropRef, isOver = false }: ColumnViewProps) {
  const { t, language } = useI18n();
  const { currency } = useOrg();
  const headingId = `pipeline-column-${column.status}`;
  return (
    <section
      ref={dropRef}
      aria-labelledby={headingId}
      data-testid={`pipeline-column-${column.status}`}
      data-over={isOver ? "true" : undefined}
      // `relative`: screen-reader-only text inside stays inside the board's scroll box.
      // One per screen on phones, 18rem where the board scrolls sideways, a sixth of a wide board.
      className="relative flex w-full shrink-0 snap-start flex-col rounded-lg border sm:w-72 @min-[60rem]:w-auto @min-[60rem]:min-w-0"
      style={{
        background: isOver ? "var(--accent-a3)" : "var(--gray-a2)",
        borderColor: isOver ? "var(--accent-8)" : "var(--gray-a5)",
      }}
    >
      <Flex direction="column" gap="1" p="3" className="border-b @min-[60rem]:!p-2" style={{ borderColor: "var(--gray-a5)" }}>
        <Flex align="center" justify="between" gap="2">
          <Flex align="center" gap="2" className="min-w-0 @min-[60rem]:!gap-1.5">
            <span
              aria-hidden
              className="size-2.5 shrink-0 rounded-full"
              style={{ background: `var(--${LEAD_STATUS_COLORS[column.status]}-9)` }}
            />
            <Heading as="h2" size="3" id={headingId} truncate className="@min-[60rem]:!text-[13px]">
              {t(`crm.leads.pipeline.columns.${column.status}`)}
            </Heading>
          </Flex>
          <Badge variant="soft" color="gray" data-testid="pipeline-column-count">
            <span aria-hidden>{formatNumber(column.count, language)}</span>
            <span className="sr-only">
              {t(`crm.leads.pipeline.count.${pluralForm(language, column.count)}`, { count: formatNumber(column.count, language) })}
            </span>
          </Badge>
        </Flex>
        {hasSums(column.value_sum, column.other_sums) && (
          <Text size="1" color="gray" data-testid="pipeline-column-sum">
            {t("crm.leads.pipeline.total", { value: formatSums(column.value_sum, column.other_sums, language, currency) })}
          </Text>
        )}
      </Flex>
      {/* As tall as the board leaves; the column scrolls inside. */}
      <div className="relative min-h-0 flex-1 overflow-y-auto p-2 @min-[60rem]:p-1">
        {column.leads.length === 0 ? (
          <Text as="p" size="1" color="gray" align="center" className="py-6">
            {t("crm.leads.pipeline.emptyColumn")}
          </Text>
        ) : (
          <ul className="flex flex-col gap-2">
            {column.leads.map((lead) => (
              <li key={lead.id}>{renderCard(lead)}</li>
            ))}
          </ul>
        )}
        {column.next_cursor && (
          <Flex justify="center" pt="2">
            <Button size="1" variant="soft" onClick={onLoadMore} loading={loading}>
              {t("crm.shared.actions.loadMore")}
            </Button>
          </Flex>
        )}
      </div>
    </section>
  );
}

type CardViewProps = {
  lead: LeadDto;
  /** The copy that follows the pointer while dragging (no actions, hidden from screen readers). */
  overlay?: boolean;
  dragging?: boolean;
  nodeRef?: (node: HTMLElement | null) => void;
  cardProps?: HTMLAttributes<HTMLElement>;
  /** The drag handle; until drag and drop is loaded, a space of its size. */
  handle?: ReactNode;
};

/** A pipeline card: name, company, value, assignee, 2 tags, date dd/MM, Ver, WhatsApp, e-mail. */
export function PipelineCardView({ lead, overlay = false, dragging = false, nodeRef, cardProps, handle }: CardViewProps) {
  const { t, language } = useI18n();
  const { time_zone: timeZone } = useOrg();
  const location = useLocation();
  return (
    <article
      ref={nodeRef}
      {...cardProps}
      aria-label={overlay ? undefined : lead.name}
      aria-hidden={overlay || undefined}
      data-testid={overlay ? "pipeline-card-overlay" : "pipeline-card"}
      data-lead-id={lead.id}
      className={`flex flex-col gap-1.5 rounded-md border p-3 @min-[60rem]:p-2 ${cardProps ? "cursor-grab touch-manipulation select-none" : ""} ${
        overlay ? "cursor-grabbing shadow-lg" : ""
      }`}
      style={{
        background: "var(--color-panel-solid)",
        borderColor: overlay ? "var(--accent-8)" : "var(--gray-a5)",
        opacity: dragging ? 0.4 : 1,
      }}
    >
      <Flex justify="between" align="start" gap="2">
        <Heading as="h3" size="2" className="min-w-0 break-words">
          {lead.name}
        </Heading>
        {handle ?? <span aria-hidden className="size-6 shrink-0" />}
      </Flex>
      {lead.company && (
        <Text size="1" color="gray" truncate>
          {lead.company}
        </Text>
      )}
      <Text size="2" weight="bold">
        {formatMoney(lead.estimated_value ?? 0, language, lead.currency)}
      </Text>
      {/* The date beside the assignee, so a narrow card's buttons fit on one line. */}
      <Flex justify="between" gap="2">
        <Text size="1" color="gray" truncate>
          {lead.assigned_user ? userLabel(lead.assigned_user, t) : t("crm.leads.card.unassigned")}
        </Text>
        <Text size="1" color="gray" className="shrink-0">
          <time
            dateTime={lead.created_at}
            title={t("crm.leads.card.createdAt", { date: formatDayMonth(lead.created_at, language, timeZone) })}
          >
            {formatDayMonth(lead.created_at, language, timeZone)}
          </time>
        </Text>
      </Flex>
      <NextTask task={lead.next_task} />
      <TagPreview tags={lead.tags} max={2} />
      {!overlay && (
        <Flex justify="end" align="center" gap="2" mt="1">
          <Button asChild size="1" variant="soft">
            <Link
              to={{ search: withLeadParam(location.search, lead.id) }}
              preventScrollReset
              state={{ leadOpenedHere: true }}
              data-testid="pipeline-card-view"
            >
              {t("crm.leads.card.view")}
            </Link>
          </Button>
          <WhatsAppButton lead={lead} compact />
          <EmailButton lead={lead} />
        </Flex>
      )}
    </article>
  );
}
