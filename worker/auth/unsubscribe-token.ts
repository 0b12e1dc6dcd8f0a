// One-click unsubscribe tokens (issue 24, RFC 8058; docs/decisions/028). A token names one
// user and the ONE switch it turns off (email_notifications, weekly_reports or
// monthly_reports), has an id (jti: a used token changes nothing again) and an expiry.
//
// Single purpose: signed (HS256, jose) with a key DERIVED from AUTH_SECRET for this purpose
// only (HMAC-SHA256(AUTH_SECRET, "unsubscribe-token/v1")), with its own audience and `typ`.
// A session's access token (audience "authenticated", signed with AUTH_SECRET itself) is
// refused here, and an unsubscribe token is refused as a session (verifyAccessToken wants
// the "authenticated" audience and the other key).
import { decodeJwt, errors, jwtVerify, SignJWT } from "jose";
import { UNSUBSCRIBE_SWITCHES, type UnsubscribeSwitch } from "../db/schema/index.ts";
import { looksLikeJwt } from "./jwt.ts";

export const UNSUBSCRIBE_AUDIENCE = "unsubscribe";
export const UNSUBSCRIBE_TYP = "unsubscribe+jwt";
/** How long a link in an e-mail keeps working: long enough for an old e-mail, not forever. */
export const UNSUBSCRIBE_TOKEN_TTL_SECONDS = 90 * 24 * 60 * 60;

export type UnsubscribeClaims = { userId: string; switch: UnsubscribeSwitch; jti: string; exp: number };

/** Why a token is refused: not ours / altered / wrong purpose, or ours but too old. */
export type UnsubscribeTokenCheck =
  { ok: true; claims: UnsubscribeClaims } | { ok: false; reason: "invalid" } | { ok: false; reason: "expired"; userId: string | null };

const keys = new Map<string, Promise<Uint8Array>>();

function keyOf(secret: string): Promise<Uint8Array> {
  if (!secret || secret.length < 32) throw new Error("AUTH_SECRET must be set (at least 32 characters)");
  let key = keys.get(secret);
  if (!key) {
    key = (async () => {
      const hmac = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
        "sign",
      ]);
      return new Uint8Array(await crypto.subtle.sign("HMAC", hmac, new TextEncoder().encode("unsubscribe-token/v1")));
    })();
    keys.set(secret, key);
  }
  return key;
}

const isSwitch = (value: unknown): value is UnsubscribeSwitch => (UNSUBSCRIBE_SWITCHES as readonly unknown[]).includes(value);

/** A token for `userId` that turns `which` off, valid UNSUBSCRIBE_TOKEN_TTL_SECONDS from `now`. */
export async function signUnsubscribeToken(secret: string, userId: string, which: UnsubscribeSwitch, now = new Date()): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ sw: which })
    .setProtectedHeader({ alg: "HS256", typ: UNSUBSCRIBE_TYP })
    .setSubject(userId)
    .setAudience(UNSUBSCRIBE_AUDIENCE)
    .setJti(crypto.randomUUID())
    .setIssuedAt(iat)
    .setExpirationTime(iat + UNSUBSCRIBE_TOKEN_TTL_SECONDS)
    .sign(await keyOf(secret));
}

/** Checks a token's signature, purpose and expiry (at `now`); never throws for a bad token. */
export async function verifyUnsubscribeToken(secret: string, token: string, now = new Date()): Promise<UnsubscribeTokenCheck> {
  if (!looksLikeJwt(token) || token.length > 2048) return { ok: false, reason: "invalid" };
  try {
    const { payload, protectedHeader } = await jwtVerify(token, await keyOf(secret), {
      algorithms: ["HS256"],
      audience: UNSUBSCRIBE_AUDIENCE,
      typ: UNSUBSCRIBE_TYP,
      currentDate: now,
      requiredClaims: ["sub", "jti", "exp"],
    });
    if (protectedHeader.typ !== UNSUBSCRIBE_TYP || typeof payload.sub !== "string" || typeof payload.jti !== "string") {
      return { ok: false, reason: "invalid" };
    }
    if (!isSwitch(payload.sw)) return { ok: false, reason: "invalid" };
    return { ok: true, claims: { userId: payload.sub, switch: payload.sw, jti: payload.jti, exp: payload.exp! } };
  } catch (error) {
    // Only a token whose signature and purpose checked out can be "expired" (jose checks the
    // signature before the times), so its subject can be trusted to pick the page's language.
    if (error instanceof errors.JWTExpired) {
      const sub = decodeJwt(token).sub;
      return { ok: false, reason: "expired", userId: typeof sub === "string" ? sub : null };
    }
    return { ok: false, reason: "invalid" };
  }
}
