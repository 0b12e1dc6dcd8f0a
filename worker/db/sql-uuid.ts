import { sql } from "drizzle-orm";

/** A random UUID (v4 form) made by SQLite, for rows an INSERT … SELECT writes several of. */
export const sqlUuid = sql.raw(
  "lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-' || " +
    "substr('89ab', 1 + (abs(random()) % 4), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6)))",
);
