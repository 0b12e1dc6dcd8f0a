import { ChatBubbleIcon, EnvelopeClosedIcon } from "@radix-ui/react-icons";
import { Badge, Button, Flex, IconButton } from "@radix-ui/themes";
import type { LeadStatus } from "@worker/db/schema/enums";
import { LOCALES, type Language } from "~/i18n";
import { cachedIntl } from "~/i18n/intl-cache";
import { useI18n } from "~/i18n/react";
import { mailtoLink, whatsappLink } from "./contact-links";
import { tagLabel } from "./tag-label";

// Small pieces the list cards and the pipeline cards share.

/** One colour per status (the dashboard and the lead detail use the same ones). */
export const LEAD_STATUS_COLORS = {
  new: "blue",
  qualified: "violet",
  contacted: "amber",
  negotiating: "orange",
  won: "green",
  lost: "red",
} as const satisfies Record<LeadStatus, string>;

export function StatusBadge({ status }: { status: LeadStatus }) {
  const { t } = useI18n();
  return (
    <Badge color={LEAD_STATUS_COLORS[status]} variant="soft" highContrast className="shrink-0" data-testid="lead-status">
      {t(`crm.shared.statuses.${status}`)}
    </Badge>
  );
}

/** The first `max` tags, then "+N" for the rest (its full text for screen readers). */
export function TagPreview({ tags, max }: { tags: readonly string[]; max: number }) {
  const { t } = useI18n();
  if (tags.length === 0) return null;
  const hidden = tags.length - max;
  return (
    <ul className="flex min-w-0 flex-wrap gap-1" aria-label={t("crm.leads.card.tags")}>
      {tags.slice(0, max).map((tag) => (
        <li key={tag} className="min-w-0 max-w-full">
          <Badge variant="outline" color="gray" size="1" className="max-w-full">
            <span className="truncate">{tagLabel(tag, t)}</span>
          </Badge>
        </li>
      ))}
      {hidden > 0 && (
        <li>
          <Badge
            variant="outline"
            color="gray"
            size="1"
            title={tags
              .slice(max)
              .map((tag) => tagLabel(tag, t))
              .join(", ")}
          >
            <span aria-hidden>+{hidden}</span>
            <span className="sr-only">{t("crm.leads.card.moreTags", { count: hidden })}</span>
          </Badge>
        </li>
      )}
    </ul>
  );
}

type ContactLead = { name: string; phone: string | null; email?: string | null };

/** WhatsApp with the greeting naming the lead (only with a phone). `compact`: an icon button. */
export function WhatsAppButton({ lead, compact = false }: { lead: ContactLead; compact?: boolean }) {
  const { t } = useI18n();
  const href = whatsappLink(lead.phone, t("crm.shared.contact.whatsappGreeting", { name: lead.name }));
  if (!href) return null;
  const label = t("crm.shared.contact.whatsappLabel", { name: lead.name });
  const link = (children: React.ReactNode) => (
    <a href={href} target="_blank" rel="noopener noreferrer" aria-label={label} data-testid="lead-whatsapp">
      {children}
    </a>
  );
  return compact ? (
    <IconButton asChild size="1" variant="soft" color="green" highContrast>
      {link(<ChatBubbleIcon aria-hidden />)}
    </IconButton>
  ) : (
    <Button asChild size="2" variant="soft" color="green" highContrast>
      {link(
        <>
          <ChatBubbleIcon aria-hidden />
          {t("crm.shared.contact.whatsapp")}
        </>,
      )}
    </Button>
  );
}

/** An icon button opening an e-mail to the lead (only with an address). */
export function EmailButton({ lead }: { lead: ContactLead }) {
  const { t } = useI18n();
  const href = mailtoLink(lead.email);
  if (!href) return null;
  return (
    <IconButton asChild size="1" variant="soft" color="gray">
      <a href={href} aria-label={t("crm.shared.contact.emailLabel", { name: lead.name })} data-testid="lead-email">
        <EnvelopeClosedIcon aria-hidden />
      </a>
    </IconButton>
  );
}

/** dd/MM in pt (the pipeline cards' creation date), the locale's day and month elsewhere, in the organisation's zone. */
export function formatDayMonth(value: string, language: Language, timeZone = "America/Sao_Paulo"): string {
  return cachedIntl(
    `date:day-month:${language}:${timeZone}`,
    () => new Intl.DateTimeFormat(LOCALES[language], { day: "2-digit", month: "2-digit", timeZone }),
  ).format(new Date(value));
}

/** `?lead=<id>` on the current search: the link that opens a lead's detail dialog. */
export function withLeadParam(search: string, leadId: string | null): string {
  const params = new URLSearchParams(search);
  if (leadId) params.set("lead", leadId);
  else params.delete("lead");
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** "Carregar mais" under a list or table of leads while another page follows (`cursor`). */
export function LoadMoreLeads({ cursor, loading, onLoad }: { cursor: string | null; loading: boolean; onLoad: () => Promise<void> }) {
  const { t } = useI18n();
  if (!cursor) return null;
  return (
    <Flex justify="center">
      <Button variant="soft" onClick={() => void onLoad()} loading={loading} data-testid="lead-list-more">
        {t("crm.shared.actions.loadMore")}
      </Button>
    </Flex>
  );
}
