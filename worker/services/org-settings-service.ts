// Settings → Sistema (crm.md §2 'Settings', §3 system settings; issue 22; docs/decisions/021):
// the organisation's settings, one row in D1 (migration 0016), read by everyone, written by
// admins, obeyed by the whole CRM:
// - company_name: the CRM's frame and the e-mails it sends;
// - time_zone, currency: how screens, e-mails, CSV and reports count days and format money;
// - maintenance_mode: the public site's writes answer 503 'back soon' (assertPublicWritesOpen);
// - debug_mode: a request id and one log line per request (worker/http/request-log.ts);
// - auto_backup: the Cron Trigger's daily backup to R2 (backup-service.ts; issue 23).
//
// Every request may need them (maintenance, debug), so they are kept per isolate for a few
// seconds (SETTINGS_CACHE_MS): a save forgets them in its own isolate at once, other isolates
// see it within that time.
import { sql } from "drizzle-orm";
import { z } from "zod";
import { LEAD_CURRENCIES, type LeadCurrency } from "../db/schema/index.ts";
import { ORG_TIME_ZONE, ORG_TIME_ZONES, type OrgTimeZone } from "../lib/org-time.ts";
import { recordAudit } from "./audit-service.ts";
import { isSingleLine } from "~/lib/single-line";
import { ForbiddenError, UnavailableError, type FieldIssueKey } from "./errors.ts";
import type { Authenticated, ServiceContext } from "./service-context.ts";
import { hasNoBidiControl } from "../lib/control-chars.ts";

export const COMPANY_NAME_MAX = 100;
/** How long an isolate keeps the settings it read (ms). */
export const SETTINGS_CACHE_MS = 5_000;
/** Retry-After of the public writes during maintenance (seconds). */
export const MAINTENANCE_RETRY_AFTER_SECONDS = 300;

/** The organisation's settings as the API sends and takes them (snake_case, like the rest of the API). */
export type SystemSettingsDto = {
  company_name: string;
  time_zone: OrgTimeZone;
  currency: LeadCurrency;
  auto_backup: boolean;
  maintenance_mode: boolean;
  debug_mode: boolean;
  /** When they were last written (the migration, then each save) and by whom (null: nobody yet). */
  updated_at: string | null;
  updated_by: { id: string; name: string } | null;
};

/** What the CRM's screens and e-mails need of them to format and name things. */
export type OrgFormat = Pick<SystemSettingsDto, "company_name" | "time_zone" | "currency">;

/** The spec's defaults (crm.md §3): what an organisation that never saved reads. */
export const DEFAULT_SYSTEM_SETTINGS: SystemSettingsDto = {
  company_name: "Minha Empresa",
  time_zone: ORG_TIME_ZONE,
  currency: "BRL",
  auto_backup: true,
  maintenance_mode: false,
  debug_mode: false,
  updated_at: null,
  updated_by: null,
};

// The lead form's field rules and texts (lead-service.ts line(), FIELD_ISSUE), here without
// importing lead-service, which reads these settings itself (a new lead's currency).
const REQUIRED = "apiErrors.field.required" satisfies FieldIssueKey;
const TOO_LONG = "apiErrors.field.too_long" satisfies FieldIssueKey;
const INVALID = "apiErrors.field.invalid_value" satisfies FieldIssueKey;
const invalid = { error: INVALID };
const flag = z.boolean(invalid);
/** One line: trimmed, required, at most `max`, no control characters. */
const requiredLine = (max: number) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? REQUIRED : INVALID) })
    .trim()
    .max(max, TOO_LONG)
    .refine(isSingleLine, INVALID)
    .refine(hasNoBidiControl, INVALID)
    .refine((value) => value.length > 0, REQUIRED);

/** PUT /api/settings/system: every field (the form sends them together). */
export const systemSettingsSchema = z.object({
  company_name: requiredLine(COMPANY_NAME_MAX),
  time_zone: z.enum(ORG_TIME_ZONES, invalid),
  currency: z.enum(LEAD_CURRENCIES, invalid),
  auto_backup: flag,
  maintenance_mode: flag,
  debug_mode: flag,
});
export type SystemSettingsInput = z.infer<typeof systemSettingsSchema>;

type SettingsRow = {
  company_name: string;
  time_zone: OrgTimeZone;
  currency: LeadCurrency;
  auto_backup: number;
  maintenance_mode: number;
  debug_mode: number;
  updated_at: string;
  updated_by: string | null;
  updated_by_name: string | null;
};

const SELECT_SETTINGS = `select s.company_name, s.time_zone, s.currency, s.auto_backup, s.maintenance_mode, s.debug_mode,
  s.updated_at, s.updated_by, u.name as updated_by_name
  from organisation_settings s left join users u on u.id = s.updated_by where s.id = 1`;

const toDto = (row: SettingsRow | null): SystemSettingsDto =>
  row
    ? {
        company_name: row.company_name,
        time_zone: row.time_zone,
        currency: row.currency,
        auto_backup: Boolean(row.auto_backup),
        maintenance_mode: Boolean(row.maintenance_mode),
        debug_mode: Boolean(row.debug_mode),
        updated_at: row.updated_at,
        updated_by: row.updated_by ? { id: row.updated_by, name: row.updated_by_name ?? "" } : null,
      }
    : // The row is the migration's; a database emptied by hand reads the defaults until a save.
      DEFAULT_SYSTEM_SETTINGS;

