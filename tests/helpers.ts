import { env, exports } from "cloudflare:workers";
import { getDb } from "../worker/db/client.ts";

export const db = () => getDb(env.DB);

/** Sends a request through the Worker's real fetch handler. */
export function request(path: string, init?: RequestInit) {
  return exports.default.fetch(new Request(new URL(path, "http://localhost"), init));
}
