import { data, redirect, type RouterContextProvider } from "react-router";
import { hasRole } from "@worker/auth/permissions";
import type { UserRole } from "@worker/db/schema";
import { safeLocalPath } from "@worker/lib/safe-redirect";
import { workerContext } from "@worker/router-context";
import type { Authenticated } from "@worker/services/auth-service";

/** A same-site path to return to after signing in (never the sign-in page itself), or /dashboard. */
export function safeReturnPath(value: string | null | undefined): string {
  const path = safeLocalPath(value, "/dashboard");
  // Route matching is case-insensitive, so /AUTH is the sign-in page too.
  if (/^\/auth(?:[/?#]|$)/i.test(path)) return "/dashboard";
  return path;
}

/** The signed-in staff member of this request, or null. */
export function getViewer(context: Readonly<RouterContextProvider>): Promise<Authenticated | null> {
  return context.get(workerContext).auth.current();
}

/**
 * Throws a redirect to /auth (keeping the path to come back to) unless a staff member is
 * signed in with a full session. A recovery session may only set its new password.
 */
export async function requireUser(request: Request, context: Readonly<RouterContextProvider>): Promise<Authenticated> {
  const viewer = await getViewer(context);
  const url = new URL(request.url);
  if (!viewer) throw redirect(`/auth?${new URLSearchParams({ redirectTo: url.pathname + url.search })}`);
  if (viewer.session.method === "recovery") throw redirect("/auth?type=recovery");
  return viewer;
}

/** Throws 403 when the viewer's role is below `minimum` (same rule as the API's requireRole). */
export function requireRole(viewer: Authenticated, minimum: UserRole) {
  if (!hasRole(viewer.user, minimum)) throw data(null, { status: 403 });
}
