import { data } from "react-router";
import { workerContext } from "@worker/router-context";
import type { Route } from "./+types/diagnostics-error";

/**
 * Outside production this route fails on purpose, so the fallback error screen can be seen
 * and tested in a real browser. In production it does not exist (404).
 */
export function loader({ context }: Route.LoaderArgs) {
  if (context.get(workerContext).env.APP_ENV === "production") throw data(null, { status: 404 });
  throw new Error("Diagnostic error: this route fails on purpose.");
}

export default function DiagnosticsError() {
  return null;
}
