import type { Context, ErrorHandler, NotFoundHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { z } from "zod";
import { type Language, type TranslationParams } from "~/i18n";
import { getTranslator } from "~/i18n/dictionaries.server";
import { formatWaitTime } from "~/i18n/format";
import { AuthError } from "../auth/auth-error.ts";
import type { AppEnv } from "./context.ts";

export type ApiErrorCode =
  | "bad_request"
  | "invalid_json"
  | "validation_failed"
  | "not_found"
  | "unauthorized"
  | "forbidden"
  | "conflict"
  | "lead_exists"
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

/**
 * Thrown by handlers and services; turned into `{error, message}` by `onError`. `message`
 * overrides the translated default for the code.
 */
export class ApiError extends HTTPException {
  readonly code: ApiErrorCode | (string & {});
  readonly params?: TranslationParams;
  readonly issues?: ApiErrorBody["issues"];
  readonly headers?: Record<string, string>;
  readonly details?: Record<string, unknown>;

  constructor(
    status: ContentfulStatusCode,
    code: ApiErrorCode | (string & {}),
    options: {
      message?: string;
      params?: TranslationParams;
      issues?: ApiErrorBody["issues"];
      headers?: Record<string, string>;
      details?: Record<string, unknown>;
    } = {},
  ) {
    super(status, { message: options.message ?? code });
    this.code = code;
    this.params = options.params;
    this.issues = options.issues;
    this.headers = options.headers;
    this.details = options.details;
  }
}

const DEFAULT_CODES: Partial<Record<number, ApiErrorCode>> = {
  400: "bad_request",
  401: "unauthorized",
  403: "forbidden",
  404: "not_found",
  409: "conflict",
  413: "payload_too_large",
  429: "rate_limited",
  503: "service_unavailable",
};

/**
 * 400 validation_failed from a failed parse. `message` maps each issue's message, e.g. the
 * public forms' schemas carry dictionary keys that are translated for the caller.
 */
export function validationError(
  error: { issues: readonly z.core.$ZodIssue[] },
  message: (issueMessage: string) => string = (m) => m,
): ApiError {
  const issues = error.issues.map((issue) => ({
    path: issue.path.map(String).join(".") || "(body)",
    message: message(issue.message),
  }));
  return new ApiError(400, "validation_failed", {
    issues,
    params: { fields: [...new Set(issues.map((i) => i.path))].join(", ") },
  });
}

function errorBody(language: Language, code: string, message?: string, params?: TranslationParams): ApiErrorBody {
  const t = getTranslator(language);
  const key = `apiErrors.${code}` as Parameters<typeof t>[0];
  const translated = t(key, params);
  return { error: code, message: message && message !== code ? message : translated === key ? code : translated };
}

const body = (c: Context<AppEnv>, code: string, message: string | undefined, params?: TranslationParams) =>
  errorBody(c.get("language") ?? "pt", code, message, params);

/** The API's error JSON outside Hono (e.g. for /parties/* paths no party serves). */
export function errorResponse(language: Language, status: ContentfulStatusCode, code: ApiErrorCode) {
  return Response.json(errorBody(language, code), { status });
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
  const wait: TranslationParams = retryAfterSeconds === undefined ? {} : { wait: formatWaitTime(retryAfterSeconds, language) };
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
 * Issues whose message is a dictionary key (`apiErrors.field.*`, as services and the
 * forms' schemas name a field's problem) in the caller's language; other messages as they are.
 */
function translatedIssues(language: Language, issues: NonNullable<ApiErrorBody["issues"]>) {
  const t = getTranslator(language);
  return issues.map((issue) => {
    if (!issue.message.startsWith("apiErrors.")) return issue;
    const translated = t(issue.message as Parameters<typeof t>[0]);
    return translated === issue.message ? issue : { ...issue, message: translated };
  });
}

/** The one error handler of the API: JSON, a 4xx for bad input, never a stack trace. */
export const onError: ErrorHandler<AppEnv> = (err, c) => {
  if (err instanceof AuthError) {
    const language = c.get("language") ?? "pt";
    const headers: Record<string, string> = err.details.retryAfterSeconds ? { "Retry-After": String(err.details.retryAfterSeconds) } : {};
    // The auth API speaks GoTrue's wire format; every other resource the API's own.
    const payload = c.req.path.startsWith("/api/auth/")
      ? authErrorBody(language, err)
      : { error: err.code, message: authErrorMessage(language, err) };
    return c.json(payload, err.status, headers);
  }
  if (err instanceof ApiError) {
    // apiErrors.rate_limited says "Try again in {wait}": filled from Retry-After (seconds).
    const retryAfter = Number(err.headers?.["Retry-After"]);
    const wait: TranslationParams = retryAfter > 0 ? { wait: formatWaitTime(retryAfter, c.get("language") ?? "pt") } : {};
    const payload = { ...err.details, ...body(c, err.code, err.message, { ...wait, ...err.params }) };
    if (err.issues) payload.issues = translatedIssues(c.get("language") ?? "pt", err.issues);
    return c.json(payload, err.status, err.headers);
  }
  if (err instanceof z.ZodError) {
    const apiError = validationError(err);
    return c.json({ ...body(c, apiError.code, undefined, apiError.params), issues: apiError.issues }, 400);
  }
  if (err instanceof HTTPException) {
    if (err.status === 400 && /malformed json/i.test(err.message)) return c.json(body(c, "invalid_json", undefined), 400);
    const code = DEFAULT_CODES[err.status] ?? (err.status < 500 ? "bad_request" : "internal_error");
    return c.json(body(c, code, undefined), err.status);
  }
  if (err instanceof SyntaxError) {
    return c.json(body(c, "invalid_json", undefined), 400);
  }
  console.error("api: unhandled error", c.req.method, c.req.path, err);
  return c.json(body(c, "internal_error", undefined), 500);
};

export const onNotFound: NotFoundHandler<AppEnv> = (c) => c.json(body(c, "not_found", undefined), 404);
