import type { Db } from "../db/client.ts";

/** What every service needs: the database, the bindings, and (in a request) waitUntil. */
export type ServiceContext = {
  db: Db;
  env: Env;
  waitUntil?: (promise: Promise<unknown>) => void;
};
