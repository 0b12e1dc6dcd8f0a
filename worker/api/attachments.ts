import { Hono } from "hono";
import { deleteAttachment, getAttachmentFile } from "../services/lead-detail-service.ts";
import type { AppEnv } from "./context.ts";
import { requireAuth } from "./middleware.ts";
import { describe, errors, fileResponse, noContent, TAGS } from "./openapi.ts";

/**
 * Content-Disposition for a download under the file's original name (RFC 6266): an ASCII
 * fallback in `filename`, the exact UTF-8 name in `filename*`.
 */
export function contentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%;]/g, "_") || "download";
  const encoded = encodeURIComponent(fileName).replace(/['()*!]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/**
 * /api/attachments — a lead's files (uploaded through POST /api/leads/:id/attachments).
 * Every route needs a signed-in staff member (401 otherwise).
 * GET /:id → the bytes, as a download under the original name, with the stored type and
 * `X-Content-Type-Options: nosniff` · DELETE /:id (its uploader, anyone who may edit the
 * lead, managers and admins) → 204.
 */
export const attachmentsApi = new Hono<AppEnv>()
  .use(requireAuth)
  .get(
    "/:id",
    describe(TAGS.attachments, {
      summary: "Download a file",
      responses: {
        200: fileResponse(["*/*"], "The bytes, with the stored Content-Type (text/* with charset=utf-8) and the original name."),
        ...errors(404),
      },
    }),
    async (c) => {
      const file = await getAttachmentFile(c.get("services"), c.get("viewer"), c.req.param("id"));
      const textual = file.file_type.startsWith("text/");
      return c.body(file.body, 200, {
        "Content-Type": textual ? `${file.file_type}; charset=utf-8` : file.file_type,
        "Content-Length": String(file.file_size),
        "Content-Disposition": contentDisposition(file.file_name),
        "X-Content-Type-Options": "nosniff",
        "Cache-Control": "private, no-store",
        ETag: file.etag,
      });
    },
  )
  .delete(
    "/:id",
    describe(TAGS.attachments, {
      summary: "Remove a file",
      description: "Its uploader, anyone who may edit the lead, managers and admins (403 otherwise).",
      responses: { 204: noContent("Removed."), ...errors(403, 404) },
    }),
    async (c) => {
      await deleteAttachment(c.get("services"), c.get("viewer"), c.req.param("id"));
      return c.body(null, 204);
    },
  );
