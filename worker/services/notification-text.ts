// A notification stores what happened (its `kind` and `params`, migration 0020), not a
// sentence: the text is written here, in the READER's language (users.language), each time
// it is shown (the list, the live event). A row without a kind (an old row migration 0020
// could not read) is shown as it was stored. docs/decisions/025.
import { getTranslator } from "~/i18n/dictionaries.server";
import type { TranslationKey } from "~/i18n";
import { LOCALES, type Language } from "~/i18n/languages";
import { LEAD_STATUSES, type LeadStatus } from "../db/schema/index.ts";

export const NOTIFICATION_KINDS = [
  "taskDue",
  "taskDueAt",
  "leadAssigned",
  "leadStatusChanged",
  "leadsAssigned",
  "leadsStatusChanged",
  "taskAssigned",
  "newLead",
  "newLeadContactForm",
  "leadReturned",
  "importAssignedOne",
  "importAssignedMany",
  "importMovedOne",
  "importMovedMany",
  "meetingReminder",
  "welcome",
  // Issue 25: a webhook endpoint disabled after failing (webhooks/webhook-delivery.ts).
  "webhookDisabled",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** What a kind's sentence needs; statuses are stored as their values (new, won …), never as labels. */
export type NotificationParams = {
  name?: string;
  lead?: string;
  email?: string;
  title?: string;
  time?: string;
  file?: string;
  count?: number;
  /** A webhook endpoint's URL. */
  url?: string;
  from?: LeadStatus;
  to?: LeadStatus;
};

const IMPORT = "crm.settings.system.dataImportRun.notifications";
const TEXTS: Record<NotificationKind, { title: TranslationKey; message: TranslationKey }> = {
  taskDue: { title: "notifications.taskDue.title", message: "notifications.taskDue.message" },
  taskDueAt: { title: "notifications.taskDue.title", message: "notifications.taskDue.messageAt" },
  leadAssigned: { title: "notifications.leadAssigned.title", message: "notifications.leadAssigned.message" },
  leadStatusChanged: { title: "notifications.leadStatusChanged.title", message: "notifications.leadStatusChanged.message" },
  leadsAssigned: { title: "notifications.leadAssigned.title", message: "notifications.leadsAssigned.message" },
  leadsStatusChanged: { title: "notifications.leadStatusChanged.title", message: "notifications.leadsStatusChanged.message" },
  taskAssigned: { title: "notifications.taskAssigned.title", message: "notifications.taskAssigned.message" },
  newLead: { title: "notifications.newLead.title", message: "notifications.newLead.message" },
  newLeadContactForm: { title: "notifications.newLead.title", message: "site.contact.crm.newLeadNotification" },
  leadReturned: { title: "notifications.leadReturned.title", message: "notifications.leadReturned.message" },
  importAssignedOne: { title: "notifications.leadAssigned.title", message: `${IMPORT}.assignedOne` },
  importAssignedMany: { title: "notifications.leadAssigned.title", message: `${IMPORT}.assignedMany` },
  importMovedOne: { title: "notifications.leadStatusChanged.title", message: `${IMPORT}.movedOne` },
  importMovedMany: { title: "notifications.leadStatusChanged.title", message: `${IMPORT}.movedMany` },
  meetingReminder: { title: "notifications.meetingReminder.title", message: "notifications.meetingReminder.message" },
  welcome: { title: "notifications.welcome.title", message: "notifications.welcome.message" },
  webhookDisabled: { title: "notifications.webhookDisabled.title", message: "notifications.webhookDisabled.message" },
};

const isKind = (value: unknown): value is NotificationKind => typeof value === "string" && Object.hasOwn(TEXTS, value);
const isStatus = (value: unknown): value is LeadStatus => (LEAD_STATUSES as readonly unknown[]).includes(value);

function parseParams(raw: string | null): NotificationParams | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as NotificationParams) : null;
  } catch {
    return null;
  }
}

/** A notification's title and message in `language`; the stored ones when its kind is unknown or its params unreadable. */
export function renderNotification(
  row: { kind: string | null; params: string | null; title: string; message: string },
  language: Language,
): { title: string; message: string } {
  const params = parseParams(row.params);
  if (!isKind(row.kind) || !params) return { title: row.title, message: row.message };
  const t = getTranslator(language);
  const values: Record<string, string | number> = {};
  for (const key of ["name", "lead", "email", "title", "time", "file", "url"] as const) {
    if (typeof params[key] === "string") values[key] = params[key];
  }
  if (typeof params.count === "number") values.count = new Intl.NumberFormat(LOCALES[language]).format(params.count);
  for (const key of ["from", "to"] as const) {
    if (isStatus(params[key])) values[key] = t(`crm.shared.statuses.${params[key]}`);
  }
  const texts = TEXTS[row.kind];
  return { title: t(texts.title, values), message: t(texts.message, values) };
}

/** The stored fallback (pt) and the kind + params of a new notification, as its row's columns. */
export function notificationColumns(kind: NotificationKind, params: NotificationParams) {
  const { title, message } = renderNotification({ kind, params: JSON.stringify(params), title: "", message: "" }, "pt");
  return { kind, params: JSON.stringify(params), title, message };
}
