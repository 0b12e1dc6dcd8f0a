import { readdirSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync, type SQLInputValue } from "node:sqlite";

/**
 * The app's D1 database file in a local state directory (wrangler's --persist-to layout),
 * opened with Node's own SQLite.
 */
export function openD1File(state: string, { readOnly = true } = {}): DatabaseSync {
  const dir = join(state, "v3", "d1", "miniflare-D1DatabaseObject");
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite")) {
    const db = new DatabaseSync(join(dir, file), { readOnly });
    const isApp = db.prepare("select 1 from sqlite_master where type = 'table' and name = 'leads'").get();
    if (isApp) return db;
    db.close();
  }
  throw new Error(`no D1 database with the app's tables under ${dir}`);
}

/**
 * Reads the D1 database of the server under test, e.g. to check that a form really stored
 * what it showed. The file is opened read-only, straight from the state directory the e2e
 * runner created (E2E_STATE): the running server keeps it in WAL mode, which lets a reader in
 * another process look at it safely. (Starting a second workerd on the same live state with
 * getPlatformProxy once crashed the server mid-suite.)
 */
function openDatabase(): DatabaseSync {
  const state = process.env.E2E_STATE;
  if (!state) throw new Error("E2E_STATE is not set: run the browser suite with `npm run test:e2e`");
  return openD1File(state);
}

function withDatabase<T>(read: (db: DatabaseSync) => T): T {
  const db = openDatabase();
  try {
    return read(db);
  } finally {
    db.close();
  }
}

// node:sqlite returns null-prototype rows; plain objects compare like D1's rows in asserts.
const plain = <T>(row: unknown) => ({ ...(row as object) }) as T;

/** The first row of a query, or null. */
export async function queryFirst<T>(sql: string, ...binds: unknown[]): Promise<T | null> {
  return withDatabase((db) => {
    const row = db.prepare(sql).get(...(binds as SQLInputValue[]));
    return row === undefined ? null : plain<T>(row);
  });
}

/** Every row of a query. */
export async function queryAll<T>(sql: string, ...binds: unknown[]): Promise<T[]> {
  return withDatabase((db) =>
    db
      .prepare(sql)
      .all(...(binds as SQLInputValue[]))
      .map((row) => plain<T>(row)),
  );
}
