import { ExclamationTriangleIcon } from "@radix-ui/react-icons";
import { Button, Callout, Flex, Select, Text } from "@radix-ui/themes";
import { useRef, useState, type RefObject } from "react";
import { useI18n } from "~/i18n/react";
import { formatNumber, pluralForm } from "~/i18n/format";
import {
  LEAD_IMPORT_FIELDS,
  MULTI_COLUMN_FIELDS,
  mappingProblem,
  type LeadImportField,
  type LeadImportMapping,
} from "@worker/services/lead-import-columns";
import type { CsvReading } from "./read-csv-file.ts";
import { StepActions, StepHeading, StepNote } from "./import-parts.tsx";

/** The Select's value for "Não importar" (an item's value cannot be empty). */
const SKIP = "skip";

/** The first field a single-column field's mapping repeats, for the message that names it. */
function fieldTwice(mapping: LeadImportMapping): LeadImportField | null {
  const seen = new Set<LeadImportField>();
  for (const field of mapping) {
    if (!field || MULTI_COLUMN_FIELDS.has(field)) continue;
    if (seen.has(field)) return field;
    seen.add(field);
  }
  return null;
}

/**
 * Step 2: each column of the file (its header and a sample or two of its values) and the lead
 * field it fills, or 'Não importar', suggested from the header names (pt, es, en, Pipedrive,
 * HubSpot). Going on is refused, with the reason, while the mapping has no name column or
 * gives a single field two columns.
 */
export function MappingStep({
  headingRef,
  fileName,
  reading,
  mapping,
  onMappingChange,
  onBack,
  onNext,
}: {
  headingRef: RefObject<HTMLHeadingElement | null>;
  fileName: string;
  reading: CsvReading;
  mapping: LeadImportMapping;
  onMappingChange: (mapping: LeadImportMapping) => void;
  onBack: () => void;
  onNext: () => void;
}) {
  const { t, language } = useI18n();
  const problem = mappingProblem(mapping);
  const [tried, setTried] = useState(false);
  const problemBox = useRef<HTMLDivElement>(null);
  const twice = problem === "field_twice" ? fieldTwice(mapping) : null;
  const fieldLabel = (field: LeadImportField) => t(`crm.settings.system.dataImport.fields.${field}`);
  const columnName = (header: string, index: number) => header || t("crm.settings.system.dataImport.mapping.unnamed", { n: index + 1 });

  const next = () => {
    if (problem) {
      setTried(true);
      problemBox.current?.focus();
      return;
    }
    onNext();
  };

  return (
    <Flex direction="column" gap="3">
      <div>
        <StepHeading headingRef={headingRef}>{t("crm.settings.system.dataImport.mapping.heading")}</StepHeading>
        <Text as="p" size="2" weight="medium" mt="1" className="break-words" data-testid="import-rows-read">
          {t(`crm.settings.system.dataImport.mapping.read.${pluralForm(language, reading.rows)}`, {
            count: formatNumber(reading.rows, language),
            file: fileName,
          })}
        </Text>
      </div>
      <StepNote>{t("crm.settings.system.dataImport.mapping.hint")}</StepNote>
      <div className="rounded-lg" style={{ boxShadow: "inset 0 0 0 1px var(--gray-a5)" }}>
        <div
          aria-hidden="true"
          className="hidden grid-cols-[minmax(0,1fr)_15rem] gap-4 px-4 py-2 text-xs font-semibold tracking-wide uppercase sm:grid"
          style={{ color: "var(--gray-11)", borderBottom: "1px solid var(--gray-a5)" }}
        >
          <span>{t("crm.settings.system.dataImport.mapping.column")}</span>
          <span>{t("crm.settings.system.dataImport.mapping.field")}</span>
        </div>
        <ul className="m-0 list-none p-0" data-testid="import-mapping">
          {reading.headers.map((header, index) => {
            const samples = reading.samples[index] ?? [];
            const field = mapping[index] ?? null;
            const labelId = `import-column-${index}`;
            return (
              <li
                key={index}
                className="grid gap-2 px-4 py-3 sm:grid-cols-[minmax(0,1fr)_15rem] sm:items-center sm:gap-4"
                style={index > 0 ? { borderTop: "1px solid var(--gray-a4)" } : undefined}
                data-testid="import-mapping-row"
              >
                <div className="min-w-0">
                  <Text as="p" size="2" weight="medium" id={labelId} className="truncate" title={columnName(header, index)}>
                    {columnName(header, index)}
                  </Text>
                  <Text as="p" size="1" color="gray" className="truncate">
                    {samples.length
                      ? t("crm.settings.system.dataImport.mapping.samples", { values: samples.join(" · ") })
                      : t("crm.settings.system.dataImport.mapping.noSample")}
                  </Text>
                </div>
                <Select.Root
                  value={field ?? SKIP}
                  onValueChange={(value) => {
                    const changed = [...mapping];
                    changed[index] = value === SKIP ? null : (value as LeadImportField);
                    onMappingChange(changed);
                  }}
                >
                  <Select.Trigger
                    aria-label={t("crm.settings.system.dataImport.mapping.fieldFor", { column: columnName(header, index) })}
                    variant={field ? "surface" : "soft"}
                    color={field ? undefined : "gray"}
                    className="w-full"
                    data-testid={`import-mapping-${index}`}
                  >
                    {field ? fieldLabel(field) : t("crm.settings.system.dataImport.mapping.skip")}
                  </Select.Trigger>
                  <Select.Content position="popper">
                    <Select.Item value={SKIP}>{t("crm.settings.system.dataImport.mapping.skip")}</Select.Item>
                    <Select.Separator />
                    {LEAD_IMPORT_FIELDS.map((option) => (
                      <Select.Item key={option} value={option}>
                        {fieldLabel(option)}
                      </Select.Item>
                    ))}
                  </Select.Content>
                </Select.Root>
              </li>
            );
          })}
        </ul>
      </div>
      <div ref={problemBox} tabIndex={-1} className="outline-none" aria-live="polite">
        {problem ? (
          <Callout.Root color={tried ? "red" : "amber"} data-testid="import-mapping-problem">
            <Callout.Icon>
              <ExclamationTriangleIcon />
            </Callout.Icon>
            <Callout.Text>
              {problem === "name_unmapped"
                ? t("crm.settings.system.dataImport.mapping.problems.name_unmapped")
                : t("crm.settings.system.dataImport.mapping.problems.field_twice", { field: twice ? fieldLabel(twice) : "" })}
            </Callout.Text>
          </Callout.Root>
        ) : null}
      </div>
      <StepActions
        back={
          <Button type="button" variant="soft" color="gray" onClick={onBack} data-testid="import-back">
            {t("crm.settings.system.dataImport.mapping.back")}
          </Button>
        }
        next={
          <Button type="button" onClick={next} data-testid="import-next">
            {t("crm.settings.system.dataImport.mapping.next")}
          </Button>
        }
      />
    </Flex>
  );
}
