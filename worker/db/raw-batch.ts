// Raw SQL statements in one D1 batch (one round trip, one consistent snapshot). drizzle's own
// D1 batch cannot run raw SQL with parameters, so the statements are turned into D1's own.
import type { SQL } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import type { Db } from "./client.ts";

const dialect = new SQLiteAsyncDialect();

/** A D1 statement from a drizzle `sql` template. */
function statement(db: Db, query: SQL): D1PreparedStatement {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return db.$client.prepare(text).bind(...params);
}

/** Runs the statements in one D1 batch; the rows of each. */
export async function readBatch<T extends unknown[]>(db: Db, queries: SQL[]): Promise<{ [K in keyof T]: T[K][] }> {
  const results = await db.$client.batch(queries.map((query) => statement(db, query)));
  return results.map((result) => result.results) as { [K in keyof T]: T[K][] };
}
