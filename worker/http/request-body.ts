// Request bodies the Worker can never be broken by:
// - a size cap before anything parses them (413 in the caller's language), for bodies with
//   a Content-Length and for chunked bodies without one (read up to the cap, re-wrapped);
// - a body left unread by the response (404, 401, 403, cross-site refusals, routes without
//   an action) is drained afterwards: workerd/wrangler dev otherwise fail with "Can't read
//   from request stream after response has been sent" after a few such requests.
import { getTranslator } from "~/i18n/dictionaries.server";
import { errorBody, errorResponse } from "./error-response.ts";
import { requestLanguage } from "../lib/request-language.ts";
import { pageLanguage } from "./form-body.ts";

export const DEFAULT_BODY_LIMIT = 1024 * 1024;
export const ATTACHMENT_BODY_LIMIT = 25 * 1024 * 1024;
/** An avatar is at most 2 MB (avatar-service): room for the multipart envelope, so one just over says why. */
export const AVATAR_BODY_LIMIT = 3 * 1024 * 1024;

/** An import's CSV is at most 10 MB (IMPORT_LIMITS): room for the multipart envelope and the mapping, so one just over says why. */
export const IMPORT_BODY_LIMIT = 11 * 1024 * 1024;

const ATTACHMENT_PATH = /^\/api\/leads\/[^/]+\/attachments\/?$/;
const IMPORT_PATH = /^\/api\/imports\/?$/;
const AVATAR_PATH = /^\/api\/users\/me\/avatar\/?$/;

/** Largest request body accepted for a path, in bytes. */
export function bodyLimitFor(pathname: string): number {
  if (ATTACHMENT_PATH.test(pathname)) return ATTACHMENT_BODY_LIMIT;
  if (IMPORT_PATH.test(pathname)) return IMPORT_BODY_LIMIT;
  return AVATAR_PATH.test(pathname) ? AVATAR_BODY_LIMIT : DEFAULT_BODY_LIMIT;
}

const isApiPath = (pathname: string) => pathname === "/api" || pathname.startsWith("/api/");

/** 413: the API's JSON error in the caller's language, or plain text in the page's language for pages. */
export function payloadTooLarge(request: Request): Response {
  const { pathname } = new URL(request.url);
  const language = isApiPath(pathname) ? requestLanguage(request) : pageLanguage(request);
  return isApiPath(pathname)
    ? IMPORT_PATH.test(pathname)
      ? Response.json(errorBody(language, "import_file_too_large"), { status: 413 })
      : errorResponse(language, 413, "payload_too_large")
    : new Response(getTranslator(language)("apiErrors.payload_too_large"), {
        status: 413,
        headers: { "Content-Type": "text/plain; charset=utf-8" },
      });
}

/**
 * The request ready for the handlers, or a 413 response. A body with a Content-Length over
 * the limit is refused unread; a body without one is read into memory up to the limit and
 * handed on as a new Request with the same method, URL and headers.
 */
export async function limitRequestBody(request: Request): Promise<Request | Response> {
  if (!request.body) return request;
  const limit = bodyLimitFor(new URL(request.url).pathname);
  const declared = request.headers.get("Content-Length");
  if (declared !== null && declared.trim() !== "") {
    const length = Number(declared);
    if (!Number.isFinite(length) || length < 0) return request;
    return length > limit ? payloadTooLarge(request) : request;
  }
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      reader.releaseLock();
      return payloadTooLarge(request);
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  const headers = new Headers(request.headers);
  headers.set("Content-Length", String(size));
  return new Request(request.url, { method: request.method, headers, body, redirect: request.redirect, signal: request.signal });
}

/** A body is read and thrown away up to this size; a larger one is cancelled. */
export const DISCARD_LIMIT = 64 * 1024 * 1024;

/**
 * Reads and throws away whatever is left of the request body; never throws. Local
 * workerd/wrangler dev breaks the connection (the next request on it gets a 500) when a
 * body is cancelled or left unread, so a body of reasonable size is read to the end; a huge
 * one is cancelled (Cloudflare's edge caps bodies before they reach the Worker).
 */
export async function drainRequestBody(request: Request): Promise<void> {
  // Not `bodyUsed`: a body read partly (a chunked one over the cap) still has a rest.
  if (!request.body) return;
  try {
    if (Number(request.headers.get("Content-Length") ?? "") > DISCARD_LIMIT) {
      await request.body.cancel();
      return;
    }
    const reader = request.body.getReader();
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      size += value.byteLength;
      if (size > DISCARD_LIMIT) {
        await reader.cancel();
        return;
      }
    }
  } catch {
    // Already consumed, cancelled or the client went away: nothing left to drain.
  }
}

/**
 * Runs the Worker's handler on a request whose body is capped first (413 beyond the path's
 * limit), then reads to the end the body the response left unread, before answering (it
 * is at most the path's limit).
 */
export async function guardRequestBody(request: Request, handle: (request: Request) => Promise<Response>): Promise<Response> {
  const limited = await limitRequestBody(request);
  if (limited instanceof Response) {
    // Over the limit: the rest is thrown away unparsed.
    await drainRequestBody(request);
    return limited;
  }
  const response = await handle(limited);
  await drainRequestBody(limited);
  return response;
}
