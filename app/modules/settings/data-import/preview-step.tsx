import { ExclamationTriangleIcon } from "@radix-ui/react-icons";
import { Badge, Button, Callout, Flex, Select, Spinner, Text } from "@radix-ui/themes";
import { useId, type RefObject } from "react";
import { LEAD_SOURCES, LEAD_STATUSES, type LeadSource, type LeadStatus } from "@worker/db/schema/enums";
import { IMPORT_MODES, type ImportMode } from "@worker/services/lead-import-columns";
import { useI18n } from "~/i18n/react";
import { formatMoney, formatNumber, pluralForm } from "~/i18n/format";
import { describeError } from "~/modules/crm/submit-failure";
import type { ImportDto, ImportValues } from "./import-api.ts";
import { ImportStats, StepActions, StepHeading, StepNote } from "./import-parts.tsx";

/** The server's preview of the uploaded file: on its way, refused or failed, or read. */
export type PreviewState = { phase: "loading" } | { phase: "failed"; error: unknown } | { phase: "ready"; dto: ImportDto };

/** The issues list shows this many at most (the server sends the first 200). */
const ISSUES_SHOWN = 200;
const NO_MATCH = "none";

/** How many rows 'Importar N leads' writes: every valid row, or only the new ones when matches are skipped. */
export const rowsToImport = (dto: ImportDto, mode: ImportMode) => (mode === "skip" ? dto.new : dto.valid);

type PreviewProps = {
  headingRef: RefObject<HTMLHeadingElement | null>;
  fileName: string;
  state: PreviewState;
  mode: ImportMode;
  onModeChange: (mode: ImportMode) => void;
  values: ImportValues;
  onValuesChange: (values: ImportValues) => void;
  onReanalyse: () => void;
  onRetry: () => void;
  onBack: () => void;
  onImport: () => void;
};

/**
 * Step 3: what the server read (nothing written yet): rows read, to be created, matching an
 * existing lead by e-mail (and what to do with them: complete empty fields, overwrite, or
 * skip), with errors, repeated e-mails; how many rows have no e-mail (always created); the first
 * valid rows as they will be stored (a wrong encoding or a misread number shows here); the
 * problems with their line and reason; values the CRM does not know, each mappable to a status
 * or source before analysing again; 'Importar N leads'.
 */
export function PreviewStep(props: PreviewProps) {
  const { t } = useI18n();
  // One heading for every phase (the same element: the focus it took stays when the preview arrives).
  return (
    <Flex direction="column" gap="4">
      <div>
        <StepHeading headingRef={props.headingRef}>{t("crm.settings.system.dataImport.preview.heading")}</StepHeading>
        <StepNote>{t("crm.settings.system.dataImport.preview.nothingWritten")}</StepNote>
      </div>
      <PreviewContent {...props} />
    </Flex>
  );
}

