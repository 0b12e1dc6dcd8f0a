import { useI18n } from "~/i18n/react";

/** The brand mark and name (common.appName). */
export function Logo({ inverted = false }: { inverted?: boolean }) {
  const { t } = useI18n();
  return (
    <span className="flex items-center gap-2">
      <svg aria-hidden="true" viewBox="0 0 32 32" className="h-8 w-8">
        <rect width="32" height="32" rx="8" fill="#2553e0" />
        <path d="M8 9.5 14.2 23h3.6L24 9.5h-3.9l-4.1 9.4-4.1-9.4z" fill="#fff" />
      </svg>
      <span className={`text-lg font-bold tracking-tight ${inverted ? "text-white" : "text-ink-900"}`}>{t("common.appName")}</span>
    </span>
  );
}
