import type { PipelineColumnDto } from "@worker/services/crm-types";
import { useI18n } from "~/i18n/react";
import { formatNumber } from "~/i18n/format";

type PipelineTabsProps = {
  columns: readonly PipelineColumnDto[];
  /** The column the board shows (the leftmost one in view). */
  shown: number;
  onShow: (index: number) => void;
};

/**
 * Where the board shows fewer than six columns (a phone: one per screen): the columns' names
 * with their counts above it, all in sight (two rows of three on a phone). A button scrolls
 * the board to its column; the column in view is marked (aria-current) as the board scrolls.
 */
export function PipelineTabs({ columns, shown, onShow }: PipelineTabsProps) {
  const { t, language } = useI18n();
  return (
    <nav
      aria-label={t("crm.leads.pipeline.columnsNav")}
      className="grid grid-cols-3 gap-1 sm:flex sm:flex-wrap @min-[60rem]:hidden"
      data-testid="pipeline-tabs"
    >
      {columns.map((column, index) => (
        <button
          key={column.status}
          type="button"
          aria-current={index === shown || undefined}
          onClick={() => onShow(index)}
          className="flex items-center justify-center gap-1 rounded-md bg-(--gray-a3) px-2 py-1.5 text-xs text-(--gray-11) aria-[current=true]:bg-(--accent-a4) aria-[current=true]:font-semibold aria-[current=true]:text-(--accent-12)"
        >
          {t(`crm.leads.pipeline.columns.${column.status}`)}
          <span className="tabular-nums">{formatNumber(column.count, language)}</span>
        </button>
      ))}
    </nav>
  );
}
