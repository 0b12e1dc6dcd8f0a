// The value lists of the specification. CHECK constraints, zod schemas and the UI all
// read them from here.

export const USER_ROLES = ["admin", "manager", "sales_rep"] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const LEAD_STATUSES = ["new", "qualified", "contacted", "negotiating", "won", "lost"] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

export const LEAD_SOURCES = ["website", "referral", "social_media", "advertising", "other"] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];

/**
 * The currencies a lead's estimated value may be in (issue 20). A lead's own currency; sums
 * are per currency, never converted (docs/decisions/018-lead-currency.md).
 */
export const LEAD_CURRENCIES = ["BRL", "USD", "EUR"] as const;
export type LeadCurrency = (typeof LEAD_CURRENCIES)[number];
/** The default organisation currency (BRL): Settings → Sistema may choose another for new leads (org-settings-service.ts). */
export const ORG_CURRENCY = "BRL" satisfies LeadCurrency;
/** The currency of the budgets the public site shows (its chat assistant's answers are in US$). */
export const SITE_CURRENCY = "USD" satisfies LeadCurrency;

export const PREDEFINED_TAGS = [
  "Urgente",
  "Qualificado",
  "Interessado",
  "Aguardando",
  "Retorno",
  "Orçamento",
  "Proposta",
  "Concorrente",
] as const;

/**
 * The spec's five activity types plus the audit trail the services write themselves:
 * status_change (status moves), assignment_change (assignee) and lead_update (other edits).
 */
export const ACTIVITY_TYPES = [
  "whatsapp",
  "email",
  "call",
  "meeting",
  "internal_note",
  "status_change",
  "assignment_change",
  "lead_update",
] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

/** The four typed notifications of the spec plus the generic ones the CRM emits. */
export const NOTIFICATION_TYPES = [
  "new_lead",
  "status_change",
  "task_due",
  "meeting_reminder",
  "task_assigned",
  "lead_assigned",
  "system",
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** The report e-mails of Settings → Notificações ('Relatórios Semanais', 'Relatórios Mensais'). */
export const REPORT_EMAIL_KINDS = ["weekly", "monthly"] as const;
export type ReportEmailKind = (typeof REPORT_EMAIL_KINDS)[number];

export const OUTBOX_STATUSES = ["pending", "sent", "failed"] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export { LANGUAGES, type Language } from "../../../app/i18n/languages.ts";
