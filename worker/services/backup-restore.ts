// Restores an automatic backup (backup-service.ts; docs/decisions/023) into a D1 database: the
// workers-pool tests' database, or the local one of `npm start` (scripts/db-restore.mjs, on
// Node through wrangler's platform proxy). Web APIs only (DecompressionStream, TextDecoder).
//
// 1. The backup must be of this database's schema: its last migration is the one applied here.
// 2. The database must hold no data (rows besides what the migrations insert), unless `force`.
// 3. Every table is emptied, then filled from its file in batches (parents before the tables
//    that refer to them), rows as they were: same columns, same rowids. Each batch drops the
//    triggers first and creates them again at its end, in its own transaction, so kept totals,
//    last-activity times and chat sequence numbers come back as they were saved, never counted
//    a second time, and no moment outside a batch lacks a trigger.
// 4. The full-text indexes (leads_fts, tasks_fts) are rebuilt from the restored tables.
import {
  BACKUP_FORMAT,
  listDataTables,
  listVirtualTables,
  quoteIdent,
  ROWID_KEY,
  schemaVersion,
  type BackupManifest,
  type BackupTableEntry,
  type D1Like,
} from "./backup-format.ts";

/** Where a backup is read from: R2 (tests), a downloaded ZIP or its unpacked folder (the script). */
export type BackupSource = {
  manifest: BackupManifest;
  /** A table's file as stored: gzip NDJSON. */
  open(entry: BackupTableEntry): Promise<ReadableStream<Uint8Array>>;
};

export type RestoreOptions = {
  /** Restore over a database that holds data (everything in it is replaced). */
  force?: boolean;
  /** Each batch's JSON budget (bytes of rows) and row count. */
  batchBytes?: number;
  batchRows?: number;
};

export type RestoreResult = { tables: { name: string; rows: number }[]; rows: number; ftsRebuilt: string[] };

export type RestoreErrorCode = "bad_manifest" | "schema_mismatch" | "unknown_table" | "not_empty" | "bad_file";

/** Why a restore refused or stopped, in words for the person at the terminal. */
export class RestoreError extends Error {
  // Declared, not a constructor parameter property: Node runs this file with type stripping only.
  readonly code: RestoreErrorCode;
  constructor(code: RestoreErrorCode, message: string) {
    super(message);
    this.name = "RestoreError";
    this.code = code;
  }
}

/**
 * Tables the migrations themselves fill (the per-status totals at zero, the settings row):
 * rows there do not make a database "not empty". tests/api/backups.test.ts checks this list
 * against what a freshly migrated database holds.
 */
export const MIGRATION_FILLED_TABLES = ["lead_status_totals", "organisation_settings"];

const BATCH_BYTES = 512 * 1024;
const BATCH_ROWS = 2_000;

/** Checks a manifest's shape (a file from outside: the script reads what it is given). */
export function parseManifest(text: string): BackupManifest {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new RestoreError("bad_manifest", "manifest.json is not JSON");
  }
  const manifest = value as Partial<BackupManifest> | null;
  const validTable = (table: Partial<BackupTableEntry>) =>
    typeof table?.name === "string" &&
    typeof table.file === "string" &&
    /^[^/\\]+\.ndjson\.gz$/.test(table.file) &&
    Number.isInteger(table.rows) &&
    Array.isArray(table.columns) &&
    table.columns.every((column) => typeof column === "string") &&
    typeof table.rowid === "boolean";
  if (!manifest || manifest.format !== BACKUP_FORMAT || !Array.isArray(manifest.tables) || !manifest.tables.every(validTable)) {
    throw new RestoreError("bad_manifest", `manifest.json is not a backup manifest of format ${BACKUP_FORMAT}`);
  }
  return manifest as BackupManifest;
}

