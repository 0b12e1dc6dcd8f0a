import type { Language } from "~/i18n";
import type { RequestAuth } from "../auth/request-auth.ts";
import type { Db } from "../db/client.ts";
import type { Authenticated } from "../services/auth-service.ts";
import type { ServiceContext } from "../services/service-context.ts";

/** Hono environment shared by every sub-app. */
export type AppEnv = {
  Bindings: Env;
  Variables: {
    db: Db;
    language: Language;
    services: ServiceContext;
    auth: RequestAuth;
    /** Set by requireAuth. */
    viewer: Authenticated;
  };
};
