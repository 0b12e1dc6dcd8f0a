import type { TranslationParams } from "~/i18n";
import type { WeakPasswordReason } from "./password-policy.ts";

/** GoTrue error codes this API answers with (the `error_code` of the JSON body). */
export type AuthErrorCode =
  | "validation_failed"
  | "invalid_credentials"
  | "user_banned"
  | "weak_password"
  | "over_request_rate_limit"
  | "over_email_send_rate_limit"
  | "no_authorization"
  | "bad_jwt"
  | "session_not_found"
  | "refresh_token_not_found"
  | "refresh_token_already_used"
  | "unsupported_grant_type"
  | "otp_expired"
  | "reauthentication_needed"
  | "bad_origin"
  | "insufficient_role"
  | "user_not_found"
  // Personal API tokens (issue 25, docs/decisions/031): unknown, revoked, expired, owner
  // deactivated (401); a token where only the browser's session may go (403).
  | "api_token_invalid"
  | "api_token_revoked"
  | "api_token_expired"
  | "api_token_owner_inactive"
  | "api_token_not_allowed"
  // A recovery link's session (meant only to set a new password) cannot mint a token that would
  // outlive the reset (403).
  | "api_token_recovery_session";

/**
 * An authentication failure in GoTrue's wire format: HTTP status plus
 * `{code, error_code, msg}` (and `weak_password.reasons`). Thrown by the auth service and
 * guards; the API's onError renders it, route actions translate it for the form.
 */
export class AuthError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 422 | 429,
    readonly code: AuthErrorCode,
    readonly details: {
      params?: TranslationParams;
      reasons?: WeakPasswordReason[];
      retryAfterSeconds?: number;
    } = {},
  ) {
    super(code);
    this.name = "AuthError";
  }
}
