// The pages' forms (React Router actions: /auth, /unsubscribe, /contact, /blog, /auth/logout)
// read their body with `request.formData()`, which throws on a body that is not a form (JSON,
// no Content-Type, a multipart body that does not parse) and made a 500. One guard in the
// Worker, before React Router, answers those requests instead, for every action there is
// and every one added later:
// - 415 when the Content-Type is not a form (application/x-www-form-urlencoded or
//   multipart/form-data), including no Content-Type at all;
// - 400 when it says form but the body cannot be read as one (a broken multipart body);
// both as plain text in the page's language, never a stack trace. /api has its own errors.
import { languageFromPath, type Language, type TranslationKey } from "~/i18n";
import { getTranslator } from "~/i18n/dictionaries.server";
import { requestLanguage } from "../lib/request-language.ts";

const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);
/** Methods that carry no body for an action: passed through (loaders answer them). */
const READ_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The language the page at this URL speaks: its prefix (/es/contact), else the reader's (cookie, Accept-Language), else pt. */
export function pageLanguage(request: Request): Language {
  return languageFromPath(new URL(request.url).pathname) ?? requestLanguage(request);
}

function refusal(request: Request, status: 400 | 415, key: TranslationKey): Response {
  const language = pageLanguage(request);
  return new Response(getTranslator(language)(key), {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Content-Language": language },
  });
}

/**
 * null when a page request may reach React Router: a read, or a body its action can read
 * with `formData()` (parsed once here on a copy; the body is already capped by
 * worker/http/request-body.ts). Otherwise the 415 or 400 to answer with.
 */
export async function refuseUnreadableForm(request: Request): Promise<Response | null> {
  if (READ_METHODS.has(request.method)) return null;
  const type = (request.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (!FORM_TYPES.has(type)) return refusal(request, 415, "apiErrors.form_unsupported_type");
  try {
    await request.clone().formData();
  } catch {
    return refusal(request, 400, "apiErrors.form_unreadable");
  }
  return null;
}
