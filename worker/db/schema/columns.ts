import { sql } from "drizzle-orm";
import { text } from "drizzle-orm/sqlite-core";

/** Text UUID primary key, generated in the Worker. */
export const id = () =>
  text("id")
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());

/** ISO-8601 UTC timestamp with milliseconds, e.g. 2026-11-22T10:00:00.000Z. */
export const nowIso = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

export const createdAt = () => text("created_at").notNull().default(nowIso);
export const updatedAt = () => text("updated_at").notNull().default(nowIso);

/** SQL list literal for CHECK constraints: ('a', 'b'). Values are our own constants. */
export const sqlList = (values: readonly string[]) => sql.raw(`(${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(", ")})`);
