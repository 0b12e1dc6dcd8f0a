// The services' one error vocabulary (conventions 18). A service says what went wrong in the
// domain's terms: not found, forbidden, conflict, invalid input, rate limited. Nothing here
// knows HTTP: worker/http/error-response.ts gives each kind its status, code, Retry-After and
// translated message, for the API's onError and the routes' loaders and actions alike, so a
// screen and an API call can never answer one failure differently.
import type { TranslationKey, TranslationParams } from "~/i18n";

export type DomainErrorKind = "not_found" | "forbidden" | "conflict" | "invalid_input" | "rate_limited" | "unavailable";

/** A field's problem as a dictionary key; it is put into the reader's language when shown. */
export type FieldIssueKey = Extract<TranslationKey, `apiErrors.field.${string}`>;

/** One field's problem: where (`assigned_to`, `member_ids.0`) and what. */
export type FieldIssue = { path: string; message: FieldIssueKey };

/**
 * Every error a service throws on purpose. `code` is the stable name clients switch on (its
 * text is `apiErrors.<code>` in the dictionaries); `params` fill that text's placeholders.
 */
export class DomainError<Code extends string = string> extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    readonly code: Code,
    readonly params?: TranslationParams,
  ) {
    super(code);
    this.name = new.target.name;
  }
}

/** The thing does not exist, or the actor may not learn that it does. */
export class NotFoundError extends DomainError<"not_found"> {
  constructor() {
    super("not_found", "not_found");
  }
}

/** The actor may not do this (chat_creator_only: only a channel's creator adds its members). */
export class ForbiddenError extends DomainError<"forbidden" | "chat_creator_only"> {
  constructor(code: "forbidden" | "chat_creator_only" = "forbidden") {
    super("forbidden", code);
  }
}

/**
 * The write collides with what is stored: a change that lost a race (conflict), another
 * lead already holds the e-mail (lead_exists; `details.lead` names it so the CRM can open it),
 * or a move being undone was overtaken by another change of status (lead_moved).
 */
export class ConflictError extends DomainError<"conflict" | "lead_exists" | "lead_moved"> {
  readonly details?: Record<string, unknown>;

  constructor(
    code: "conflict" | "lead_exists" | "lead_moved" = "conflict",
    options: { params?: TranslationParams; details?: Record<string, unknown> } = {},
  ) {
    super("conflict", code, options.params);
    this.details = options.details;
  }
}

export type InvalidInputCode =
  | "validation_failed"
  | "unsupported_file_type"
  | "file_too_large"
  | "file_empty"
  | "file_signature_mismatch"
  | "chat_channel_not_private"
  // One-click unsubscribe (issue 24): a link altered, for another purpose or expired; a POST without List-Unsubscribe=One-Click.
  | "unsubscribe_link_invalid"
  | "unsubscribe_link_expired"
  | "unsubscribe_one_click_required";

/** Input the rules refuse: validation_failed with its fields' issues, or a code of its own. */
export class InvalidInputError extends DomainError<InvalidInputCode> {
  readonly issues: FieldIssue[];

  constructor(code: InvalidInputCode, options: { issues?: FieldIssue[]; params?: TranslationParams } = {}) {
    super("invalid_input", code, options.params);
    this.issues = options.issues ?? [];
  }
}

/** validation_failed naming the fields and their problems. */
export const invalidFields = (issues: FieldIssue[]) => new InvalidInputError("validation_failed", { issues });

/** validation_failed of one field. */
export const invalidField = (path: string, message: FieldIssueKey) => invalidFields([{ path, message }]);

/** A "try again in {wait}" sentence (or one without the wait): the purpose's own words. */
export type RateLimitMessageKey = Extract<
  TranslationKey,
  "apiErrors.rate_limited" | `apiErrors.${string}_rate_limited` | `${string}.errors.rateLimited`
>;

/** Too many attempts for a key; `retryAfterSeconds` until the window lets the next one in. */
export class RateLimitedError extends DomainError<"rate_limited"> {
  constructor(
    readonly retryAfterSeconds: number,
    readonly messageKey: RateLimitMessageKey = "apiErrors.rate_limited",
  ) {
    super("rate_limited", "rate_limited");
  }
}

/**
 * The organisation switched the public site's writes off for a while (Settings → Sistema,
 * maintenance mode): "we are back soon", with how many seconds to wait before trying again.
 */
export class UnavailableError extends DomainError<"maintenance"> {
  constructor(readonly retryAfterSeconds: number) {
    super("unavailable", "maintenance");
  }
}
