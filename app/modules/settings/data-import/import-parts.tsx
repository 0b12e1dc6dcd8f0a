import { Heading, Text } from "@radix-ui/themes";
import type { ReactNode, RefObject } from "react";
import { useI18n } from "~/i18n/react";
import { formatNumber } from "~/i18n/format";

export const IMPORT_STEPS = ["file", "mapping", "preview", "commit"] as const;
export type ImportStep = (typeof IMPORT_STEPS)[number];

/**
 * Where the wizard is: four numbered steps, the current one named (on a phone only the current
 * one's name shows beside the numbers), done ones ticked.
 */
export function ImportStepper({ step }: { step: ImportStep }) {
  const { t } = useI18n();
  const index = IMPORT_STEPS.indexOf(step);
  return (
    <ol
      aria-label={t("crm.settings.system.dataImport.steps.label")}
      className="m-0 flex list-none items-center gap-1 p-0 sm:gap-2"
      data-testid="import-steps"
    >
      {IMPORT_STEPS.map((name, i) => {
        const current = i === index;
        const done = i < index;
        return (
          <li key={name} aria-current={current ? "step" : undefined} className="flex min-w-0 items-center gap-1 sm:gap-2">
            {i > 0 ? <span aria-hidden="true" className="h-px w-3 shrink-0 sm:w-6" style={{ background: "var(--gray-a6)" }} /> : null}
            <span
              aria-hidden="true"
              className="flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-semibold"
              style={
                current
                  ? { background: "var(--accent-9)", color: "var(--accent-contrast)" }
                  : done
                    ? { background: "var(--accent-a4)", color: "var(--accent-11)" }
                    : { background: "var(--gray-a3)", color: "var(--gray-11)" }
              }
            >
              {done ? <DoneMark /> : i + 1}
            </span>
            <span
              className={`truncate text-sm ${current ? "font-medium" : "max-sm:sr-only"}`}
              style={{ color: current ? "var(--gray-12)" : "var(--gray-11)" }}
            >
              <span className="sr-only">
                {t("crm.settings.system.dataImport.steps.current", { n: i + 1, total: IMPORT_STEPS.length })}:{" "}
              </span>
              {t(`crm.settings.system.dataImport.steps.${name}`)}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

/** A done step's tick (drawn here: a Radix icon no other screen uses would join the Radix chunk every staff page loads). */
const DoneMark = () => (
  <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
    <path d="M2.5 6.5l2.5 2.5 4.5-5.5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);

/** A step's heading: where the focus goes when the step appears (screen readers read it). */
export function StepHeading({
  headingRef,
  children,
  testId,
}: {
  headingRef: RefObject<HTMLHeadingElement | null>;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Heading as="h3" size="3" ref={headingRef} tabIndex={-1} className="outline-none" data-testid={testId ?? "import-step-heading"}>
      {children}
    </Heading>
  );
}

type StatTone = "gray" | "green" | "blue" | "red" | "amber";
const TONES: Record<StatTone, { background: string; color: string }> = {
  gray: { background: "var(--gray-a2)", color: "var(--gray-12)" },
  green: { background: "var(--green-a2)", color: "var(--green-11)" },
  blue: { background: "var(--blue-a2)", color: "var(--blue-11)" },
  red: { background: "var(--red-a2)", color: "var(--red-11)" },
  amber: { background: "var(--amber-a2)", color: "var(--amber-11)" },
};

/** A zero is never coloured: only a figure that counts draws the eye. */
const toneOf = (item: { value: number; tone: StatTone }): StatTone => (item.value ? item.tone : "gray");

/** A row of figures (the preview's counts, the summary's results), each a label over its number. */
export function ImportStats({ label, items }: { label: string; items: { key: string; label: string; value: number; tone: StatTone }[] }) {
  const { language } = useI18n();
  return (
    <dl aria-label={label} className={`m-0 grid grid-cols-2 gap-2 ${items.length > 4 ? "sm:grid-cols-5" : "sm:grid-cols-4"}`}>
      {items.map((item, index) => (
        <div
          key={item.key}
          // On a phone (two columns) an odd last figure takes the whole row.
          className={`flex min-w-0 flex-col justify-between gap-1 rounded-lg p-3 ${items.length % 2 && index === items.length - 1 ? "max-sm:col-span-2" : ""}`}
          style={{ background: TONES[toneOf(item)].background, boxShadow: "inset 0 0 0 1px var(--gray-a4)" }}
        >
          <dt className="text-xs leading-snug" style={{ color: "var(--gray-11)" }}>
            {item.label}
          </dt>
          <dd
            className="m-0 text-2xl font-semibold tabular-nums"
            style={{ color: TONES[toneOf(item)].color }}
            data-testid={`import-count-${item.key}`}
          >
            {formatNumber(item.value, language)}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The buttons at a step's end: the way back on the left, the way on at the right (stacked on a phone, the way on first). */
export function StepActions({ back, next }: { back?: ReactNode; next?: ReactNode }) {
  return (
    <div className="mt-5 flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex flex-col gap-3 sm:flex-row">{back}</div>
      <div className="flex flex-col gap-3 sm:flex-row">{next}</div>
    </div>
  );
}

/** Small text under a step's heading. */
export function StepNote({ children, id }: { children: ReactNode; id?: string }) {
  return (
    <Text as="p" size="2" color="gray" id={id}>
      {children}
    </Text>
  );
}
