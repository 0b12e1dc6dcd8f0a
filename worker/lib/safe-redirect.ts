/**
 * The one place that decides whether a user-supplied redirect target stays on this site.
 *
 * Browsers resolve a Location header with the WHATWG URL parser, which strips tab/CR/LF,
 * treats `\` as `/` and resolves `.`/`..` segments, so string prefix checks alone are not
 * enough (`/\t/evil.example` becomes `//evil.example`). This resolves the value with that
 * same parser and only ever returns a single-slash, control-character-free path.
 */
import { CONTROL_CHAR } from "./control-chars.ts";

const DUMMY_BASE = "http://local.invalid";
const DUMMY_ORIGIN = new URL(DUMMY_BASE).origin;

/** C0 control characters (NUL, tab, CR, LF, …) and DEL. */
const CONTROL_CHARS = CONTROL_CHAR;
/** A percent-encoded control character or DEL anywhere. */
const ENCODED_CONTROL = /%(?:[01][0-9a-f]|7f)/i;
/** A percent-encoded `/` or `\` right after the leading slash (`/%2F/evil`, `/%5Cevil`). */
const ENCODED_SLASH_AFTER_LEAD = /^\/%(?:2f|5c)/i;

/**
 * A path on this site (`pathname + search + hash`, starting with exactly one `/`) for a
 * user-supplied value, or `fallback` when the value is not a plain same-site path.
 */
export function safeLocalPath(value: unknown, fallback = "/dashboard"): string {
  if (typeof value !== "string" || !value.startsWith("/")) return fallback;
  if (CONTROL_CHARS.test(value) || ENCODED_CONTROL.test(value)) return fallback;
  if (value.startsWith("//") || value.startsWith("/\\") || ENCODED_SLASH_AFTER_LEAD.test(value)) return fallback;

  let url: URL;
  try {
    url = new URL(value, DUMMY_BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== DUMMY_ORIGIN) return fallback;

  // `/.//evil.example` resolves to the pathname `//evil.example`: never hand that back.
  const path = (url.pathname + url.search + url.hash).replace(/^\/+/, "/");
  if (!path.startsWith("/") || path.startsWith("//") || path.startsWith("/\\")) return fallback;
  if (CONTROL_CHARS.test(path) || ENCODED_CONTROL.test(path) || ENCODED_SLASH_AFTER_LEAD.test(path)) return fallback;
  return path;
}

/** The origin of a URL string, or null when it has none (invalid, `javascript:`, `data:`, …). */
function originOf(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const { origin, protocol } = new URL(value);
    if (origin === "null" || (protocol !== "http:" && protocol !== "https:")) return null;
    return origin;
  } catch {
    return null;
  }
}

/**
 * A path on this site for a redirect target that may be an absolute URL: absolute targets
 * are honoured only when their origin is one of `allowedOrigins` (URLs or origins; invalid
 * ones are ignored), and are reduced to their path. Relative targets go through
 * safeLocalPath. Anything else yields `fallback`.
 */
export function safeSitePath(value: unknown, allowedOrigins: ReadonlyArray<string | null | undefined>, fallback = "/dashboard"): string {
  if (typeof value !== "string" || !value) return fallback;
  if (CONTROL_CHARS.test(value)) return fallback;
  if (!/^[a-z][a-z0-9+.-]*:/i.test(value)) return safeLocalPath(value, fallback);

  const origin = originOf(value);
  if (!origin) return fallback;
  const allowed = allowedOrigins.map(originOf).filter((o): o is string => o !== null);
  if (!allowed.includes(origin)) return fallback;
  const url = new URL(value);
  return safeLocalPath(url.pathname + url.search + url.hash, fallback);
}
