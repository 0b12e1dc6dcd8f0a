import type { ReactNode } from "react";
import { useI18n } from "~/i18n/react";

/** The agency's public address (the contact page; other pages may link it too). */
export const CONTACT_EMAIL = "hello@veloxlabs.dev";

const NEXT_STEPS = ["reply", "call", "proposal"] as const;

/** The side panel of the contact page: the 24-hour promise, e-mail, hours, reach, next steps. */
export function ContactDetails() {
  const { t } = useI18n();
  return (
    <aside aria-labelledby="contact-details-title" className="space-y-6">
      <div className="rounded-2xl border border-slate-200 bg-slate-50/70 p-6 sm:p-8">
        <h2 id="contact-details-title" className="text-lg font-semibold text-ink-900">
          {t("site.contact.details.title")}
        </h2>
        <ul className="mt-6 space-y-6">
          <Detail icon={<ClockIcon />} title={t("site.contact.details.response.title")}>
            {t("site.contact.details.response.body")}
          </Detail>
          <Detail icon={<MailIcon />} title={t("site.contact.details.email.title")}>
            <a href={`mailto:${CONTACT_EMAIL}`} className="font-medium text-brand-700 underline-offset-2 hover:underline">
              {CONTACT_EMAIL}
            </a>
          </Detail>
          <Detail icon={<CalendarIcon />} title={t("site.contact.details.hours.title")}>
            {t("site.contact.details.hours.body")}
          </Detail>
          <Detail icon={<GlobeIcon />} title={t("site.contact.details.countries.title")}>
            {t("site.contact.details.countries.body")}
          </Detail>
        </ul>
      </div>

      <div className="rounded-2xl border border-slate-200 p-6 sm:p-8">
        <h2 className="text-lg font-semibold text-ink-900">{t("site.contact.next.title")}</h2>
        <ol className="mt-5 space-y-4">
          {NEXT_STEPS.map((step, index) => (
            <li key={step} className="flex gap-3">
              <span
                aria-hidden="true"
                className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-brand-600 text-sm font-semibold text-white"
              >
                {index + 1}
              </span>
              <span className="pt-0.5 text-sm text-slate-700">{t(`site.contact.next.steps.${step}`)}</span>
            </li>
          ))}
        </ol>
      </div>
    </aside>
  );
}

function Detail({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <li className="flex gap-4">
      <span
        aria-hidden="true"
        className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-white text-brand-600 shadow-sm ring-1 ring-slate-200"
      >
        {icon}
      </span>
      <div>
        <h3 className="text-sm font-semibold text-ink-900">{title}</h3>
        <p className="mt-1 text-sm text-slate-600">{children}</p>
      </div>
    </li>
  );
}

const iconProps = {
  viewBox: "0 0 24 24",
  className: "h-5 w-5",
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 1.8,
  strokeLinecap: "round",
  strokeLinejoin: "round",
} as const;

function ClockIcon() {
  return (
    <svg {...iconProps}>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" />
    </svg>
  );
}

function MailIcon() {
  return (
    <svg {...iconProps}>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="m4 7 8 6 8-6" />
    </svg>
  );
}

function CalendarIcon() {
  return (
    <svg {...iconProps}>
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M3 10h18M8 3v4M16 3v4" />
    </svg>
  );
}

function GlobeIcon() {
  return (
    <svg {...iconProps}>
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3Z" />
    </svg>
  );
}
