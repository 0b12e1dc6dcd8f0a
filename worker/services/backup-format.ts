// The automatic backup's format (issue 23, docs/decisions/023), shared by the writer
// (backup-service.ts, in the Worker) and the restore (backup-restore.ts, in the Worker's tests
// and in `npm run db:restore` on Node): which tables a snapshot holds, in which order, and the
// manifest that says what each file holds. Web APIs only, so it runs in both places.

/** What every D1 binding (the Worker's, miniflare's through wrangler's proxy) offers. */
export type D1Like = Pick<D1Database, "prepare" | "batch">;

export const BACKUP_FORMAT = 1;
/** R2 keys: backups/<yyyy-mm-dd>/<table>.ndjson.gz and backups/<yyyy-mm-dd>/manifest.json. */
export const BACKUP_PREFIX = "backups/";
export const MANIFEST_FILE = "manifest.json";
/** The key each NDJSON line carries a rowid table's own rowid under (SQLite's alias for it). */
export const ROWID_KEY = "_rowid_";

export type BackupTableEntry = {
  name: string;
  /** <table>.ndjson.gz: one JSON object per row, gzip. */
  file: string;
  rows: number;
  /** The file's size (gzip). */
  bytes: number;
  columns: string[];
  /** Each line also carries the row's rowid under ROWID_KEY (tables with a hidden rowid). */
  rowid: boolean;
};

export type BackupManifest = {
  format: typeof BACKUP_FORMAT;
  /** The organisation-local day the backup is of (its folder). */
  date: string;
  created_at: string;
  /** The last migration applied (d1_migrations) when the snapshot was read. */
  schema_version: string | null;
  /** Parents before the tables that refer to them: the order a restore inserts in. */
  tables: BackupTableEntry[];
  rows: number;
  bytes: number;
};

export type TableShape = {
  name: string;
  columns: string[];
  /** The primary key's columns (WITHOUT ROWID tables are read in its order). */
  primaryKey: string[];
  withoutRowid: boolean;
  /** A rowid of its own that no column names (not an INTEGER PRIMARY KEY alias, not WITHOUT ROWID). */
  hiddenRowid: boolean;
  /** The tables its foreign keys name (itself excluded). */
  parents: string[];
};

/** FTS5 keeps its index in shadow tables it makes itself; the restore rebuilds them. */
const FTS_SHADOW_SUFFIXES = ["_data", "_idx", "_content", "_docsize", "_config"];

export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

type MasterRow = { name: string; sql: string | null };

/** The full-text (virtual) tables: not backed up, rebuilt from their content tables on restore. */
export async function listVirtualTables(d1: D1Like): Promise<string[]> {
  const { results } = await d1
    .prepare("select name, sql from sqlite_master where type = 'table' and sql like 'create virtual table%'")
    .all<MasterRow>();
  return results.map((row) => row.name);
}

/**
 * Every table a backup holds, parents first: all of sqlite_master's tables except SQLite's
 * own (sqlite_*), Cloudflare's (_cf_*), D1's migration ledger, full-text tables and their
 * shadow tables.
 */
export async function listDataTables(d1: D1Like): Promise<TableShape[]> {
  const { results } = await d1
    .prepare(
      `select name, sql from sqlite_master where type = 'table' and name not like 'sqlite\\_%' escape '\\'
        and name not like '\\_cf\\_%' escape '\\' and name <> 'd1_migrations' order by name`,
    )
    .all<MasterRow>();
  const virtual = results.filter((row) => /^\s*create\s+virtual\s+table/i.test(row.sql ?? "")).map((row) => row.name);
  const isShadow = (name: string) => virtual.some((v) => FTS_SHADOW_SUFFIXES.some((suffix) => name === `${v}${suffix}`));
  const tables = results.filter((row) => !virtual.includes(row.name) && !isShadow(row.name));
  if (!tables.length) return [];

  // Columns and foreign keys of every table in one batch.
  const answers = await d1.batch<Record<string, unknown>>(
    tables.flatMap((table) => [
      d1.prepare(`pragma table_info(${quoteIdent(table.name)})`),
      d1.prepare(`pragma foreign_key_list(${quoteIdent(table.name)})`),
    ]),
  );
  const shapes = tables.map((table, i): TableShape => {
    const info = answers[2 * i]!.results as { name: string; type: string; pk: number }[];
    const keys = answers[2 * i + 1]!.results as { table: string }[];
    const primaryKey = info
      .filter((column) => column.pk > 0)
      .sort((a, b) => a.pk - b.pk)
      .map((column) => column.name);
    const withoutRowid = /\)\s*without\s+rowid\s*;?\s*$/i.test(table.sql ?? "");
    const rowidAlias = primaryKey.length === 1 && info.find((column) => column.name === primaryKey[0])?.type.toUpperCase() === "INTEGER";
    return {
      name: table.name,
      columns: info.map((column) => column.name),
      primaryKey,
      withoutRowid,
      hiddenRowid: !withoutRowid && !rowidAlias,
      parents: [...new Set(keys.map((key) => key.table))].filter((parent) => parent !== table.name),
    };
  });
  return parentsFirst(shapes);
}

/** Topological order by foreign key (a cycle, which the schema has none of, keeps name order). */
function parentsFirst(shapes: TableShape[]): TableShape[] {
  const byName = new Map(shapes.map((shape) => [shape.name, shape]));
  const ordered: TableShape[] = [];
  const state = new Map<string, "visiting" | "done">();
  const visit = (shape: TableShape) => {
    if (state.get(shape.name)) return;
    state.set(shape.name, "visiting");
    for (const parent of shape.parents) {
      const parentShape = byName.get(parent);
      if (parentShape) visit(parentShape);
    }
    state.set(shape.name, "done");
    ordered.push(shape);
  };
  for (const shape of shapes) visit(shape);
  return ordered;
}

/** The last migration applied to a database (null before any). */
export async function schemaVersion(d1: D1Like): Promise<string | null> {
  try {
    const row = await d1.prepare("select name from d1_migrations order by id desc limit 1").first<{ name: string }>();
    return row?.name ?? null;
  } catch {
    // A database no migration tooling touched has no ledger.
    return null;
  }
}

/** Whether a path segment is a yyyy-mm-dd that is a real calendar date (a backup's folder name). */
export function isBackupDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

export const backupFolder = (date: string) => `${BACKUP_PREFIX}${date}/`;
export const tableFile = (table: string) => `${table}.ndjson.gz`;
