import { createContext, RouterContextProvider } from "react-router";
import { RequestAuth } from "./auth/request-auth.ts";
import { getDb, type Db } from "./db/client.ts";
import type { ServiceContext } from "./services/service-context.ts";

/** What loaders and actions get from the Worker: bindings, services and the request's auth. */
export type WorkerContext = {
  env: Env;
  ctx: ExecutionContext;
  db: Db;
  services: ServiceContext;
  auth: RequestAuth;
  /** This response's CSP nonce (worker/http/security-headers.ts); inline scripts carry it. */
  nonce: string;
};

export const workerContext = createContext<WorkerContext>();

export function createLoadContext(request: Request, env: Env, ctx: ExecutionContext, nonce: string) {
  const db = getDb(env.DB);
  const services: ServiceContext = { db, env, waitUntil: (promise) => ctx.waitUntil(promise) };
  const auth = new RequestAuth(request, services);
  const context = new RouterContextProvider();
  context.set(workerContext, { env, ctx, db, services, auth, nonce });
  return { context, auth };
}

/** Appends cookies set while handling the request (session renewals) to its response. */
export function withCookies(response: Response, cookies: readonly string[]) {
  if (cookies.length === 0) return response;
  const copy = new Response(response.body, response);
  for (const cookie of cookies) copy.headers.append("Set-Cookie", cookie);
  return copy;
}
