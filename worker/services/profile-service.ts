// Settings → Perfil (crm.md §2 'Settings', §5; issue 22): the signed-in user edits their own
// name (required, one line, up to 100) and phone (what people type, stored in E.164 like a
// lead's; empty → none). E-mail and role are not theirs to change here.
import { eq } from "drizzle-orm";
import { z } from "zod";
import { users, type User } from "../db/schema/index.ts";
import { DomainError } from "./errors.ts";
import { FIELD_ISSUE, leadFields, line } from "./lead-service.ts";
import type { Authenticated, ServiceContext } from "./service-context.ts";

export const PROFILE_NAME_MAX = 100;

/** PATCH /api/users/me: both fields (the form sends them together). */
export const profileSchema = z.object({
  name: line(PROFILE_NAME_MAX).min(1, FIELD_ISSUE.required),
  phone: leadFields.phone,
});
export type ProfileInput = z.infer<typeof profileSchema>;

/** What the CRM shows of a user about themself (no secrets). */
export type ProfileDto = Pick<User, "id" | "name" | "email" | "phone" | "role" | "avatarUrl">;

export const toProfileDto = (user: User): ProfileDto => ({
  id: user.id,
  name: user.name,
  email: user.email,
  phone: user.phone,
  role: user.role,
  avatarUrl: user.avatarUrl,
});

/** Saves the actor's own name and phone; 404 'Perfil não encontrado' if their row is gone. */
export async function updateProfile({ db }: ServiceContext, actor: Authenticated, input: ProfileInput): Promise<ProfileDto> {
  const [row] = await db
    .update(users)
    .set({ name: input.name, phone: input.phone, updatedAt: new Date().toISOString() })
    .where(eq(users.id, actor.user.id))
    .returning();
  if (!row) throw new DomainError("not_found", "profile_not_found");
  return toProfileDto(row);
}
