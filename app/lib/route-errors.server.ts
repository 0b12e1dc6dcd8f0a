// The services' errors as route loaders and actions answer them: the same status, code,
// Retry-After and translated message as the API (worker/http/error-response.ts maps both),
// so a screen and an API call never tell one failure differently (conventions 18).
import { data } from "react-router";
import type { Language } from "~/i18n";
import { errorReply, type ErrorReply } from "@worker/http/error-response";
import { NotFoundError } from "@worker/services/errors";

/**
 * A domain or auth error as an answer in `language`: status, `{error, message, issues?}` and
 * headers (Retry-After). Null for anything else: a bug, which the caller logs and answers 500.
 * For an action whose form shows the message in its own data.
 */
export function routeErrorReply(error: unknown, language: Language): ErrorReply | null {
  return errorReply(error, language);
}

/**
 * Throws a domain or auth error as `data({error, message, …}, {status, headers})`, which the
 * route's ErrorBoundary reads with isRouteErrorResponse; anything else is thrown as it was.
 */
export function throwRouteError(error: unknown, language: Language): never {
  const reply = errorReply(error, language);
  if (reply) throw data(reply.body, { status: reply.status, headers: reply.headers });
  throw error;
}

/**
 * `read`'s value, or null when the service answers not found (an id in the URL that is
 * unknown or not the viewer's to see); any other failure as throwRouteError throws it.
 */
export async function unlessNotFound<T>(read: Promise<T>, language: Language): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof NotFoundError) return null;
    throwRouteError(error, language);
  }
}