/** Where the settings are read from: the request's D1 session or the binding itself. */
type D1Reader = Pick<D1Database, "prepare">;

/** The settings from D1 itself (no cache). */
async function fetchSettings(d1: D1Reader): Promise<SystemSettingsDto> {
  return toDto(await d1.prepare(SELECT_SETTINGS).first<SettingsRow>());
}

// Per isolate: the value, not a promise (a promise made by one request must not be awaited by
// another in Workers).
let cached: { value: SystemSettingsDto; until: number } | null = null;

/** Drops what this isolate keeps: the next read goes to D1 (after a save; tests). */
export function forgetOrgSettings(): void {
  cached = null;
}

/** The organisation's settings, from this isolate's copy while it is under SETTINGS_CACHE_MS old. */
export async function readOrgSettingsFrom(d1: D1Reader, now = Date.now()): Promise<SystemSettingsDto> {
  if (cached && cached.until > now) return cached.value;
  const value = await fetchSettings(d1);
  cached = { value, until: now + SETTINGS_CACHE_MS };
  return value;
}

/** readOrgSettingsFrom through a service context's database. */
export const readOrgSettings = (ctx: Pick<ServiceContext, "db">) => readOrgSettingsFrom(ctx.db.$client);

/** Company name, time zone and currency: what formatting and e-mails need. */
export async function readOrgFormat(ctx: Pick<ServiceContext, "db">): Promise<OrgFormat> {
  const { company_name, time_zone, currency } = await readOrgSettings(ctx);
  return { company_name, time_zone, currency };
}

/** GET /api/settings/system and the Sistema tab: any signed-in role reads them. */
export async function getSystemSettings(ctx: ServiceContext, _actor: Authenticated): Promise<SystemSettingsDto> {
  return fetchSettings(ctx.db.$client);
}

const AUDITED = ["company_name", "time_zone", "currency", "auto_backup", "maintenance_mode", "debug_mode"] as const;

/**
 * Saves every setting (admins only: 403 otherwise) in one upsert, then its audit entry (the
 * fields that changed, before → after; none when nothing changed), and forgets this isolate's
 * copy. Two admins saving at once: the last write wins, each entry says what it changed.
 */
export async function saveSystemSettings(
  ctx: ServiceContext,
  actor: Authenticated,
  input: SystemSettingsInput,
): Promise<SystemSettingsDto> {
  if (actor.user.role !== "admin") throw new ForbiddenError();
  const { db } = ctx;
  const current = await fetchSettings(db.$client);
  const changed = AUDITED.filter((key) => current[key] !== input[key]);
  const now = new Date().toISOString();
  const upsert = db.run(sql`insert into organisation_settings
      (id, company_name, time_zone, currency, auto_backup, maintenance_mode, debug_mode, updated_at, updated_by)
      values (1, ${input.company_name}, ${input.time_zone}, ${input.currency}, ${Number(input.auto_backup)},
              ${Number(input.maintenance_mode)}, ${Number(input.debug_mode)}, ${now}, ${actor.user.id})
      on conflict (id) do update set company_name = excluded.company_name, time_zone = excluded.time_zone,
        currency = excluded.currency, auto_backup = excluded.auto_backup, maintenance_mode = excluded.maintenance_mode,
        debug_mode = excluded.debug_mode, updated_at = excluded.updated_at, updated_by = excluded.updated_by`);
  await upsert;
  if (changed.length) {
    const pick = (from: SystemSettingsInput | SystemSettingsDto) => Object.fromEntries(changed.map((key) => [key, from[key]]));
    await recordAudit(ctx, actor.user, {
      action: "settings.system_updated",
      targetType: "settings",
      targetLabel: "Sistema",
      before: pick(current),
      after: pick(input),
    });
  }
  forgetOrgSettings();
  return fetchSettings(db.$client);
}

/**
 * The public site's writes (contact form, lead capture and the chat assistant's, newsletter)
 * refuse during maintenance: 503 'back soon' with Retry-After. Staff APIs never call this.
 */
export async function assertPublicWritesOpen(ctx: Pick<ServiceContext, "db">): Promise<void> {
  if ((await readOrgSettings(ctx)).maintenance_mode) throw new UnavailableError(MAINTENANCE_RETRY_AFTER_SECONDS);
}

/** What the Sistema tab loads: the settings and whether the viewer may change them. */
/**
 * canEdit: admins save the settings. canTransferData: admins and managers import and export
 * data. canSeeBackups: admins list and download the automatic backups.
 */
export type SystemTabData = { settings: SystemSettingsDto; canEdit: boolean; canTransferData: boolean; canSeeBackups: boolean };

export async function loadSystemTab(ctx: ServiceContext, actor: Authenticated): Promise<SystemTabData> {
  const role = actor.user.role;
  return {
    settings: await getSystemSettings(ctx, actor),
    canEdit: role === "admin",
    canTransferData: role === "admin" || role === "manager",
    canSeeBackups: role === "admin",
  };
}
