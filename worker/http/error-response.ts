// Errors as HTTP answers, in one place (conventions 18). A domain error of the services
// (worker/services/errors.ts) or an auth error (worker/auth/auth-error.ts) becomes a status,
// a stable code, Retry-After and a message in the reader's language. The API's onError
// (worker/api/errors.ts) and the routes' loaders and actions (app/lib/route-errors.server.ts)
// both answer through errorReply, so a screen and an API call cannot tell one failure
// differently; the fetch handler, the body cap and the party guard use errorResponse for
// the same JSON before any of them runs.
import type { Language, TranslationKey, TranslationParams } from "~/i18n";
import { getTranslator } from "~/i18n/dictionaries.server";
import { formatNumber, formatWaitTime } from "~/i18n/format";
import { AuthError } from "../auth/auth-error.ts";
import {
  ConflictError,
  DomainError,
  InvalidInputError,
  RateLimitedError,
  UnavailableError,
  type DomainErrorKind,
} from "../services/errors.ts";

export type ApiErrorCode =
  | "bad_request"
  | "invalid_json"
  | "validation_failed"
  | "not_found"
  | "unauthorized"
  | "forbidden"
  | "conflict"
  | "lead_exists"
  | "lead_moved"
  | "payload_too_large"
  | "rate_limited"
  | "internal_error"
  | "service_unavailable";

/** The body of every API error: a stable code and a message in the caller's language. */
export type ApiErrorBody = {
  error: ApiErrorCode | (string & {});
  message: string;
  issues?: { path: string; message: string }[];
  /** Extra fields of a code, e.g. `lead: {id, name}` for lead_exists. */
  [detail: string]: unknown;
};

/** The statuses errors are answered with. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 422 | 429 | 500 | 503;

/** An error as an answer: its status, JSON body and headers (Retry-After). */
export type ErrorReply = { status: ErrorStatus; body: ApiErrorBody; headers: Record<string, string> };

/**
 * `{error, message}` for a code: `message` when given, else `apiErrors.<code>` in `language`
 * (the code itself when the dictionaries have no text for it).
 */
export function errorBody(language: Language, code: string, params?: TranslationParams, message?: string): ApiErrorBody {
  if (message && message !== code) return { error: code, message };
  const t = getTranslator(language);
  const key = `apiErrors.${code}` as TranslationKey;
  const translated = t(key, params);
  return { error: code, message: translated === key ? code : translated };
}

/** The API's error JSON outside Hono (the fetch handler, the body cap, the party guard). */
export function errorResponse(language: Language, status: ErrorStatus, code: ApiErrorCode) {
  return Response.json(errorBody(language, code), { status });
}

/**
 * Issues whose message is a dictionary key (`apiErrors.field.*`, as services and the
 * forms' schemas name a field's problem) in the caller's language; other messages as they are.
 */
export function translatedIssues(language: Language, issues: readonly { path: string; message: string }[]) {
  const t = getTranslator(language);
  return issues.map((issue) => {
    if (!issue.message.startsWith("apiErrors.")) return issue;
    const translated = t(issue.message as TranslationKey);
    return translated === issue.message ? issue : { ...issue, message: translated };
  });
}

/** "Try again in {wait}": the wait in minutes or seconds of `language` (Retry-After stays in seconds). */
export const waitParams = (retryAfterSeconds: number, language: Language): TranslationParams => ({
  wait: formatWaitTime(retryAfterSeconds, language),
});

const STATUS_OF_KIND: Record<DomainErrorKind, ErrorStatus> = {
  not_found: 404,
  forbidden: 403,
  conflict: 409,
  invalid_input: 400,
  rate_limited: 429,
  unavailable: 503,
};

/**
 * Codes answered with another status than their kind's: a file over the cap is HTTP's "too
 * large"; an import whose stored file is no longer kept is "gone".
 */
const STATUS_OF_CODE: Partial<Record<string, ErrorStatus>> = { file_too_large: 413, import_file_expired: 410 };

/** A domain error as the API answers it: `{...details, error, message, issues?}`. */
export function domainErrorReply(error: DomainError, language: Language): ErrorReply {
  const status = STATUS_OF_CODE[error.code] ?? STATUS_OF_KIND[error.kind];
  const headers: Record<string, string> = {};
  // Numbers (a limit, a count, a line) are written the reader's way: "20.000" in pt, "20,000" in en.
  const params: TranslationParams = Object.fromEntries(
    Object.entries(error.params ?? {}).map(([name, value]) => [name, typeof value === "number" ? formatNumber(value, language) : value]),
  );
  let message: string | undefined;
  if (error instanceof RateLimitedError) {
    headers["Retry-After"] = String(error.retryAfterSeconds);
    message = getTranslator(language)(error.messageKey, { ...waitParams(error.retryAfterSeconds, language), ...params });
  }
  if (error instanceof UnavailableError) headers["Retry-After"] = String(error.retryAfterSeconds);
  const issues = error instanceof InvalidInputError && error.issues.length > 0 ? error.issues : undefined;
  if (issues) params.fields = [...new Set(issues.map((issue) => issue.path))].join(", ");
  const details = error instanceof ConflictError ? error.details : undefined;
  const body: ApiErrorBody = { ...details, ...errorBody(language, error.code, params, message) };
  if (issues) body.issues = translatedIssues(language, issues);
  return { status, body, headers };
}

/** GoTrue's error body: `{code, error_code, msg}` plus `weak_password.reasons`. */
export type GoTrueErrorBody = { code: number; error_code: string; msg: string; weak_password?: { reasons: string[] } };

/**
 * An auth error's message in `language`, as the API and the /auth form show it. A wait
 * ("Try again in {wait}") reads in minutes or seconds (formatWaitTime); Retry-After stays
 * in seconds.
 */
export function authErrorMessage(language: Language, error: AuthError): string {
  const { params, retryAfterSeconds } = error.details;
  const wait = retryAfterSeconds === undefined ? {} : waitParams(retryAfterSeconds, language);
  return getTranslator(language)(`auth.errors.${error.code}`, { ...params, ...wait });
}

export function authErrorBody(language: Language, error: AuthError): GoTrueErrorBody {
  const body: GoTrueErrorBody = {
    code: error.status,
    error_code: error.code,
    msg: authErrorMessage(language, error),
  };
  if (error.details.reasons) body.weak_password = { reasons: error.details.reasons };
  return body;
}

/**
 * An auth error in the API's own shape `{error, message}` (the auth API itself answers
 * GoTrue's, authErrorBody). Its status is GoTrue's, which the error carries: the protocol
 * gives one error_code different statuses (session_not_found is 400 on a refresh, 401 on a
 * token check), so it cannot be derived from the code.
 */
export function authErrorReply(error: AuthError, language: Language): ErrorReply {
  const { retryAfterSeconds } = error.details;
  return {
    status: error.status,
    body: { error: error.code, message: authErrorMessage(language, error) },
    headers: retryAfterSeconds ? { "Retry-After": String(retryAfterSeconds) } : {},
  };
}

/** A domain or auth error as an answer in `language`; null for anything else (a bug: answer 500). */
export function errorReply(error: unknown, language: Language): ErrorReply | null {
  if (error instanceof DomainError) return domainErrorReply(error, language);
  if (error instanceof AuthError) return authErrorReply(error, language);
  return null;
}