/** Restores `source` into `d1` (see the top of this file). */
export async function restoreBackup(d1: D1Like, source: BackupSource, options: RestoreOptions = {}): Promise<RestoreResult> {
  const { manifest } = source;
  const batchBytes = options.batchBytes ?? BATCH_BYTES;
  const batchRows = options.batchRows ?? BATCH_ROWS;

  const version = await schemaVersion(d1);
  if (manifest.schema_version !== version) {
    throw new RestoreError(
      "schema_mismatch",
      `the backup is of schema ${manifest.schema_version ?? "(none)"} and this database's is ${version ?? "(none)"}: ` +
        "restore it with the version of the code whose last migration is the backup's",
    );
  }
  const local = await listDataTables(d1);
  const localByName = new Map(local.map((shape) => [shape.name, shape]));
  for (const entry of manifest.tables) {
    const shape = localByName.get(entry.name);
    const missing = shape ? entry.columns.filter((column) => !shape.columns.includes(column)) : [];
    if (!shape || missing.length || (entry.rowid && !shape.hiddenRowid)) {
      throw new RestoreError("unknown_table", `the backup's table ${entry.name} does not match this database's schema`);
    }
  }

  if (!options.force) {
    const candidates = local.filter((shape) => !MIGRATION_FILLED_TABLES.includes(shape.name));
    const answers = candidates.length
      ? await d1.batch<{ one: number }>(candidates.map((shape) => d1.prepare(`select 1 as one from ${quoteIdent(shape.name)} limit 1`)))
      : [];
    const holding = candidates.filter((_, i) => answers[i]!.results.length > 0).map((shape) => shape.name);
    if (holding.length) {
      throw new RestoreError(
        "not_empty",
        `the database holds data (${holding.join(", ")}); restore with --force to replace everything in it`,
      );
    }
  }

  const { results: triggers } = await d1
    .prepare("select name, sql from sqlite_master where type = 'trigger' and sql is not null order by rowid")
    .all<{ name: string; sql: string }>();
  const dropTriggers = () => triggers.map((trigger) => d1.prepare(`drop trigger if exists ${quoteIdent(trigger.name)}`));
  const createTriggers = () => triggers.map((trigger) => d1.prepare(trigger.sql));
  const inBatch = (statements: D1PreparedStatement[]) =>
    d1.batch([d1.prepare("pragma defer_foreign_keys = on"), ...dropTriggers(), ...statements, ...createTriggers()]);

  // Empty every table, children first (what the migrations inserted goes too: the backup has it).
  await inBatch([...local].reverse().map((shape) => d1.prepare(`delete from ${quoteIdent(shape.name)}`)));

  const restored: RestoreResult["tables"] = [];
  const byName = new Map(manifest.tables.map((entry) => [entry.name, entry]));
  for (const shape of local) {
    const entry = byName.get(shape.name);
    if (!entry) {
      restored.push({ name: shape.name, rows: 0 });
      continue;
    }
    const columns = entry.rowid ? [ROWID_KEY, ...entry.columns] : entry.columns;
    // One statement per batch of rows: json_each over a JSON array of them, one bound parameter
    // (no 100-parameter limit, however many columns), in the file's order (rowids kept).
    const insert = `insert into ${quoteIdent(entry.name)} (${columns.map(quoteIdent).join(", ")})
      select ${columns.map((column) => `value ->> ${sqlString(`$.${jsonPathKey(column)}`)}`).join(", ")} from json_each(?1)`;
    let pending: string[] = [];
    let pendingBytes = 0;
    let rows = 0;
    const flush = async () => {
      if (!pending.length) return;
      await inBatch([d1.prepare(insert).bind(`[${pending.join(",")}]`)]);
      pending = [];
      pendingBytes = 0;
    };
    for await (const text of jsonLines(await source.open(entry), entry.file)) {
      // Flushed before a row would take the batch over budget: D1 refuses a parameter over
      // about 2 MB (SQLITE_TOOBIG), so a batch is at most the budget or one row.
      if (pending.length && pendingBytes + text.length > batchBytes) await flush();
      pending.push(text);
      pendingBytes += text.length;
      rows++;
      if (pending.length >= batchRows) await flush();
    }
    await flush();
    if (rows !== entry.rows) throw new RestoreError("bad_file", `${entry.file} holds ${rows} rows, the manifest says ${entry.rows}`);
    restored.push({ name: entry.name, rows });
  }

  // The full-text indexes, from the tables they index.
  const virtual = await listVirtualTables(d1);
  if (virtual.length)
    await d1.batch(virtual.map((name) => d1.prepare(`insert into ${quoteIdent(name)}(${quoteIdent(name)}) values ('rebuild')`)));
  return { tables: restored, rows: restored.reduce((sum, table) => sum + table.rows, 0), ftsRebuilt: virtual };
}

const sqlString = (text: string) => `'${text.replaceAll("'", "''")}'`;
/** A JSON path member: quoted, so any column name is one key. */
const jsonPathKey = (name: string) => `"${name.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`;

/** The file's lines (each one JSON object), checked to be objects, from its gzip bytes. */
async function* jsonLines(stream: ReadableStream<Uint8Array>, file: string): AsyncGenerator<string> {
  const reader = (stream as ReadableStream<BufferSource>).pipeThrough(new DecompressionStream("gzip")).getReader();
  const decoder = new TextDecoder("utf-8", { fatal: true });
  let carry = "";
  const check = (text: string) => {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      value = null;
    }
    if (!value || typeof value !== "object" || Array.isArray(value))
      throw new RestoreError("bad_file", `${file} has a line that is not a JSON object`);
    return text;
  };
  try {
    for (;;) {
      let result: ReadableStreamReadResult<Uint8Array>;
      try {
        result = await reader.read();
      } catch {
        throw new RestoreError("bad_file", `${file} is not a gzip file`);
      }
      if (result.done) break;
      carry += decoder.decode(result.value, { stream: true });
      let end = carry.indexOf("\n");
      while (end !== -1) {
        const text = carry.slice(0, end).trim();
        if (text) yield check(text);
        carry = carry.slice(end + 1);
        end = carry.indexOf("\n");
      }
    }
    carry += decoder.decode();
    if (carry.trim()) yield check(carry.trim());
  } finally {
    reader.releaseLock();
  }
}
