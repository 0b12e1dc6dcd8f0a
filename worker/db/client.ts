import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema/index.ts";

export type Db = ReturnType<typeof getDb>;

/** A drizzle client over a D1 binding. Cheap: build one per request. */
export function getDb(d1: D1Database) {
  return drizzle(d1, { schema });
}
