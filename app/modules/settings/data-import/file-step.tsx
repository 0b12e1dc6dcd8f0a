import { ExclamationTriangleIcon, UploadIcon } from "@radix-ui/react-icons";
import { Button, Callout, Flex, Spinner, Text } from "@radix-ui/themes";
import { useRef, type RefObject } from "react";
import { useI18n } from "~/i18n/react";
import { formatNumber } from "~/i18n/format";
import type { CsvRefusal } from "./read-csv-file.ts";
import { StepHeading } from "./import-parts.tsx";

/** A refusal before upload, or the dropped files being several. */
export type FileProblem = CsvRefusal | { code: "several" };

/**
 * Step 1: the file, from the button or dropped anywhere on the dialog (`dragging` lights the
 * box up). It is read in the browser at once; a file that cannot be a CSV of leads is refused
 * here with its reason, and nothing is uploaded.
 */
export function FileStep({
  headingRef,
  reading,
  problem,
  dragging,
  onFile,
}: {
  headingRef: RefObject<HTMLHeadingElement | null>;
  /** The name of the file being read, while it is. */
  reading: string | null;
  problem: FileProblem | null;
  dragging: boolean;
  onFile: (file: File) => void;
}) {
  const { t, language } = useI18n();
  const input = useRef<HTMLInputElement>(null);
  const hintId = "import-file-hint";
  return (
    <Flex direction="column" gap="3">
      <StepHeading headingRef={headingRef}>{t("crm.settings.system.dataImport.file.heading")}</StepHeading>
      <div
        className="flex flex-col items-center gap-2 rounded-xl border-2 border-dashed px-4 py-8 text-center transition-colors"
        style={{
          borderColor: dragging ? "var(--accent-8)" : "var(--gray-a6)",
          background: dragging ? "var(--accent-a3)" : "var(--gray-a2)",
        }}
        data-testid="import-dropzone"
        data-dragging={dragging ? "true" : undefined}
      >
        {reading ? (
          <Flex direction="column" align="center" gap="2" role="status">
            <Spinner size="3" />
            <Text size="2" className="max-w-full break-all">
              {t("crm.settings.system.dataImport.file.reading", { name: reading })}
            </Text>
          </Flex>
        ) : (
          <>
            <span
              className="flex size-11 items-center justify-center rounded-full"
              style={{ background: "var(--accent-a3)", color: "var(--accent-11)" }}
            >
              <UploadIcon width="20" height="20" aria-hidden="true" />
            </span>
            {/* Dragging is for a mouse: a touch screen only gets the button. */}
            <Text size="3" weight="medium" className="pointer-coarse:hidden">
              {dragging ? t("crm.settings.system.dataImport.file.dropActive") : t("crm.settings.system.dataImport.file.drop")}
            </Text>
            <Text size="2" color="gray" className="pointer-coarse:hidden">
              {t("crm.settings.system.dataImport.file.or")}
            </Text>
            <Button type="button" onClick={() => input.current?.click()} aria-describedby={hintId} data-testid="import-choose-file">
              {t("crm.settings.system.dataImport.file.choose")}
            </Button>
          </>
        )}
        <input
          ref={input}
          type="file"
          accept=".csv,text/csv"
          className="hidden"
          tabIndex={-1}
          aria-hidden="true"
          data-testid="import-file-input"
          onChange={(event) => {
            const file = event.target.files?.[0];
            // The same file chosen again must read again.
            event.target.value = "";
            if (file) onFile(file);
          }}
        />
      </div>
      <Text as="p" size="1" color="gray" id={hintId}>
        {t("crm.settings.system.dataImport.file.hint")}
      </Text>
      {problem ? (
        <Callout.Root color="red" role="alert" data-testid="import-file-error">
          <Callout.Icon>
            <ExclamationTriangleIcon />
          </Callout.Icon>
          <Callout.Text>
            <Text weight="bold">{t("crm.settings.system.dataImport.file.errorTitle")}</Text>
            <br />
            {problemText(problem, t, language)}
          </Callout.Text>
        </Callout.Root>
      ) : null}
    </Flex>
  );
}

function problemText(problem: FileProblem, t: ReturnType<typeof useI18n>["t"], language: ReturnType<typeof useI18n>["language"]): string {
  const key = `crm.settings.system.dataImport.file.errors.${problem.code}` as const;
  switch (problem.code) {
    case "too_big":
      // In MB (formatFileSize would move into the chunk every page shares for this one message).
      return t(key, { size: formatNumber(problem.size / (1024 * 1024), language, { maximumFractionDigits: 1 }) });
    case "too_many_columns":
    case "too_many_rows":
      return t(key, { count: formatNumber(problem.count, language) });
    case "cell_too_long":
    case "unclosed_quote":
    case "header_empty":
      return t(key, { line: formatNumber(problem.line, language) });
    default:
      return t(key);
  }
}