function PreviewContent({
  fileName,
  state,
  mode,
  onModeChange,
  values,
  onValuesChange,
  onReanalyse,
  onRetry,
  onBack,
  onImport,
}: PreviewProps) {
  const { t, language } = useI18n();
  const ids = useId();
  const back = (
    <Button type="button" variant="soft" color="gray" onClick={onBack} data-testid="import-back">
      {t("crm.settings.system.dataImport.preview.back")}
    </Button>
  );

  if (state.phase === "loading") {
    return (
      <Flex direction="column" gap="3" aria-busy="true">
        <Flex align="center" gap="2" role="status">
          <Spinner />
          <Text size="2" className="min-w-0 break-all">
            {t("crm.settings.system.dataImport.preview.analysing", { file: fileName })}
          </Text>
        </Flex>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-5" aria-hidden="true">
          {[0, 1, 2, 3, 4].map((i) => (
            <div key={i} className="h-[76px] animate-pulse rounded-lg" style={{ background: "var(--gray-a3)" }} />
          ))}
        </div>
        <StepActions back={back} />
      </Flex>
    );
  }

  if (state.phase === "failed") {
    return (
      <Flex direction="column" gap="3">
        <Callout.Root color="red" role="alert" data-testid="import-preview-error">
          <Callout.Icon>
            <ExclamationTriangleIcon />
          </Callout.Icon>
          <Callout.Text>
            <Text weight="bold">{t("crm.settings.system.dataImport.preview.failed")}</Text>
            <br />
            {describeError(state.error, t, t("errorScreen.message"))}
          </Callout.Text>
        </Callout.Root>
        <StepActions
          back={back}
          next={
            <Button type="button" onClick={onRetry} data-testid="import-preview-retry">
              {t("crm.settings.system.dataImport.commit.retry")}
            </Button>
          }
        />
      </Flex>
    );
  }

  const { dto } = state;
  const count = rowsToImport(dto, mode);
  const unknown = [
    ...dto.unknown_values.status.map((raw) => ({ kind: "status" as const, raw })),
    ...dto.unknown_values.source.map((raw) => ({ kind: "source" as const, raw })),
  ];
  const mappedUnknown = unknown.some(({ kind, raw }) => values[kind][raw]);
  const setValue = (kind: "status" | "source", raw: string, value: string) => {
    const next: ImportValues = { status: { ...values.status }, source: { ...values.source } };
    if (value === NO_MATCH) delete next[kind][raw];
    else if (kind === "status") next.status[raw] = value as LeadStatus;
    else next.source[raw] = value as LeadSource;
    onValuesChange(next);
  };

  return (
    <Flex direction="column" gap="4" data-testid="import-preview">
      <ImportStats
        label={t("crm.settings.system.dataImport.preview.counts.label")}
        items={[
          { key: "rows", label: t("crm.settings.system.dataImport.preview.counts.rows"), value: dto.rows, tone: "gray" },
          { key: "new", label: t("crm.settings.system.dataImport.preview.counts.new"), value: dto.new, tone: "green" },
          { key: "matches", label: t("crm.settings.system.dataImport.preview.counts.matches"), value: dto.matches, tone: "blue" },
          {
            key: "invalid",
            label: t("crm.settings.system.dataImport.preview.counts.invalid"),
            value: dto.invalid,
            tone: "red",
          },
          {
            key: "duplicates",
            label: t("crm.settings.system.dataImport.preview.counts.duplicates"),
            value: dto.duplicates,
            tone: "amber",
          },
        ]}
      />

      {dto.without_email > 0 ? (
        // No icon: a Radix icon no other screen uses would join the Radix chunk every staff page loads.
        <Callout.Root color="blue" highContrast data-testid="import-without-email">
          <Callout.Text>
            {t(`crm.settings.system.dataImport.preview.withoutEmail.${pluralForm(language, dto.without_email)}`, {
              count: formatNumber(dto.without_email, language),
            })}
          </Callout.Text>
        </Callout.Root>
      ) : null}

      {dto.sample.length ? <SampleRows sample={dto.sample} /> : null}

      {dto.matches > 0 ? (
        <fieldset className="m-0 flex min-w-0 flex-col gap-2 border-0 p-0">
          <legend className="mb-2 p-0 text-sm font-medium" style={{ color: "var(--gray-12)" }} data-testid="import-mode-question">
            {t(`crm.settings.system.dataImport.preview.matches.${pluralForm(language, dto.matches)}`, {
              count: formatNumber(dto.matches, language),
            })}
          </legend>
          <div className="grid gap-2 sm:grid-cols-3" data-testid="import-mode">
            {IMPORT_MODES.map((option) => (
              <label
                key={option}
                className="flex cursor-pointer items-start gap-2 rounded-lg p-3"
                style={{
                  boxShadow: mode === option ? "inset 0 0 0 2px var(--accent-9)" : "inset 0 0 0 1px var(--gray-a6)",
                  background: mode === option ? "var(--accent-a2)" : undefined,
                }}
                data-testid={`import-mode-${option}`}
              >
                <input
                  type="radio"
                  name={`${ids}-mode`}
                  value={option}
                  checked={mode === option}
                  onChange={() => onModeChange(option)}
                  aria-describedby={`${ids}-mode-${option}`}
                  className="mt-0.5 size-4 shrink-0 cursor-pointer"
                  style={{ accentColor: "var(--accent-9)" }}
                  data-testid={`import-mode-${option}-radio`}
                />
                <span className="flex min-w-0 flex-col gap-1">
                  <Text size="2" weight="medium">
                    {t(`crm.settings.system.dataImport.preview.modes.${option}.label`)}
                  </Text>
                  <Text size="1" color="gray" id={`${ids}-mode-${option}`}>
                    {t(`crm.settings.system.dataImport.preview.modes.${option}.hint`)}
                  </Text>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}

      {unknown.length ? (
        <Callout.Root color="amber" data-testid="import-unknown-values">
          <Callout.Icon>
            <ExclamationTriangleIcon />
          </Callout.Icon>
          <div className="flex min-w-0 flex-col gap-3" style={{ gridColumn: "2" }}>
            <div>
              <Text as="p" size="2" weight="bold">
                {t("crm.settings.system.dataImport.preview.unknown.title")}
              </Text>
              <Text as="p" size="2">
                {t("crm.settings.system.dataImport.preview.unknown.hint")}
              </Text>
            </div>
            <ul className="m-0 flex list-none flex-col gap-2 p-0">
              {unknown.map(({ kind, raw }) => {
                const label = t(`crm.settings.system.dataImport.preview.unknown.${kind}`, { value: raw });
                const options = kind === "status" ? LEAD_STATUSES : LEAD_SOURCES;
                const chosen = values[kind][raw];
                const optionLabel = (value: string) =>
                  kind === "status" ? t(`crm.shared.statuses.${value as LeadStatus}`) : t(`crm.shared.sources.${value as LeadSource}`);
                return (
                  <li key={`${kind}:${raw}`} className="grid gap-1 sm:grid-cols-[minmax(0,1fr)_14rem] sm:items-center sm:gap-3">
                    <Text size="2" className="truncate" title={label}>
                      {label}
                    </Text>
                    <Select.Root value={chosen ?? NO_MATCH} onValueChange={(value) => setValue(kind, raw, value)}>
                      <Select.Trigger aria-label={label} className="w-full" data-testid={`import-value-${kind}-${raw}`}>
                        {chosen ? optionLabel(chosen) : t("crm.settings.system.dataImport.preview.unknown.none")}
                      </Select.Trigger>
                      <Select.Content position="popper">
                        <Select.Item value={NO_MATCH}>{t("crm.settings.system.dataImport.preview.unknown.none")}</Select.Item>
                        <Select.Separator />
                        {options.map((option) => (
                          <Select.Item key={option} value={option}>
                            {optionLabel(option)}
                          </Select.Item>
                        ))}
                      </Select.Content>
                    </Select.Root>
                  </li>
                );
              })}
            </ul>
            <div>
              <Button type="button" variant="surface" onClick={onReanalyse} disabled={!mappedUnknown} data-testid="import-reanalyse">
                {t("crm.settings.system.dataImport.preview.unknown.apply")}
              </Button>
            </div>
          </div>
        </Callout.Root>
      ) : null}

      <section aria-labelledby={`${ids}-issues`} className="flex flex-col gap-2">
        <Text as="p" size="2" weight="medium" id={`${ids}-issues`}>
          {t("crm.settings.system.dataImport.preview.issues.title")}
        </Text>
        {dto.issues.length ? (
          <>
            <ol
              className="m-0 max-h-64 list-none overflow-y-auto rounded-lg p-0"
              style={{ boxShadow: "inset 0 0 0 1px var(--gray-a5)" }}
              // Scrollable: reachable with the keyboard to scroll it.
              tabIndex={0}
              aria-labelledby={`${ids}-issues`}
              data-testid="import-issues"
            >
              {dto.issues.slice(0, ISSUES_SHOWN).map((issue, index) => (
                <li
                  key={`${issue.line}-${issue.field ?? ""}-${index}`}
                  className="flex flex-wrap items-baseline gap-x-2 gap-y-1 px-3 py-2"
                  style={index > 0 ? { borderTop: "1px solid var(--gray-a4)" } : undefined}
                  data-testid="import-issue"
                  data-line={issue.line}
                >
                  <Text size="2" weight="medium" className="tabular-nums">
                    {t("crm.settings.system.dataImport.preview.issues.line", { line: formatNumber(issue.line, language) })}
                  </Text>
                  {issue.field ? (
                    <Badge color="gray" variant="soft" size="1">
                      {t(`crm.settings.system.dataImport.fields.${issue.field}`)}
                    </Badge>
                  ) : null}
                  <Text size="2" color="gray" className="min-w-0 basis-full break-words sm:basis-auto sm:flex-1">
                    {issue.message}
                  </Text>
                </li>
              ))}
            </ol>
            {dto.issues.length >= ISSUES_SHOWN ? (
              <Text as="p" size="1" color="gray">
                {t("crm.settings.system.dataImport.preview.issues.more", { shown: formatNumber(ISSUES_SHOWN, language) })}
              </Text>
            ) : null}
          </>
        ) : (
          <Text as="p" size="2" color="gray" data-testid="import-no-issues">
            {t("crm.settings.system.dataImport.preview.issues.none")}
          </Text>
        )}
      </section>

      {dto.valid === 0 ? (
        <Callout.Root color="red" data-testid="import-nothing">
          <Callout.Icon>
            <ExclamationTriangleIcon />
          </Callout.Icon>
          {/* With values to map, the way on is the box above, not another file. */}
          <Callout.Text>
            {t(unknown.length ? "crm.settings.system.dataImport.preview.nothingUnknown" : "crm.settings.system.dataImport.preview.nothing")}
          </Callout.Text>
        </Callout.Root>
      ) : null}

      <StepActions
        back={back}
        next={
          <Button type="button" onClick={onImport} disabled={count === 0} data-testid="import-commit">
            {t(`crm.settings.system.dataImport.preview.import.${pluralForm(language, count)}`, { count: formatNumber(count, language) })}
          </Button>
        }
      />
    </Flex>
  );
}

/** A cell of the sample: a table cell from 640 px, an item of the row's wrapping line on a phone. */
const CELL = "px-3 py-2 align-top max-sm:p-0";

/**
 * The first valid rows as the CRM will store them (name, e-mail, company, status, value in its
 * currency, assignee): a table from 640 px; on a phone each row is a small block (name, e-mail,
 * then company, status, value and assignee on wrapping lines; empty ones left out).
 */
function SampleRows({ sample }: { sample: ImportDto["sample"] }) {
  const { t, language } = useI18n();
  const id = useId();
  const header = "px-3 py-2 text-left text-xs font-medium";
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-2">
      <div>
        <Text as="p" size="2" weight="medium" id={`${id}-title`}>
          {t("crm.settings.system.dataImport.preview.sample.title")}
        </Text>
        <Text as="p" size="1" color="gray">
          {t(`crm.settings.system.dataImport.preview.sample.hint.${pluralForm(language, sample.length)}`, {
            count: formatNumber(sample.length, language),
          })}
        </Text>
      </div>
      <div className="overflow-x-auto rounded-lg" style={{ boxShadow: "inset 0 0 0 1px var(--gray-a5)" }}>
        <table aria-labelledby={`${id}-title`} className="w-full border-collapse text-sm" data-testid="import-sample">
          <thead className="max-sm:sr-only" style={{ background: "var(--gray-a2)", color: "var(--gray-11)" }}>
            <tr>
              <th scope="col" className={header}>
                {t("crm.settings.system.dataImport.fields.name")}
              </th>
              <th scope="col" className={header}>
                {t("crm.settings.system.dataImport.fields.email")}
              </th>
              <th scope="col" className={header}>
                {t("crm.settings.system.dataImport.fields.company")}
              </th>
              <th scope="col" className={header}>
                {t("crm.settings.system.dataImport.fields.status")}
              </th>
              <th scope="col" className={`${header} text-right`}>
                {t("crm.settings.system.dataImport.fields.value")}
              </th>
              <th scope="col" className={header}>
                {t("crm.settings.system.dataImport.preview.sample.owner")}
              </th>
            </tr>
          </thead>
          <tbody>
            {sample.map((row, index) => (
              <tr
                key={row.line}
                className="max-sm:flex max-sm:flex-wrap max-sm:items-center max-sm:gap-x-3 max-sm:gap-y-1 max-sm:px-3 max-sm:py-2"
                style={index > 0 ? { borderTop: "1px solid var(--gray-a4)" } : undefined}
                data-testid="import-sample-row"
                data-line={row.line}
              >
                <td className={`${CELL} font-medium break-words max-sm:basis-full sm:min-w-32`} data-testid="import-sample-name">
                  {row.name}
                </td>
                <td className={`${CELL} [overflow-wrap:anywhere] max-sm:basis-full`} data-testid="import-sample-email">
                  {row.email ?? (
                    <Text color="gray" className="italic">
                      {t("crm.settings.system.dataImport.preview.sample.noEmail")}
                    </Text>
                  )}
                </td>
                <td className={`${CELL} break-words ${row.company ? "" : "max-sm:hidden"}`} data-testid="import-sample-company">
                  {row.company ?? <Dash />}
                </td>
                <td className={`${CELL} whitespace-nowrap`} data-testid="import-sample-status">
                  <Badge color="gray" variant="soft" size="1">
                    {t(`crm.shared.statuses.${row.status}`)}
                  </Badge>
                </td>
                <td
                  className={`${CELL} text-right whitespace-nowrap tabular-nums ${row.value === null ? "max-sm:hidden" : ""}`}
                  data-testid="import-sample-value"
                >
                  {row.value === null ? <Dash /> : formatMoney(row.value, language, row.currency)}
                </td>
                <td className={`${CELL} break-words ${row.owner ? "" : "max-sm:hidden"}`} data-testid="import-sample-owner">
                  {row.owner ? (
                    <>
                      <span className="sm:hidden">
                        {t("crm.settings.system.dataImport.preview.sample.ownerOn", { name: row.owner.name })}
                      </span>
                      <span className="max-sm:hidden">{row.owner.name}</span>
                    </>
                  ) : (
                    <Dash />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** An empty cell (read as "none"). */
const Dash = () => (
  <span aria-hidden="true" style={{ color: "var(--gray-9)" }}>
    —
  </span>
);
