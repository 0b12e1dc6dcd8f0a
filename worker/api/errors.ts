import type { Context, ErrorHandler, NotFoundHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { z } from "zod";
import { type TranslationKey, type TranslationParams } from "~/i18n";
import { getTranslator } from "~/i18n/dictionaries.server";
import { AuthError } from "../auth/auth-error.ts";
import {
  authErrorBody,
  authErrorReply,
  domainErrorReply,
  errorBody,
  translatedIssues,
  waitParams,
  type ApiErrorBody,
  type ApiErrorCode,
} from "../http/error-response.ts";
import { DomainError } from "../services/errors.ts";
import type { AppEnv } from "./context.ts";

export type { ApiErrorBody, ApiErrorCode } from "../http/error-response.ts";

/**
 * An error of the API layer itself, with its HTTP status (a request that cannot be parsed,
 * the assistant being unavailable); turned into `{error, message}` by `onError`. `message`
 * overrides the translated default for the code. Services throw domain errors instead
 * (worker/services/errors.ts).
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

/** Whether `message` is one of the dictionaries' keys (a schema's own message), not zod's English. */
function isDictionaryKey(message: string): boolean {
  return /^[a-zA-Z]+(\.[a-zA-Z_]+)+$/.test(message) && getTranslator("pt")(message as TranslationKey) !== message;
}

/**
 * The dictionary key of one zod issue: the schema's own message when it is a key, else a
 * key for zod's issue code (`apiErrors.field.*`), so no answer carries zod's English text
 * (a JSON array, number, null or string where an object is expected: `expected_object`).
 */
export function issueMessageKey(issue: z.core.$ZodIssue): string {
  // A schema that names its own problems (`{ error: "apiErrors.field.invalid_value" }`) keeps them.
  if (isDictionaryKey(issue.message)) return issue.message;
  switch (issue.code) {
    case "invalid_type":
      if (issue.expected === "object" && issue.path.length === 0) return "apiErrors.field.expected_object";
      // zod v4 drops the input from issues; its message still says what was received.
      return /received undefined$/.test(issue.message) ? "apiErrors.field.required" : "apiErrors.field.invalid_type";
    case "too_small":
      if (issue.origin === "string") return Number(issue.minimum) <= 1 ? "apiErrors.field.required" : "apiErrors.field.too_short";
      return issue.origin === "array" || issue.origin === "set" ? "apiErrors.field.too_few" : "apiErrors.field.too_small";
    case "too_big":
      if (issue.origin === "string") return "apiErrors.field.too_long";
      return issue.origin === "array" || issue.origin === "set" ? "apiErrors.field.too_many" : "apiErrors.field.too_big";
    case "invalid_format":
      return "apiErrors.field.invalid_format";
    case "unrecognized_keys":
      return "apiErrors.field.unknown_field";
    default:
      return "apiErrors.field.invalid_value";
  }
}

/**
 * 400 validation_failed from a failed parse. Each issue's message is a dictionary key
 * (issueMessageKey), which `message` may translate for the caller; keys left untranslated
 * are translated by onError (translatedIssues).
 */
export function validationError(
  error: { issues: readonly z.core.$ZodIssue[] },
  message: (issueKey: string) => string = (m) => m,
): ApiError {
  const issues = error.issues.map((issue) => ({
    path: issue.path.map(String).join(".") || "(body)",
    message: message(issueMessageKey(issue)),
  }));
  return new ApiError(400, "validation_failed", {
    issues,
    params: { fields: [...new Set(issues.map((i) => i.path))].join(", ") },
  });
}

const body = (c: Context<AppEnv>, code: string, message: string | undefined, params?: TranslationParams) =>
  errorBody(c.get("language") ?? "pt", code, params, message);

/**
 * The one error handler of the API: JSON, a 4xx for bad input, never a stack trace. Domain
 * and auth errors get their status, code, Retry-After and message from
 * worker/http/error-response.ts, as the routes' loaders and actions do.
 */
export const onError: ErrorHandler<AppEnv> = (err, c) => {
  const language = c.get("language") ?? "pt";
  if (err instanceof DomainError) {
    const reply = domainErrorReply(err, language);
    return c.json(reply.body, reply.status, reply.headers);
  }
  if (err instanceof AuthError) {
    const reply = authErrorReply(err, language);
    // The auth API speaks GoTrue's wire format; every other resource the API's own.
    return c.json(c.req.path.startsWith("/api/auth/") ? authErrorBody(language, err) : reply.body, reply.status, reply.headers);
  }
  if (err instanceof ApiError) {
    // apiErrors.rate_limited says "Try again in {wait}": filled from Retry-After (seconds).
    const retryAfter = Number(err.headers?.["Retry-After"]);
    const wait: TranslationParams = retryAfter > 0 ? waitParams(retryAfter, language) : {};
    const payload = { ...err.details, ...body(c, err.code, err.message, { ...wait, ...err.params }) };
    if (err.issues) payload.issues = translatedIssues(language, err.issues);
    return c.json(payload, err.status, err.headers);
  }
  if (err instanceof z.ZodError) {
    const apiError = validationError(err);
    return c.json(
      { ...body(c, apiError.code, undefined, apiError.params), issues: translatedIssues(language, apiError.issues ?? []) },
      400,
    );
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
