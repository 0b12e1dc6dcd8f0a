import { jwtVerify, SignJWT, type JWTPayload } from "jose";
import type { UserRole } from "../db/schema/index.ts";

export const ACCESS_TOKEN_TTL_SECONDS = 60 * 60;
export const JWT_AUDIENCE = "authenticated";

/** The claims of an access token (GoTrue's shape plus the staff role). */
export type AccessClaims = {
  sub: string;
  aud: string;
  role: "authenticated";
  exp: number;
  iat: number;
  session_id: string;
  email: string;
  staff_role: UserRole;
  aal: "aal1";
  amr: { method: "password" | "recovery"; timestamp: number }[];
  is_anonymous: false;
};

const THREE_BASE64URL_PARTS = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

const key = (secret: string) => new TextEncoder().encode(secret);

/**
 * Signs an access token. HS256 is deterministic, so the same claims (same iat) give the
 * same token — which is how a retried refresh returns the identical pair.
 */
export async function signAccessToken(secret: string, claims: Omit<AccessClaims, "exp" | "aud" | "role" | "aal" | "is_anonymous">) {
  const payload: JWTPayload & Omit<AccessClaims, "iat" | "exp"> = {
    aud: JWT_AUDIENCE,
    role: "authenticated",
    aal: "aal1",
    is_anonymous: false,
    sub: claims.sub,
    session_id: claims.session_id,
    email: claims.email,
    staff_role: claims.staff_role,
    amr: claims.amr,
  };
  return new SignJWT(payload)
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuedAt(claims.iat)
    .setExpirationTime(claims.iat + ACCESS_TOKEN_TTL_SECONDS)
    .sign(key(secret));
}

/** The token's claims, or null when it is malformed, forged or expired. */
export async function verifyAccessToken(secret: string, token: string): Promise<AccessClaims | null> {
  if (!THREE_BASE64URL_PARTS.test(token)) return null;
  try {
    const { payload } = await jwtVerify(token, key(secret), { algorithms: ["HS256"], audience: JWT_AUDIENCE });
    if (typeof payload.sub !== "string" || typeof payload.session_id !== "string") return null;
    return payload as unknown as AccessClaims;
  } catch {
    return null;
  }
}

/** True when the string has the shape of a JWT (three base64url parts). */
export function looksLikeJwt(token: string) {
  return THREE_BASE64URL_PARTS.test(token);
}
