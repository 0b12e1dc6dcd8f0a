import type { D1Database } from "@cloudflare/workers-types";
import { getPlatformProxy } from "wrangler";

/**
 * Reads the D1 database of the server under test, straight from the state directory the
 * e2e runner created (E2E_STATE), e.g. to check that a form really stored what it showed.
 */
async function withDatabase<T>(read: (db: D1Database) => Promise<T>): Promise<T> {
  const state = process.env.E2E_STATE;
  if (!state) throw new Error("E2E_STATE is not set: run the browser suite with `npm run test:e2e`");
  const proxy = await getPlatformProxy<{ DB: D1Database }>({ configPath: "wrangler.toml", persist: { path: `${state}/v3` } });
  try {
    return await read(proxy.env.DB);
  } finally {
    await proxy.dispose();
  }
}

/** The first row of a query, or null. */
export function queryFirst<T>(sql: string, ...binds: unknown[]): Promise<T | null> {
  return withDatabase((db) => db.prepare(sql).bind(...binds).first<T>());
}

/** Every row of a query. */
export function queryAll<T>(sql: string, ...binds: unknown[]): Promise<T[]> {
  return withDatabase(async (db) => (await db.prepare(sql).bind(...binds).all<T>()).results);
}
