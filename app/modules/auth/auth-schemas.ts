import { z } from "~/lib/zod";
import { PASSWORD_MAX_LENGTH } from "@worker/auth/password-policy";
import { isSingleLine } from "~/lib/single-line";

// One schema per auth input: the /auth forms, their route actions and the API share them.

/** Trimmed, lower-cased, one line (no CR, LF, NUL or other control character). */
export const emailSchema = z.string().trim().toLowerCase().max(254).refine(isSingleLine, { abort: true }).pipe(z.email());

export const signInSchema = z.object({
  email: emailSchema,
  password: z.string().min(1).max(1024),
});

export const recoverSchema = z.object({ email: emailSchema });

/** Length only: the common-password check runs on the server (weak_password). */
export const newPasswordSchema = z.object({
  password: z
    .string()
    .min(1)
    .max(PASSWORD_MAX_LENGTH * 4),
});

export const signOutScopeSchema = z.enum(["global", "local", "others"]);
