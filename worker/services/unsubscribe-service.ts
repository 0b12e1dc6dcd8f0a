// One-click unsubscribe (issue 24, RFC 8058; docs/decisions/028). Every notification digest
// and report e-mail names one switch of Settings → Notificações and carries a signed token
// for it (worker/auth/unsubscribe-token.ts) in two places:
// - `List-Unsubscribe: <…/api/unsubscribe?token=…>` with `List-Unsubscribe-Post:
//   List-Unsubscribe=One-Click`: the mail client POSTs `List-Unsubscribe=One-Click` there and
//   the switch goes off, without signing in;
// - a link in the body to the page /unsubscribe?token=…, which says what will be turned off
//   and has a button that POSTs. A GET never changes anything (mail scanners follow links).
//
// A used token is recorded by its id (unsubscribe_token_uses): using it again answers "already
// done" and changes nothing, so a link clicked again after the user switched the e-mails back
// on in Settings does not turn them off a second time. The record and the switch are one D1
// batch: of a burst of parallel uses exactly one records the token and turns the switch off.
import { sql } from "drizzle-orm";
import type { Language } from "~/i18n/languages";
import { readBatch } from "../db/raw-batch.ts";
import type { UnsubscribeSwitch } from "../db/schema/index.ts";
import { signUnsubscribeToken, verifyUnsubscribeToken, type UnsubscribeClaims } from "../auth/unsubscribe-token.ts";
import { InvalidInputError } from "./errors.ts";
import { enforceRateLimit, type RateLimit } from "./rate-limit-service.ts";
import type { ServiceContext } from "./service-context.ts";

/** Uses of unsubscribe links from one IP (a mail provider posts for many users: generous). */
export const UNSUBSCRIBE_IP_LIMIT: RateLimit = { limit: 60, windowMs: 10 * 60 * 1000, message: "apiErrors.unsubscribe_rate_limited" };
/** Uses of unsubscribe links of one user. */
export const UNSUBSCRIBE_USER_LIMIT: RateLimit = { limit: 10, windowMs: 10 * 60 * 1000, message: "apiErrors.unsubscribe_rate_limited" };

/** The switches' labels, as Settings → Notificações names them. */
export const UNSUBSCRIBE_SETTING_LABEL = {
  email_notifications: "crm.settings.notifications.emailNotifications.label",
  weekly_reports: "crm.settings.notifications.weeklyReports.label",
  monthly_reports: "crm.settings.notifications.monthlyReports.label",
} as const satisfies Record<UnsubscribeSwitch, string>;

/** A refused link, with the language of the user it named when that is known (an expired link). */
export class UnsubscribeLinkError extends InvalidInputError {
  constructor(
    code: "unsubscribe_link_invalid" | "unsubscribe_link_expired",
    readonly language: Language | null = null,
  ) {
    super(code);
  }
}

/** The two URLs of a token: the one-click endpoint (the header) and the page (the body's link). */
export function unsubscribeUrls(env: Env, token: string) {
  const origin = new URL(env.PUBLIC_ORIGIN).origin;
  const query = `?token=${encodeURIComponent(token)}`;
  return { oneClick: `${origin}/api/unsubscribe${query}`, page: `${origin}/unsubscribe${query}` };
}

/** RFC 8058's two header fields for a one-click URL. */
export function unsubscribeHeaders(oneClickUrl: string): Record<string, string> {
  return { "List-Unsubscribe": `<${oneClickUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

/** A fresh token for `userId` and `which`, and its two URLs. */
export async function unsubscribeLink(env: Env, userId: string, which: UnsubscribeSwitch, now = new Date()) {
  const token = await signUnsubscribeToken(env.AUTH_SECRET, userId, which, now);
  return { token, ...unsubscribeUrls(env, token) };
}

type LinkUser = { id: string; email: string; name: string; language: Language };

/** What a link would do, as its page shows it. */
export type UnsubscribeLinkView = {
  switch: UnsubscribeSwitch;
  email: string;
  name: string;
  language: Language;
  /** The token was used already (nothing more will change). */
  used: boolean;
};

async function userOf(ctx: ServiceContext, id: string): Promise<LinkUser | null> {
  return (await ctx.db.$client.prepare("select id, email, name, language from users where id = ?").bind(id).first<LinkUser>()) ?? null;
}

/** The token's claims and its user; UnsubscribeLinkError when altered, for another purpose, expired or of a removed user. */
async function checkToken(ctx: ServiceContext, token: string, now: Date): Promise<{ claims: UnsubscribeClaims; user: LinkUser }> {
  const check = await verifyUnsubscribeToken(ctx.env.AUTH_SECRET, token, now);
  if (!check.ok) {
    const user = check.reason === "expired" && check.userId ? await userOf(ctx, check.userId) : null;
    throw new UnsubscribeLinkError(
      check.reason === "expired" ? "unsubscribe_link_expired" : "unsubscribe_link_invalid",
      user?.language ?? null,
    );
  }
  const user = await userOf(ctx, check.claims.userId);
  if (!user) throw new UnsubscribeLinkError("unsubscribe_link_invalid");
  return { claims: check.claims, user };
}

/** What the link would turn off, for its page; changes nothing. */
export async function readUnsubscribeLink(ctx: ServiceContext, token: string, now = new Date()): Promise<UnsubscribeLinkView> {
  const { claims, user } = await checkToken(ctx, token, now);
  const used = await ctx.db.$client.prepare("select 1 as used from unsubscribe_token_uses where jti = ?").bind(claims.jti).first();
  return { switch: claims.switch, email: user.email, name: user.name, language: user.language, used: used !== null };
}

/**
 * Uses a link: turns its switch off for its user (no session needed), once. `alreadyDone`:
 * the token had been used before, and nothing changed now.
 */
export async function unsubscribeWithToken(
  ctx: ServiceContext,
  token: string,
  client: { ip: string },
  now = new Date(),
): Promise<UnsubscribeLinkView & { alreadyDone: boolean }> {
  await enforceRateLimit(ctx.db, `unsubscribe:${client.ip}`, UNSUBSCRIBE_IP_LIMIT, now);
  const { claims, user } = await checkToken(ctx, token, now);
  await enforceRateLimit(ctx.db, `unsubscribe-user:${user.id}`, UNSUBSCRIBE_USER_LIMIT, now);
  const requestId = crypto.randomUUID();
  const at = now.toISOString();
  // The column is one of three constants (the token's claim was checked against them).
  const column = sql.raw(claims.switch);
  const [, , [use]] = await readBatch<[unknown, unknown, { request_id: string }]>(ctx.db, [
    sql`insert into unsubscribe_token_uses (jti, user_id, switch, request_id, used_at)
        values (${claims.jti}, ${user.id}, ${claims.switch}, ${requestId}, ${at}) on conflict do nothing`,
    sql`insert into notification_preferences (user_id, ${column})
        select ${user.id}, 0 where exists (select 1 from unsubscribe_token_uses where jti = ${claims.jti} and request_id = ${requestId})
        on conflict (user_id) do update set ${column} = 0, updated_at = ${at}`,
    sql`select request_id from unsubscribe_token_uses where jti = ${claims.jti}`,
  ]);
  const alreadyDone = use?.request_id !== requestId;
  return { switch: claims.switch, email: user.email, name: user.name, language: user.language, used: true, alreadyDone };
}
