import { COMMON_PASSWORDS } from "./common-passwords.ts";

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** GoTrue's weak_password reasons: "length" (too short or long) and "pwned" (too common). */
export type WeakPasswordReason = "length" | "pwned";

/**
 * The reasons a password is refused; empty when it is acceptable. No composition rules
 * (NIST SP 800-63B): length 8-128 and not on the common-password list.
 */
export function weakPasswordReasons(password: string): WeakPasswordReason[] {
  const reasons: WeakPasswordReason[] = [];
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH || length > PASSWORD_MAX_LENGTH) reasons.push("length");
  if (COMMON_PASSWORDS.has(password.toLowerCase())) reasons.push("pwned");
  return reasons;
}
