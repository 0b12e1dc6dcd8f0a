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

/** PATCH /api/users/:id/status (a wrong shape or type: 'Valor inválido.' in the caller's language). */
export const userStatusSchema = z.object({ is_active: z.boolean(FIELD_ISSUE.invalid) }, FIELD_ISSUE.invalid);

/**
 * /api/users — the team. Any signed-in role reads it (GET /, the assignee choices); only
 * admins change it (403 insufficient_role for others): invitations, roles, (de)activation,
 * and the audit trail of those changes.
 */
export const usersApi = new Hono<AppEnv>()
  // The assignee choices of leads and tasks: active users by name; any signed-in role.
  .get("/assignable", requireAuth, async (c) => c.json({ users: await listAssignableUsers(c.get("services"), c.get("viewer")) }))
  // Settings → Usuários: everyone in the team (active, inactive, invited), by name.
  .get("/", requireAuth, async (c) => c.json({ users: await listTeam(c.get("services"), c.get("viewer")) }))
  // Settings → Usuários, admins: the newest audit entries (who, what, before → after).
  .get("/audit", requireRole("admin"), async (c) => c.json({ entries: await listAudit(c.get("services"), c.get("viewer")) }))
  // Settings → Perfil: the caller's own name and phone (any signed-in role; 400 per field).
  .patch("/me", requireAuth, validateWithMessageKeys("json", profileSchema), async (c) =>
    c.json({ profile: await updateProfile(c.get("services"), c.get("viewer"), c.req.valid("json")) }),
  )
  // 'Convidar Usuário': 201 with the new row ('Convite pendente'); 409 user_email_taken.
  .post("/invitations", requireRole("admin"), validateWithMessageKeys("json", inviteSchema), async (c) =>
    c.json({ user: await inviteUser(c.get("services"), c.get("viewer"), c.req.valid("json"), c.get("language")) }, 201),
  )
  // A pending invitation sent again (the earlier link stops working); 409 when not pending.
  .post("/:id/invitation", requireRole("admin"), async (c) =>
    c.json({ user: await resendInvitation(c.get("services"), c.get("viewer"), c.req.param("id"), c.get("language")) }),
  )
  // 409 last_admin for the last active admin.
  .patch("/:id/role", requireRole("admin"), validateWithMessageKeys("json", roleSchema), async (c) =>
    c.json({ user: await changeRole(c.get("services"), c.get("viewer"), c.req.param("id"), c.req.valid("json").role) }),
  )
  // 400 cannot_deactivate_self; 409 last_admin; deactivation ends the user's sessions and sockets.
  .patch("/:id/status", requireRole("admin"), validateWithMessageKeys("json", userStatusSchema), async (c) => {
    const user = await setActive(c.get("services"), c.get("viewer"), c.req.param("id"), c.req.valid("json").is_active);
    return c.json({ id: user.id, is_active: user.status !== "inactive", user });
  });
