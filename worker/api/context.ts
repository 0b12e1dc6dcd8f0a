import type { Language } from "~/i18n";
import type { Db } from "../db/client.ts";

/** Hono environment shared by every sub-app. */
export type AppEnv = {
  Bindings: Env;
  Variables: {
    db: Db;
    language: Language;
  };
};
