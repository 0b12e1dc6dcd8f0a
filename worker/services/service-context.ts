import type { Db } from "../db/client.ts";
import type { SessionMethod, User } from "../db/schema/index.ts";

/** What every service needs: the database, the bindings, and (in a request) waitUntil. */
export type ServiceContext = {
  db: Db;
  env: Env;
  waitUntil?: (promise: Promise<unknown>) => void;
};

/**
 * A verified request identity: the user row and the session it signed in with. Services take
 * it as the acting user; the auth service makes it (authenticateAccessToken).
 */
export type Authenticated = {
  user: User;
  session: { id: string; method: SessionMethod; expiresAt: number };
};
