// The one reader of Cookie headers for the whole app (worker, API, loaders and actions).
// A cookie whose value is not valid percent-encoding (`%ZZ`, `%E0%A4%A`, a lone `%`) is
// ignored as if absent instead of throwing URIError and turning the request into a 500.
// No imports, so client code may use it too.

function decode(value: string): string | null {
  if (!value.includes("%")) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/** Every well-formed cookie of a Cookie header; the first occurrence of a name wins. */
export function parseCookies(header: string | null | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  if (!header) return cookies;
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index <= 0) continue;
    const name = part.slice(0, index).trim();
    if (!name || cookies.has(name)) continue;
    let raw = part.slice(index + 1).trim();
    if (raw.length >= 2 && raw.startsWith('"') && raw.endsWith('"')) raw = raw.slice(1, -1);
    const value = decode(raw);
    if (value !== null) cookies.set(name, value);
  }
  return cookies;
}

/** One cookie of a Cookie header, or null when absent or malformed. */
export function cookieFromHeader(header: string | null | undefined, name: string): string | null {
  return parseCookies(header).get(name) ?? null;
}

/** One cookie of a request, or null when absent or malformed. */
export function readCookie(request: Request, name: string): string | null {
  return cookieFromHeader(request.headers.get("Cookie"), name);
}
