import { Hono } from "hono";
import { z } from "zod";
import { PASSWORD_MAX_LENGTH, weakPasswordReasons } from "../auth/password-policy.ts";
import { changePassword } from "../services/auth-service.ts";
import { getAvatar, removeAvatar, setAvatar } from "../services/avatar-service.ts";
import { DomainError } from "../services/errors.ts";
import { FIELD_ISSUE } from "../services/lead-service.ts";
import type { AppEnv } from "./context.ts";
import { requireAuth } from "./middleware.ts";
import { validateWithMessageKeys } from "./validate.ts";
import { describe, errors, fileResponse, jsonResponse, multipartBody, noContent, TAGS } from "./openapi.ts";
import { ProfileSchema } from "./schemas.ts";

const profileAnswer = (description: string) => jsonResponse(z.strictObject({ profile: ProfileSchema }), description);

const WEAK_PASSWORD_ISSUE = { length: "apiErrors.weak_password_length", pwned: "apiErrors.weak_password_pwned" } as const;

const requiredText = () =>
  z.string({ error: (issue) => (issue.input === undefined ? FIELD_ISSUE.required : FIELD_ISSUE.invalid) }).min(1, FIELD_ISSUE.required);

/**
 * POST /api/users/me/password: the current password (as typed, never trimmed) and the new one,
 * checked here against the sign-in's rules (length 8-128, not a common password), one issue
 * per reason on `new_password`, before the current password is looked at.
 */
export const passwordChangeSchema = z.object({
  current_password: requiredText().max(PASSWORD_MAX_LENGTH * 4, FIELD_ISSUE.tooLong),
  new_password: requiredText().superRefine((value, ctx) => {
    for (const reason of weakPasswordReasons(value)) ctx.addIssue({ code: "custom", message: WEAK_PASSWORD_ISSUE[reason] });
  }),
});

/**
 * Settings → Perfil, the caller's own account (any signed-in role; 401 anonymous), mounted
 * at /api/users/me before /api/users (whose PATCH /me saves name and phone):
 * POST /avatar (multipart, field "file": PNG, JPEG or WebP by signature, ≤ 2 MB; else
 * 400 avatar_invalid) → {profile} · DELETE /avatar → {profile} (back to the initial) ·
 * POST /password {current_password, new_password} → 204, other sessions ended; 400
 * validation_failed (weak), 400 current_password_incorrect, 429 after 5 wrong in 15 min.
 */
export const profileApi = new Hono<AppEnv>()
  .post(
    "/avatar",
    describe(TAGS.profile, {
      summary: "Set my photo",
      requestBody: multipartBody("PNG, JPEG or WebP (by signature), at most 2 MB, in the field `file`."),
      responses: { 200: profileAnswer("The profile with its new avatarUrl."), ...errors(400, 413) },
    }),
    requireAuth,
    async (c) => {
      const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
      const file = form["file"];
      if (!(file instanceof File)) throw new DomainError("invalid_input", "avatar_invalid");
      return c.json({ profile: await setAvatar(c.get("services"), c.get("viewer"), file) });
    },
  )
  .delete(
    "/avatar",
    describe(TAGS.profile, { summary: "Remove my photo", responses: { 200: profileAnswer("The profile, back to the initial.") } }),
    requireAuth,
    async (c) => c.json({ profile: await removeAvatar(c.get("services"), c.get("viewer")) }),
  )
  .post(
    "/password",
    describe(TAGS.profile, {
      summary: "Change my password",
      description: "Other sessions are ended. 400 current_password_incorrect; 429 after 5 wrong in 15 minutes.",
      responses: { 204: noContent("Changed."), ...errors(429) },
    }),
    requireAuth,
    validateWithMessageKeys("json", passwordChangeSchema),
    async (c) => {
      const input = c.req.valid("json");
      await changePassword(c.get("services"), c.get("viewer"), {
        currentPassword: input.current_password,
        newPassword: input.new_password,
      });
      return c.body(null, 204);
    },
  );

/**
 * GET /api/avatars/:userId/:file: a user's photo for any signed-in staff member (401
 * anonymous, 404 unknown). The URL names one image forever (a new photo gets a new URL),
 * so it is cached for a year as immutable, privately (it needs a session); the type is the
 * one its signature gave at upload, with nosniff.
 */
export const avatarsApi = new Hono<AppEnv>().use(requireAuth).get(
  "/:userId/:file",
  describe(TAGS.profile, {
    summary: "A user's photo",
    description: "Cached for a year as immutable (a new photo gets a new URL).",
    responses: { 200: fileResponse(["image/png", "image/jpeg", "image/webp"], "The image."), ...errors(404) },
  }),
  async (c) => {
    const image = await getAvatar(c.get("services"), c.req.param("userId"), c.req.param("file"));
    return c.body(image.body, 200, {
      "Content-Type": image.contentType,
      "Content-Length": String(image.size),
      "Cache-Control": "private, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
      "Content-Disposition": "inline",
      ETag: image.etag,
    });
  },
);
