import { redirect } from "react-router";
import { workerContext } from "@worker/router-context";
import { signOut } from "@worker/services/auth-service";
import type { Route } from "./+types/auth-logout";

/** POST /auth/logout: ends this browser's session and clears its cookies. */
export async function action({ context }: Route.ActionArgs) {
  const { services, auth } = context.get(workerContext);
  const viewer = await auth.current();
  if (viewer) await signOut(services, viewer, "local");
  auth.clear();
  return redirect("/auth");
}

export function loader() {
  return redirect("/auth");
}
