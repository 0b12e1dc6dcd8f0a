import type { ActivityDto, LeadAuditField, LeadAuditMetadata, UserRef } from "@worker/services/crm-types";
import { formatMoney, formatNumber } from "~/i18n/format";
import { formatPhone } from "~/modules/leads/phone-format";
import { tagLabel } from "~/modules/leads/tag-label";
import type { Language, TranslationKey, Translate } from "~/i18n";

// The timeline's audit entries (status, assignee and other edits, written by the services
// with `metadata` of LeadAuditMetadata) as sentences in the reader's language: "Ana alterou o
// status de Novo para Qualificado". `content` holds an untranslated summary, shown only when
// the metadata is not one this screen knows.

const STATUS_KEYS = new Set(["new", "qualified", "contacted", "negotiating", "won", "lost"]);
const SOURCE_KEYS = new Set(["website", "referral", "social_media", "advertising", "other"]);
const CURRENCY_KEYS = new Set(["BRL", "USD", "EUR"]);
const FIELD_KEYS = new Set<string>([
  "name",
  "email",
  "phone",
  "company",
  "source",
  "status",
  "estimated_value",
  "currency",
  "notes",
  "assigned_to",
  "tags",
]);

/** The translated audit sentence of an activity, or null when it is not an audit entry. */
export function auditText(activity: ActivityDto, t: Translate, language: Language): string | null {
  const metadata = activity.metadata as Partial<LeadAuditMetadata> | null;
  if (!metadata || metadata.kind !== "audit") return null;
  const who = activity.author?.name || t("crm.leadDetail.history.someone");
  const status = (value: unknown) =>
    typeof value === "string" && STATUS_KEYS.has(value) ? t(`crm.shared.statuses.${value}` as TranslationKey) : text(value, t, language);

  if (metadata.field === "status") {
    const { from, to, undo } = metadata as Extract<LeadAuditMetadata, { field: "status" }>;
    if (!from) return t("crm.leadDetail.history.statusSet", { who, to: status(to) });
    return t(undo ? "crm.leadDetail.history.statusUndone" : "crm.leadDetail.history.statusChanged", {
      who,
      from: status(from),
      to: status(to),
    });
  }
  if (metadata.field === "assigned_to") {
    const { from, to } = metadata as Extract<LeadAuditMetadata, { field: "assigned_to" }>;
    const name = (ref: UserRef | null | undefined) => ref?.name || t("crm.leadDetail.history.someone");
    if (!to) return t("crm.leadDetail.history.unassigned", { who, from: name(from) });
    if (!from) return t("crm.leadDetail.history.assigned", { who, to: name(to) });
    return t("crm.leadDetail.history.reassigned", { who, from: name(from), to: name(to) });
  }
  if (metadata.field === "lead") {
    const { fields = [], changes = {}, currencies } = metadata as Extract<LeadAuditMetadata, { field: "lead" }>;
    const parts = fields
      .filter((field) => FIELD_KEYS.has(field))
      .map((field) => {
        const change = changes[field];
        const label = t(`crm.leadDetail.history.fields.${field}` as TranslationKey);
        if (!change) return label;
        return t("crm.leadDetail.history.fieldChange", {
          field: label,
          from: fieldValue(field, change.from, t, language, currencies?.from),
          to: fieldValue(field, change.to, t, language, currencies?.to),
        });
      });
    return parts.length
      ? t("crm.leadDetail.history.edited", { who, fields: parts.join("; ") })
      : t("crm.leadDetail.history.editedNoFields", { who });
  }
  return null;
}

/**
 * An entry 'Importar Dados' wrote (metadata kind "import": the lead was created from, or
 * updated by, a CSV): "Importado de leads.csv" in the reader's language, or null.
 */
export function importText(activity: ActivityDto, t: Translate): string | null {
  const metadata = activity.metadata as { kind?: unknown; action?: unknown; file?: unknown } | null;
  if (metadata?.kind !== "import" || typeof metadata.file !== "string") return null;
  return t(metadata.action === "updated" ? "crm.leadDetail.history.importUpdated" : "crm.leadDetail.history.imported", {
    file: metadata.file,
  });
}

/**
 * The subject of an entry the public site wrote (its chat assistant, its contact form: no
 * author, metadata.source), in the reader's language (it is stored in pt); null for others.
 */
export function siteSubject(activity: ActivityDto, t: Translate): string | null {
  if (activity.author !== null) return null;
  const source = (activity.metadata as { source?: unknown } | null)?.source;
  if (source === "chat_assistant") return t("crm.leadDetail.history.chatAssistantSubject");
  if (source === "contact_form") return t("crm.leadDetail.history.contactFormSubject");
  return null;
}

/** A changed field's value; `currency`: an estimated value's (entries before currencies: BRL). */
function fieldValue(field: LeadAuditField, value: unknown, t: Translate, language: Language, currency = "BRL"): string {
  if (field === "source" && typeof value === "string" && SOURCE_KEYS.has(value)) return t(`crm.shared.sources.${value}` as TranslationKey);
  if (field === "currency" && typeof value === "string" && CURRENCY_KEYS.has(value))
    return t(`crm.shared.currencies.${value}` as TranslationKey);
  if (field === "estimated_value" && typeof value === "number") return formatMoney(value, language, currency);
  if (field === "phone" && typeof value === "string") return formatPhone(value);
  // Predefined tags in the reader's language (a typed tag as typed).
  if (field === "tags" && Array.isArray(value) && value.length > 0) return value.map((tag) => tagLabel(String(tag), t)).join(", ");
  return text(value, t, language);
}

/** A stored value as short text: lists joined, empty as "vazio", long text cut. */
function text(value: unknown, t: Translate, language: Language): string {
  if (value === null || value === undefined || value === "" || (Array.isArray(value) && value.length === 0))
    return t("crm.leadDetail.history.empty_value");
  if (Array.isArray(value)) return value.map(String).join(", ");
  if (typeof value === "number") return formatNumber(value, language);
  const line = String(value).replace(/\s+/g, " ").trim();
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}
