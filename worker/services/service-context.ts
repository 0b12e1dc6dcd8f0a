import type { Db } from "../db/client.ts";
import type { ApiTokenScope, SessionMethod, User } from "../db/schema/index.ts";

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
  /** For a personal API token: method `api_token`, no session row (expiresAt: the token's expiry, 0 for none). */
  session: { id: string; method: SessionMethod | "api_token"; expiresAt: number };
  /** Set when the request came with a personal API token (issue 25): acting as `user` within these scopes. */
  token?: { id: string; name: string; scopes: ApiTokenScope[] };
};
