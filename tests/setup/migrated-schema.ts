// Runs in Node when vitest loads its config: applies every migration once to an in-memory
// SQLite database (node:sqlite, the same engine D1 runs) and takes what they made — schema
// objects in dependency order, the rows migrations insert, and D1's own migrations ledger —
// as statements. Each workers-pool test file then starts from that state with one D1 batch
// (tests/setup/apply-schema.ts) instead of replaying every migration statement by statement.
// tests/db/migrations.test.ts proves the snapshot equals what the migrations make on D1 itself.
import { DatabaseSync, type SQLInputValue } from "node:sqlite";

export type SchemaStatement = { sql: string; params: (string | number | null)[] };
export type Migration = { name: string; queries: string[] };

type MasterRow = { type: string; name: string; tbl_name: string; sql: string };

/** FTS5 keeps its index in shadow tables it creates itself with the virtual table. */
const FTS_SHADOWS = ["_data", "_idx", "_content", "_docsize", "_config"];

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

export function migratedSchema(migrations: Migration[]): SchemaStatement[] {
  const db = new DatabaseSync(":memory:");
  for (const migration of migrations) for (const query of migration.queries) db.exec(query);

  const rows = db.prepare("select type, name, tbl_name, sql from sqlite_master where sql is not null order by rowid").all() as MasterRow[];
  const virtual = rows.filter((r) => r.type === "table" && /^create virtual table/i.test(r.sql)).map((r) => r.name);
  const isShadow = (name: string) => virtual.some((v) => FTS_SHADOWS.some((suffix) => name === `${v}${suffix}`));
  const tables = rows.filter((r) => r.type === "table" && r.name !== "sqlite_sequence" && !isShadow(r.name));

  const statements: SchemaStatement[] = [];
  const add = (sql: string, params: SchemaStatement["params"] = []) => statements.push({ sql, params });
  // Tables before what refers to them: a trigger may name a table re-created after it.
  for (const row of tables) add(row.sql);
  for (const row of rows.filter((r) => r.type === "index")) add(row.sql);
  for (const row of rows.filter((r) => r.type === "view")) add(row.sql);
  for (const row of rows.filter((r) => r.type === "trigger")) add(row.sql);

  // Rows the migrations insert (e.g. per-status totals), into ordinary tables only: the
  // triggers above rebuild any full-text index from them.
  for (const table of tables.filter((t) => !virtual.includes(t.name))) {
    for (const record of db.prepare(`select * from ${quote(table.name)}`).all() as Record<string, SQLInputValue>[]) {
      const columns = Object.keys(record);
      add(
        `insert into ${quote(table.name)} (${columns.map(quote).join(", ")}) values (${columns.map(() => "?").join(", ")})`,
        columns.map((c) => normalise(record[c] ?? null)),
      );
    }
  }

  // The ledger D1's migration tooling keeps, so the database reads as migrated.
  // Its text as D1 writes it (compared in tests/db/migrations.test.ts).
  add(`CREATE TABLE IF NOT EXISTS "d1_migrations" (
\t\tid         INTEGER PRIMARY KEY AUTOINCREMENT,
\t\tname       TEXT UNIQUE,
\t\tapplied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL
\t)`);
  for (const migration of migrations) add("insert into d1_migrations (name) values (?)", [migration.name]);
  db.close();
  return statements;
}

function normalise(value: SQLInputValue): string | number | null {
  if (value === null || typeof value === "string" || typeof value === "number") return value;
  if (typeof value === "bigint") return Number(value);
  throw new Error(`a migration inserted a value the snapshot cannot carry: ${typeof value}`);
}
