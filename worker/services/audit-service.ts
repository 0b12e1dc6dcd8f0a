// The audit trail (issue 22): who changed what in the team and the organisation's settings,
// before → after. Entries are written in the same D1 batch as the change they describe (only
// when that change took effect), and admins read them in Settings → Usuários.
import { desc, sql } from "drizzle-orm";
import { auditLog, type User } from "../db/schema/index.ts";
import type { Db } from "../db/client.ts";
import { ForbiddenError } from "./errors.ts";
import type { Authenticated, ServiceContext } from "./service-context.ts";

export const AUDIT_ACTIONS = [
  "user.invited",
  "user.invitation_resent",
  "user.invitation_accepted",
  "user.role_changed",
  "user.deactivated",
  "user.reactivated",
  "settings.system_updated",
  // Personal API tokens (issue 25, docs/decisions/031): made, revoked, and each request made with one
  // (token.request: shown in the token's row in Settings → API, kept out of the trail of changes).
  "token.created",
  "token.revoked",
  "token.request",
  // Webhook endpoints (issue 25, docs/decisions/032): where the CRM sends every lead, so each change
  // to one is on the trail (before → after of what changed, URL included; never its secret).
  "webhook.created",
  "webhook.updated",
  "webhook.secret_rotated",
  "webhook.deleted",
  "webhook.delivery_resent",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export type AuditInput = {
  action: AuditAction;
  targetType: "user" | "settings" | "api_token" | "webhook_endpoint";
  targetId?: string | null;
  /** How the target reads in the log (a user's name and e-mail, 'Sistema'). */
  targetLabel?: string | null;
  /** The fields that changed, as they were and as they are. */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
};

const json = (value: Record<string, unknown> | null | undefined) => (value ? JSON.stringify(value) : null);

/**
 * The statement that writes one entry, to put in the batch of the change it describes. With
 * `onlyIfChanged`, it writes only when the statement just before it in the batch changed a row
 * (SQLite's changes()): a guarded update that refused leaves no entry.
 */
export function auditStatement(db: Db, actor: Pick<User, "id" | "name">, input: AuditInput, { onlyIfChanged = false } = {}) {
  // The table's columns in their declared order (insert … select names them all in it).
  const values = sql`${crypto.randomUUID()}, ${actor.id}, ${actor.name}, ${input.action}, ${input.targetType}, ${input.targetId ?? null}, ${input.targetLabel ?? null}, ${json(input.before)}, ${json(input.after)}, ${new Date().toISOString()}`;
  return db.insert(auditLog).select(sql`select ${values} where ${onlyIfChanged ? sql`changes() > 0` : sql`1`}`);
}

/** Writes one entry on its own (when the change has no batch to join). */
export async function recordAudit({ db }: ServiceContext, actor: Pick<User, "id" | "name">, input: AuditInput): Promise<void> {
  await auditStatement(db, actor, input);
}

export type AuditEntryDto = {
  id: string;
  actor_id: string | null;
  actor_name: string;
  action: AuditAction;
  target_type: string;
  target_id: string | null;
  target_label: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  created_at: string;
};

export const AUDIT_PAGE_SIZE = 50;

const parse = (value: string | null) => {
  if (!value) return null;
  try {
    return JSON.parse(value) as Record<string, unknown>;
  } catch {
    return null;
  }
};

/**
 * The newest entries, newest first (admins only): the trail of changes, without the requests
 * made with API tokens (a literal condition, so SQLite reads audit_log_changes_created_idx, the
 * partial index that leaves those rows out, however many there are).
 */
export async function listAudit({ db }: ServiceContext, actor: Authenticated, limit = AUDIT_PAGE_SIZE): Promise<AuditEntryDto[]> {
  if (actor.user.role !== "admin") throw new ForbiddenError();
  const rows = await db
    .select()
    .from(auditLog)
    .where(sql.raw("action <> 'token.request'"))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit)
    .all();
  return rows.map((row) => ({
    id: row.id,
    actor_id: row.actorId,
    actor_name: row.actorName,
    action: row.action as AuditAction,
    target_type: row.targetType,
    target_id: row.targetId,
    target_label: row.targetLabel,
    before: parse(row.before),
    after: parse(row.after),
    created_at: row.createdAt,
  }));
}
