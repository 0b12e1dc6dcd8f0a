import type { ReactNode } from "react";

/** The head of an inner public page: eyebrow, the page's h1 and its lead, on the brand gradient. */
export function PageHero({ eyebrow, title, intro, children }: { eyebrow: string; title: string; intro: string; children?: ReactNode }) {
  return (
    <div className="relative overflow-hidden bg-gradient-to-b from-brand-50 via-white to-white">
      <div aria-hidden="true" className="pointer-events-none absolute -right-32 -top-32 h-96 w-96 rounded-full bg-brand-100/70 blur-3xl" />
      <div className="relative mx-auto max-w-7xl px-4 pb-10 pt-14 sm:px-6 sm:pt-20 lg:px-8">
        <p className="text-sm font-semibold uppercase tracking-wider text-brand-600">{eyebrow}</p>
        <h1 className="mt-3 max-w-3xl text-4xl font-bold tracking-tight text-ink-900 sm:text-5xl">{title}</h1>
        <p className="mt-4 max-w-2xl text-lg text-slate-600">{intro}</p>
        {children}
      </div>
    </div>
  );
}
