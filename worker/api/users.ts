import { Hono } from "hono";
import { z } from "zod";
import { listAudit } from "../services/audit-service.ts";
import { listAssignableUsers } from "../services/user-service.ts";
import { profileSchema, updateProfile } from "../services/profile-service.ts";
import { changeRole, inviteSchema, inviteUser, listTeam, resendInvitation, roleSchema, setActive } from "../services/user-admin-service.ts";
import type { AppEnv } from "./context.ts";
import { requireAuth, requireRole } from "./middleware.ts";
import { validateWithMessageKeys } from "./validate.ts";
import { FIELD_ISSUE } from "../services/lead-service.ts";
import { describe, errors, jsonResponse, TAGS, type RouteDescription } from "./openapi.ts";
import { AssignableUserSchema, AuditEntrySchema, ProfileSchema, TeamMemberSchema } from "./schemas.ts";

const users = (spec: RouteDescription) => describe(TAGS.users, spec);
const member = (description: string) => jsonResponse(z.strictObject({ user: TeamMemberSchema }), description);

/** PATCH /api/users/:id/status (a wrong shape or type: 'Valor inválido.' in the caller's language). */
export const userStatusSchema = z.object({ is_active: z.boolean(FIELD_ISSUE.invalid) }, FIELD_ISSUE.invalid);

/**
 * /api/users — the team. Any signed-in role reads it (GET /, the assignee choices); only
 * admins change it (403 insufficient_role for others): invitations, roles, (de)activation,
 * and the audit trail of those changes.
 */
export const usersApi = new Hono<AppEnv>()
  // The assignee choices of leads and tasks: active users by name; any signed-in role.
  .get(
    "/assignable",
    users({
      summary: "Assignee choices",
      description: "Active users by name.",
      responses: { 200: jsonResponse(z.strictObject({ users: z.array(AssignableUserSchema) }), "The active users.") },
    }),
    requireAuth,
    async (c) => c.json({ users: await listAssignableUsers(c.get("services"), c.get("viewer")) }),
  )
  // Settings → Usuários: everyone in the team (active, inactive, invited), by name.
  .get(
    "/",
    users({
      summary: "The team",
      description: "Everyone (active, inactive, invited), by name.",
      responses: { 200: jsonResponse(z.strictObject({ users: z.array(TeamMemberSchema) }), "The team.") },
    }),
    requireAuth,
    async (c) => c.json({ users: await listTeam(c.get("services"), c.get("viewer")) }),
  )
  // Settings → Usuários, admins: the newest audit entries (who, what, before → after).
  .get(
    "/audit",
    users({
      summary: "The audit trail",
      description: "The newest entries (who, what, before → after).",
      responses: { 200: jsonResponse(z.strictObject({ entries: z.array(AuditEntrySchema) }), "Newest first.") },
    }),
    requireRole("admin"),
    async (c) => c.json({ entries: await listAudit(c.get("services"), c.get("viewer")) }),
  )
  // Settings → Perfil: the caller's own name and phone (any signed-in role; 400 per field).
  .patch(
    "/me",
    describe(TAGS.profile, {
      summary: "Update my name and phone",
      responses: { 200: jsonResponse(z.strictObject({ profile: ProfileSchema }), "The profile as saved.") },
    }),
    requireAuth,
    validateWithMessageKeys("json", profileSchema),
    async (c) => c.json({ profile: await updateProfile(c.get("services"), c.get("viewer"), c.req.valid("json")) }),
  )
  // 'Convidar Usuário': 201 with the new row ('Convite pendente'); 409 user_email_taken.
  .post(
    "/invitations",
    users({
      summary: "Invite a user",
      description: "E-mails an invitation link; 409 user_email_taken.",
      responses: { 201: member("The new user, invited."), ...errors(409, 429) },
    }),
    requireRole("admin"),
    validateWithMessageKeys("json", inviteSchema),
    async (c) => c.json({ user: await inviteUser(c.get("services"), c.get("viewer"), c.req.valid("json"), c.get("language")) }, 201),
  )
  // A pending invitation sent again (the earlier link stops working); 409 when not pending.
  .post(
    "/:id/invitation",
    users({
      summary: "Resend an invitation",
      description: "The earlier link stops working; 409 when the user is not pending.",
      responses: { 200: member("The user."), ...errors(404, 409, 429) },
    }),
    requireRole("admin"),
    async (c) => c.json({ user: await resendInvitation(c.get("services"), c.get("viewer"), c.req.param("id"), c.get("language")) }),
  )
  // 409 last_admin for the last active admin.
  .patch(
    "/:id/role",
    users({
      summary: "Change a role",
      description: "409 last_admin for the last active admin.",
      responses: { 200: member("The user."), ...errors(404, 409) },
    }),
    requireRole("admin"),
    validateWithMessageKeys("json", roleSchema),
    async (c) => c.json({ user: await changeRole(c.get("services"), c.get("viewer"), c.req.param("id"), c.req.valid("json").role) }),
  )
  // 400 cannot_deactivate_self; deactivation ends the user's sessions and sockets.
  .patch(
    "/:id/status",
    users({
      summary: "Activate or deactivate a user",
      description: "400 cannot_deactivate_self; deactivation ends the user's sessions and sockets.",
      responses: {
        200: jsonResponse(z.strictObject({ id: z.string(), is_active: z.boolean(), user: TeamMemberSchema }), "The user."),
        ...errors(404),
      },
    }),
    requireRole("admin"),
    validateWithMessageKeys("json", userStatusSchema),
    async (c) => {
      const user = await setActive(c.get("services"), c.get("viewer"), c.req.param("id"), c.req.valid("json").is_active);
      return c.json({ id: user.id, is_active: user.status !== "inactive", user });
    },
  );
