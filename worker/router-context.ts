import { createContext, RouterContextProvider } from "react-router";
import { RequestAuth } from "./auth/request-auth.ts";
import type { Db } from "./db/client.ts";
import { openRequestDb } from "./db/d1-session.ts";
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
  // Staff requests read through a D1 session that continues from their bookmark.
  const { db, bookmark } = openRequestDb(env.DB, request);
  const services: ServiceContext = { db, env, waitUntil: (promise) => ctx.waitUntil(promise) };
  const auth = new RequestAuth(request, services);
  const context = new RouterContextProvider();
  context.set(workerContext, { env, ctx, db, services, auth, nonce });
  return { context, auth, bookmark };
}

/** Appends cookies set while handling the request (session renewals) to its response. */
export function withCookies(response: Response, cookies: readonly string[]) {
  if (cookies.length === 0) return response;
  const copy = new Response(response.body, response);
  for (const cookie of cookies) copy.headers.append("Set-Cookie", cookie);
  return copy;
}
