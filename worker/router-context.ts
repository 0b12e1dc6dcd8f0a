import { createContext, RouterContextProvider } from "react-router";
import { getDb, type Db } from "./db/client.ts";

/** What loaders and actions get from the Worker: bindings, execution context, database. */
export type WorkerContext = { env: Env; ctx: ExecutionContext; db: Db };

export const workerContext = createContext<WorkerContext>();

export function createLoadContext(env: Env, ctx: ExecutionContext) {
  const context = new RouterContextProvider();
  context.set(workerContext, { env, ctx, db: getDb(env.DB) });
  return context;
}
