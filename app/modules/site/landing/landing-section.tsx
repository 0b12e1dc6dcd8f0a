import type { ReactNode } from "react";

/** The landing page's sections, in page order (ids are the anchors and the test hooks). */
export const LANDING_SECTIONS = ["hero", "case-studies", "track-record", "roi", "process", "guarantee", "cta"] as const;
export type LandingSectionId = (typeof LANDING_SECTIONS)[number];

/** A full-width landing section named by its heading (`${id}-title`). */
export function LandingSection({ id, className = "", children }: { id: LandingSectionId; className?: string; children: ReactNode }) {
  return (
    <section id={id} data-section={id} aria-labelledby={`${id}-title`} className={`scroll-mt-20 ${className}`}>
      {children}
    </section>
  );
}

/** Eyebrow, h2 and lead paragraph of a section. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  subtitle,
  align = "center",
  inverted = false,
}: {
  id: LandingSectionId;
  eyebrow: string;
  title: string;
  subtitle?: string;
  align?: "center" | "left";
  inverted?: boolean;
}) {
  return (
    <div className={align === "center" ? "mx-auto max-w-2xl text-center" : "max-w-2xl"}>
      <p className={`text-sm font-semibold uppercase tracking-wider ${inverted ? "text-brand-100" : "text-brand-600"}`}>{eyebrow}</p>
      <h2
        id={`${id}-title`}
        className={`mt-3 text-3xl font-bold tracking-tight text-balance sm:text-4xl ${inverted ? "text-white" : "text-ink-900"}`}
      >
        {title}
      </h2>
      {subtitle ? <p className={`mt-4 text-lg text-pretty ${inverted ? "text-slate-300" : "text-slate-600"}`}>{subtitle}</p> : null}
    </div>
  );
}

export const CONTAINER = "mx-auto max-w-7xl px-4 sm:px-6 lg:px-8";
