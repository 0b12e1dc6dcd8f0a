import { DownloadIcon, ExclamationTriangleIcon } from "@radix-ui/react-icons";
import { Button, Callout, Flex, Text } from "@radix-ui/themes";
import type { RefObject } from "react";
import { useI18n } from "~/i18n/react";
import { formatNumber } from "~/i18n/format";
import { describeError } from "~/modules/crm/submit-failure";
import { failedRowsUrl } from "./import-api.ts";
import { ImportStats, StepActions, StepHeading, StepNote } from "./import-parts.tsx";
import type { CommitState } from "./use-import-commit.ts";

/**
 * Step 4: the batches being written ('X de Y' over a progress bar); a batch that failed (a
 * dropped connection) with 'Tentar novamente', which carries on; then the summary: created,
 * updated, unchanged, failed, and the failed rows as a CSV with their reasons.
 */
export function CommitStep({
  headingRef,
  state,
  onRetry,
  onAnother,
  onDone,
}: {
  headingRef: RefObject<HTMLHeadingElement | null>;
  state: CommitState;
  onRetry: () => void;
  onAnother: () => void;
  onDone: () => void;
}) {
  const { t, language } = useI18n();
  const { dto } = state;
  const figures = {
    done: formatNumber(Math.min(dto.processed, dto.rows), language),
    total: formatNumber(dto.rows, language),
  };

  if (state.phase === "done") {
    return (
      <Flex direction="column" gap="4" data-testid="import-summary">
        <StepHeading headingRef={headingRef}>{t("crm.settings.system.dataImport.summary.heading")}</StepHeading>
        <Text as="p" size="2" color="gray" className="break-words">
          {dto.file_name}
        </Text>
        <ImportStats
          label={t("crm.settings.system.dataImport.summary.counts.label")}
          items={[
            { key: "created", label: t("crm.settings.system.dataImport.summary.counts.created"), value: dto.created, tone: "green" },
            { key: "updated", label: t("crm.settings.system.dataImport.summary.counts.updated"), value: dto.updated, tone: "blue" },
            { key: "skipped", label: t("crm.settings.system.dataImport.summary.counts.skipped"), value: dto.skipped, tone: "gray" },
            {
              key: "failed",
              label: t("crm.settings.system.dataImport.summary.counts.failed"),
              value: dto.failed,
              tone: "red",
            },
          ]}
        />
        {dto.failed > 0 ? (
          <Flex direction="column" gap="2" align="start">
            <StepNote>{t("crm.settings.system.dataImport.summary.failedHint")}</StepNote>
            <Button asChild variant="surface">
              <a href={failedRowsUrl(dto.id)} download data-testid="import-failed-csv">
                <DownloadIcon aria-hidden="true" />
                {t("crm.settings.system.dataImport.summary.download")}
              </a>
            </Button>
          </Flex>
        ) : null}
        <StepActions
          back={
            <Button type="button" variant="soft" color="gray" onClick={onAnother} data-testid="import-another">
              {t("crm.settings.system.dataImport.summary.another")}
            </Button>
          }
          next={
            <Button type="button" onClick={onDone} data-testid="import-done">
              {t("crm.settings.system.dataImport.summary.done")}
            </Button>
          }
        />
      </Flex>
    );
  }

  const percent = dto.rows ? Math.round((Math.min(dto.processed, dto.rows) / dto.rows) * 100) : 0;
  return (
    <Flex direction="column" gap="4" data-testid="import-progress">
      <StepHeading headingRef={headingRef}>{t("crm.settings.system.dataImport.commit.heading")}</StepHeading>
      <Flex direction="column" gap="2">
        {/* A bar of its own rather than Radix's Progress: every Radix component an app uses goes into
            the one Radix chunk each staff page loads (vite.config.ts), +0.9 KB gzip on all of them. */}
        <div
          role="progressbar"
          aria-label={t("crm.settings.system.dataImport.commit.progressLabel")}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={t("crm.settings.system.dataImport.commit.progress", figures)}
          className="h-3 w-full overflow-hidden rounded-full"
          style={{ background: "var(--gray-a4)" }}
          data-testid="import-progress-bar"
        >
          <div
            className="h-full rounded-full transition-[width] duration-300"
            style={{ width: `${percent}%`, background: state.phase === "failed" ? "var(--red-9)" : "var(--accent-9)" }}
          />
        </div>
        <Flex justify="between" gap="3" wrap="wrap">
          <Text size="2" weight="medium" className="tabular-nums" data-testid="import-progress-text">
            {t("crm.settings.system.dataImport.commit.progress", figures)}
          </Text>
          <Text size="2" color="gray" className="tabular-nums" aria-hidden="true">
            {percent}%
          </Text>
        </Flex>
      </Flex>
      {state.phase === "failed" ? (
        <>
          <Callout.Root color="red" role="alert" data-testid="import-commit-error">
            <Callout.Icon>
              <ExclamationTriangleIcon />
            </Callout.Icon>
            <Callout.Text>
              <Text weight="bold">{t("crm.settings.system.dataImport.commit.failed")}</Text>
              <br />
              {describeError(state.error, t, t("errorScreen.message"))}
              <br />
              {t("crm.settings.system.dataImport.commit.failedHint", figures)}
            </Callout.Text>
          </Callout.Root>
          <StepActions
            next={
              <Button type="button" onClick={onRetry} data-testid="import-commit-retry">
                {t("crm.settings.system.dataImport.commit.retry")}
              </Button>
            }
          />
        </>
      ) : (
        <StepNote>{t("crm.settings.system.dataImport.commit.keepOpen")}</StepNote>
      )}
    </Flex>
  );
}
