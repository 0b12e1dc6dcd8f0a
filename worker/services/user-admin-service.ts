// Settings → Usuários (crm.md §2 'Settings', issue 22): the team's accounts, invitations,
// roles, deactivation and their audit trail. Everyone signed in reads the team; only admins
// change it. Every change writes an audit entry in the batch of the change, and only when the
// change took effect.
//
// The last active admin: a demotion or deactivation is one UPDATE whose WHERE carries the
// condition "another active admin remains" (lastAdminGuard). D1 runs statements one at a time,
// so of two admins demoting each other at the same moment the second write sees the first and
// matches no row; nothing that was read before the write decides it.
import { and, asc, eq, isNull, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { type Language } from "~/i18n";
import { getTranslator } from "~/i18n/dictionaries.server";
import { randomToken, sha256Hex } from "../auth/crypto.ts";
import { hashPassword } from "../auth/password.ts";
import { passwordResetTokens, USER_ROLES, users, type User, type UserRole } from "../db/schema/index.ts";
import { auditStatement, listAudit, type AuditEntryDto } from "./audit-service.ts";
import { endSessions, normalizeEmail, publicUrl } from "./auth-service.ts";
import { queueEmail } from "./email-service.ts";
import { readOrgFormat } from "./org-settings-service.ts";
import { enforceRateLimit, type RateLimit } from "./rate-limit-service.ts";
import { DomainError, ForbiddenError, NotFoundError } from "./errors.ts";
import { FIELD_ISSUE, line } from "./lead-service.ts";
import type { Authenticated, ServiceContext } from "./service-context.ts";

/** An invitation link works for 7 days, once; a newer invitation (or recovery link) spends it. */
export const INVITE_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Invitations (new or sent again) one admin may send per hour: a mistaken loop cannot flood inboxes. */
export const INVITE_LIMIT: RateLimit = { limit: 30, windowMs: 60 * 60 * 1000 };
/** The table lists at most this many accounts (a team, not a customer base). */
export const TEAM_LIST_LIMIT = 1000;

export type TeamMemberStatus = "active" | "inactive" | "invited";

/** One row of the Usuários table. */
export type TeamMemberDto = {
  id: string;
  name: string;
  email: string;
  role: UserRole;
  status: TeamMemberStatus;
  avatar_url: string | null;
  created_at: string;
  last_sign_in_at: string | null;
  invited_at: string | null;
};

/** What the Usuários tab loads: the team; for admins also the newest audit entries. */
export type UsersTabData = {
  users: TeamMemberDto[];
  canManage: boolean;
  audit: AuditEntryDto[] | null;
};

const statusOf = (user: Pick<User, "isActive" | "invitedAt">): TeamMemberStatus =>
  !user.isActive ? "inactive" : user.invitedAt ? "invited" : "active";

export const toTeamMember = (user: User): TeamMemberDto => ({
  id: user.id,
  name: user.name,
  email: user.email,
  role: user.role,
  status: statusOf(user),
  avatar_url: user.avatarUrl,
  created_at: user.createdAt,
  last_sign_in_at: user.lastSignInAt,
  invited_at: user.invitedAt,
});

const byName = new Intl.Collator("pt-BR", { sensitivity: "base", numeric: true });

/** The whole team (active, inactive and invited), by name; any signed-in role. */
export async function listTeam({ db }: ServiceContext, _actor: Authenticated): Promise<TeamMemberDto[]> {
  const rows = await db.select().from(users).orderBy(asc(users.name)).limit(TEAM_LIST_LIMIT).all();
  return rows.map(toTeamMember).sort((a, b) => byName.compare(a.name, b.name) || a.email.localeCompare(b.email));
}

export async function loadUsersTab(ctx: ServiceContext, actor: Authenticated): Promise<UsersTabData> {
  const canManage = actor.user.role === "admin";
  const [team, audit] = await Promise.all([listTeam(ctx, actor), canManage ? listAudit(ctx, actor) : null]);
  return { users: team, canManage, audit };
}

function assertAdmin(actor: Authenticated) {
  if (actor.user.role !== "admin") throw new ForbiddenError();
}

/** POST /api/users/invitations: name, e-mail, role. */
export const inviteSchema = z.object(
  {
    name: line(100).min(1, FIELD_ISSUE.required),
    email: z
      .string(FIELD_ISSUE.required)
      .trim()
      .toLowerCase()
      .min(1, FIELD_ISSUE.required)
      .max(254, FIELD_ISSUE.tooLong)
      .pipe(z.email(FIELD_ISSUE.invalid)),
    role: z.enum(USER_ROLES, FIELD_ISSUE.invalid),
  },
  FIELD_ISSUE.invalid,
);
export type InviteInput = z.infer<typeof inviteSchema>;

/** PATCH /api/users/:id/role. */
export const roleSchema = z.object({ role: z.enum(USER_ROLES, FIELD_ISSUE.invalid) }, FIELD_ISSUE.invalid);

/** The unique index on users.email refused the insert (drizzle wraps D1's error: its text is in `cause`). */
function isUniqueEmailError(error: unknown): boolean {
  const text = `${String(error)} ${error instanceof Error ? String(error.cause) : ""}`;
  return /UNIQUE constraint failed/i.test(text) && /users_email_unique|users\.email/i.test(text);
}

/**
 * "Another active admin remains besides the row being written": the condition a demotion or
 * deactivation carries in its own WHERE. Invited admins who never set a password do not count.
 */
const anotherActiveAdmin = sql`exists (select 1 from users as other where other.role = 'admin' and other.is_active = 1 and other.invited_at is null and other.id <> ${users.id})`;

/**
 * The guard of a write that would take `users` out of the active admins (a role other than
 * admin, or is_active = 0): allowed when the row is not an active admin now, or another remains.
 */
export const lastAdminGuard: SQL = sql`(${users.role} <> 'admin' or ${users.isActive} = 0 or ${anotherActiveAdmin})`;

/**
 * Writes a new invitation link for `user` (spending every older link of theirs) and queues the
 * e-mail; the batch also stamps invited_at and whatever `together` adds (the audit entry).
 */
async function sendInvitation(
  ctx: ServiceContext,
  actor: Authenticated,
  user: User,
  language: Language,
  together: Parameters<typeof auditStatement>[2],
) {
  const { db } = ctx;
  const token = randomToken(32);
  const now = new Date();
  await db.batch([
    db
      .update(passwordResetTokens)
      .set({ usedAt: now.toISOString() })
      .where(and(eq(passwordResetTokens.userId, user.id), isNull(passwordResetTokens.usedAt))),
    db.insert(passwordResetTokens).values({
      userId: user.id,
      tokenHash: await sha256Hex(token),
      purpose: "invite",
      expiresAt: new Date(now.getTime() + INVITE_TOKEN_TTL_MS).toISOString(),
      createdAt: now.toISOString(),
    }),
    db.update(users).set({ invitedAt: now.toISOString(), updatedAt: now.toISOString() }).where(eq(users.id, user.id)),
    auditStatement(db, actor.user, together),
  ]);
  const link = publicUrl(ctx.env, "/auth");
  link.searchParams.set("type", "invite");
  link.searchParams.set("token", token);
  const t = getTranslator(language);
  const { company_name: company } = await readOrgFormat(ctx);
  await queueEmail(ctx, {
    to: user.email,
    subject: t("crm.settings.users.email.subject", { inviter: actor.user.name, company }),
    text: t("crm.settings.users.email.body", {
      company,
      name: user.name,
      inviter: actor.user.name,
      role: t(`crm.roles.${user.role}`),
      link: link.toString(),
    }),
    kind: "user_invitation",
  });
}

/**
 * Invites a colleague (admins): an account that cannot sign in until its link sets a password
 * (a random password nobody knows), and an e-mail in the inviter's language with a link valid
 * 7 days. An e-mail already in use → 409 user_email_taken.
 */
export async function inviteUser(
  ctx: ServiceContext,
  actor: Authenticated,
  input: InviteInput,
  language: Language,
): Promise<TeamMemberDto> {
  assertAdmin(actor);
  const email = normalizeEmail(input.email);
  await enforceRateLimit(ctx.db, `invite:${actor.user.id}`, INVITE_LIMIT);
  const taken = () => new DomainError("conflict", "user_email_taken", { email });
  if (await ctx.db.query.users.findFirst({ columns: { id: true }, where: eq(users.email, email) })) throw taken();
  let user: User | undefined;
  try {
    [user] = await ctx.db
      .insert(users)
      .values({
        name: input.name,
        email,
        role: input.role,
        language,
        passwordHash: await hashPassword(randomToken(32)),
        invitedAt: new Date().toISOString(),
      })
      .returning();
  } catch (error) {
    // Two invitations of one address at the same moment: the unique index keeps one.
    if (isUniqueEmailError(error)) throw taken();
    throw error;
  }
  await sendInvitation(ctx, actor, user!, language, {
    action: "user.invited",
    targetType: "user",
    targetId: user!.id,
    targetLabel: `${user!.name} <${user!.email}>`,
    after: { name: user!.name, email: user!.email, role: user!.role },
  });
  return toTeamMember((await ctx.db.query.users.findFirst({ where: eq(users.id, user!.id) }))!);
}

/** Sends a pending invitation again (admins); the earlier link stops working. */
export async function resendInvitation(
  ctx: ServiceContext,
  actor: Authenticated,
  userId: string,
  language: Language,
): Promise<TeamMemberDto> {
  assertAdmin(actor);
  const user = await ctx.db.query.users.findFirst({ where: eq(users.id, userId) });
  if (!user) throw new NotFoundError();
  if (!user.invitedAt || !user.isActive) throw new DomainError("conflict", "invitation_not_pending");
  await enforceRateLimit(ctx.db, `invite:${actor.user.id}`, INVITE_LIMIT);
  await sendInvitation(ctx, actor, user, language, {
    action: "user.invitation_resent",
    targetType: "user",
    targetId: user.id,
    targetLabel: `${user.name} <${user.email}>`,
  });
  return toTeamMember((await ctx.db.query.users.findFirst({ where: eq(users.id, userId) }))!);
}

/** Why a guarded write matched no row: the user is gone (404) or is the last active admin (409). */
async function refusal(ctx: ServiceContext, userId: string): Promise<never> {
  const exists = await ctx.db.query.users.findFirst({ columns: { id: true }, where: eq(users.id, userId) });
  if (!exists) throw new NotFoundError();
  throw new DomainError("conflict", "last_admin");
}

/**
 * The guarded role change itself, one statement plus its audit entry in one batch; exported so
 * a test can run two of them after both callers' reads (a forced interleaving).
 */
export async function writeRole(ctx: ServiceContext, actor: Authenticated, before: User, role: UserRole): Promise<User | undefined> {
  const now = new Date().toISOString();
  const [updated] = await ctx.db.batch([
    ctx.db
      .update(users)
      .set({ role, updatedAt: now })
      .where(and(eq(users.id, before.id), role === "admin" ? undefined : lastAdminGuard))
      .returning(),
    auditStatement(
      ctx.db,
      actor.user,
      {
        action: "user.role_changed",
        targetType: "user",
        targetId: before.id,
        targetLabel: `${before.name} <${before.email}>`,
        before: { role: before.role },
        after: { role },
      },
      { onlyIfChanged: true },
    ),
  ]);
  return updated[0];
}

/** Changes a colleague's role (admins). The last active admin cannot be demoted (409 last_admin). */
export async function changeRole(ctx: ServiceContext, actor: Authenticated, userId: string, role: UserRole): Promise<TeamMemberDto> {
  assertAdmin(actor);
  const before = await ctx.db.query.users.findFirst({ where: eq(users.id, userId) });
  if (!before) throw new NotFoundError();
  if (before.role === role) return toTeamMember(before);
  const updated = await writeRole(ctx, actor, before, role);
  if (!updated) return refusal(ctx, userId);
  // Every request reads the role from the users row (authenticateAccessToken), so the new one
  // applies from the next request on; nobody is signed out for it.
  return toTeamMember(updated);
}

/** The guarded (de)activation and its audit entry, one batch (see writeRole). */
export async function writeActive(ctx: ServiceContext, actor: Authenticated, before: User, active: boolean): Promise<User | undefined> {
  const now = new Date().toISOString();
  const [updated] = await ctx.db.batch([
    ctx.db
      .update(users)
      .set({ isActive: active, updatedAt: now })
      .where(and(eq(users.id, before.id), active ? undefined : lastAdminGuard))
      .returning(),
    auditStatement(
      ctx.db,
      actor.user,
      {
        action: active ? "user.reactivated" : "user.deactivated",
        targetType: "user",
        targetId: before.id,
        targetLabel: `${before.name} <${before.email}>`,
        before: { is_active: before.isActive },
        after: { is_active: active },
      },
      { onlyIfChanged: true },
    ),
    // A deactivated account's unused links (invitation, recovery) are spent with it:
    // reactivating it does not bring an old link back (the admin resends the invitation).
    ...(active
      ? []
      : [
          ctx.db
            .update(passwordResetTokens)
            .set({ usedAt: now })
            .where(
              and(
                eq(passwordResetTokens.userId, before.id),
                isNull(passwordResetTokens.usedAt),
                sql`exists (select 1 from users where id = ${before.id} and is_active = 0)`,
              ),
            ),
        ]),
  ]);
  return updated[0];
}

/**
 * Deactivates or reactivates a colleague (admins). Deactivation ends every session, refresh
 * token and socket of theirs at once (endSessions), takes them out of the assignee choices
 * (active users only) and keeps their leads, tasks and history. An admin cannot deactivate
 * themself (400 cannot_deactivate_self); the last active admin cannot be deactivated (409).
 */
export async function setActive(ctx: ServiceContext, actor: Authenticated, userId: string, active: boolean): Promise<TeamMemberDto> {
  assertAdmin(actor);
  if (userId === actor.user.id && !active) throw new DomainError("invalid_input", "cannot_deactivate_self");
  const before = await ctx.db.query.users.findFirst({ where: eq(users.id, userId) });
  if (!before) throw new NotFoundError();
  const updated = before.isActive === active ? before : await writeActive(ctx, actor, before, active);
  if (!updated) return refusal(ctx, userId);
  if (!active) await endSessions(ctx, { userId });
  return toTeamMember(updated);
}
