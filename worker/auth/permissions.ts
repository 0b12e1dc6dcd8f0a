import type { UserRole } from "../db/schema/index.ts";
import { AuthError } from "./auth-error.ts";

/** admin ⊃ manager ⊃ sales_rep: a role can do everything the roles below it can. */
const ROLE_RANK: Record<UserRole, number> = { sales_rep: 1, manager: 2, admin: 3 };

type WithRole = { role: UserRole };

/** The one permission check, used by API middleware, services and route loaders alike. */
export function hasRole(user: WithRole, minimum: UserRole): boolean {
  return ROLE_RANK[user.role] >= ROLE_RANK[minimum];
}

export const isAdmin = (user: WithRole) => user.role === "admin";
export const isManager = (user: WithRole) => hasRole(user, "manager");

/** Throws a 403 AuthError when the user's role is below `minimum`. */
export function assertRole(user: WithRole, minimum: UserRole): void {
  if (!hasRole(user, minimum)) throw new AuthError(403, "insufficient_role");
}
