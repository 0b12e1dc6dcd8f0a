import type { ReactNode } from "react";
import { useI18n } from "~/i18n/react";
import { Spinner } from "./spinner.tsx";

// Apart from the other listing states (case-studies/listing-states.tsx): the site layout shows
// LoadingState while the case studies load, so it is in the site's chrome (every public page
// loads it) instead of a small chunk of its own, and the rest of the states load when needed.

/** A centred panel for the listing's loading, error, empty and no-match states. */
export function StatePanel({
  icon,
  title,
  children,
  role,
  testId,
}: {
  icon: ReactNode;
  title: string;
  children?: ReactNode;
  role?: "alert" | "status";
  testId: string;
}) {
  return (
    <div
      role={role}
      data-testid={testId}
      className="mx-auto flex max-w-xl flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-slate-50/60 px-6 py-14 text-center"
    >
      <div className="mb-4 flex h-12 w-12 items-center justify-center rounded-full bg-white text-brand-600 shadow-sm ring-1 ring-slate-200">
        {icon}
      </div>
      <h2 className="text-lg font-semibold text-ink-900">{title}</h2>
      {children}
    </div>
  );
}

export function LoadingState() {
  const { t } = useI18n();
  return (
    <StatePanel
      role="status"
      testId="case-studies-loading"
      icon={<Spinner className="h-6 w-6" />}
      title={t("site.caseStudies.states.loading")}
    />
  );
}
