// The automatic backup (crm.md §2 Sistema's switch; issue 23; docs/decisions/023), run by the
// Cron Trigger every 15 minutes (worker/index.ts):
// - with Settings → Sistema's auto_backup on, once per organisation-local day, from the first
//   run at or after 03:00 in the organisation's time zone;
// - the day is claimed in D1 in one statement (backup_runs, migration 0018), so a second run
//   of the day, or two at once, write one backup; a failed run is tried again by the next
//   (up to 3 attempts a day), a run that died is taken over after 20 minutes;
// - every table (backup-format.ts listDataTables) as NDJSON, gzip (CompressionStream), to R2
//   (the ATTACHMENTS bucket) under backups/<yyyy-mm-dd>/<table>.ndjson.gz, read in pages of
//   PAGE_ROWS and uploaded in parts as it is compressed, so neither a table nor its file sits in
//   memory; then manifest.json, last: a backup without one is not listed, and is deleted;
// - the newest KEEP_BACKUPS backups are kept, older ones deleted.
import { localClock } from "../lib/org-time.ts";
import {
  BACKUP_FORMAT,
  BACKUP_PREFIX,
  backupFolder,
  isBackupDate,
  listDataTables,
  MANIFEST_FILE,
  quoteIdent,
  ROWID_KEY,
  schemaVersion,
  tableFile,
  type BackupManifest,
  type BackupTableEntry,
  type D1Like,
  type TableShape,
} from "./backup-format.ts";
import { ForbiddenError, NotFoundError } from "./errors.ts";
import { readOrgSettings } from "./org-settings-service.ts";
import type { Authenticated, ServiceContext } from "./service-context.ts";
import { zipStream, type ZipEntry } from "../lib/zip-stream.ts";

/** How many backups are kept (the newest ones). */
export const KEEP_BACKUPS = 14;
/** The organisation-local hour from which the day's backup is written. */
export const BACKUP_HOUR = 3;
/** Rows read from D1 per query (a page of leads is about 0.4 MB; 1,000 keeps the queries of a run at 50,000 leads near 100). */
export const PAGE_ROWS = 1_000;
/** R2 multipart part size: every part but the last has exactly this size (R2's rule; 5 MiB minimum). */
export const PART_BYTES = 8 * 1024 * 1024;
/** A run still 'running' after this long died (a scheduled run lasts at most 15 minutes). */
export const STALE_RUN_MS = 20 * 60 * 1000;
export const MAX_ATTEMPTS = 3;

export type BackupRunResult =
  | { written: true; date: string; tables: number; rows: number; bytes: number; deleted: string[] }
  | { written: false; reason: "switched_off" | "before_hour" | "already_done"; date?: string };

/** Test seams: smaller pages and parts exercise paging and multipart uploads with little data. */
export type BackupOptions = { pageRows?: number; partBytes?: number };

const bucketOf = (services: Pick<ServiceContext, "env">): R2Bucket => services.env.ATTACHMENTS;

/**
 * The Cron Trigger's step: the day's backup when it is due and nobody else took it. A failure
 * is thrown (the scheduled handler logs it) after the day's claim is marked failed and what
 * was written of the day is deleted.
 */
export async function runAutomaticBackup(services: ServiceContext, now: Date, options: BackupOptions = {}): Promise<BackupRunResult> {
  const settings = await readOrgSettings(services);
  if (!settings.auto_backup) return { written: false, reason: "switched_off" };
  const { date, hour } = localClock(now, settings.time_zone);
  if (hour < BACKUP_HOUR) return { written: false, reason: "before_hour", date };
  const d1 = services.db.$client;
  if (!(await claimDay(d1, date, now))) return { written: false, reason: "already_done", date };
  const bucket = bucketOf(services);
  try {
    const manifest = await writeBackup(d1, bucket, date, now, options);
    const deleted = await pruneBackups(bucket, date);
    await d1
      .prepare("update backup_runs set status = 'done', finished_at = ?2, error = null where date = ?1")
      .bind(date, new Date().toISOString())
      .run();
    return { written: true, date, tables: manifest.tables.length, rows: manifest.rows, bytes: manifest.bytes, deleted };
  } catch (error) {
    await deleteFolder(bucket, date).catch(() => undefined);
    await d1
      .prepare("update backup_runs set status = 'failed', finished_at = ?2, error = ?3 where date = ?1")
      .bind(date, new Date().toISOString(), String(error instanceof Error ? error.message : error).slice(0, 500))
      .run()
      .catch(() => undefined);
    throw error;
  }
}

/** Takes the day in one statement: true when this run is the one to write its backup. */
async function claimDay(d1: D1Like, date: string, now: Date): Promise<boolean> {
  const startedAt = now.toISOString();
  const staleBefore = new Date(now.getTime() - STALE_RUN_MS).toISOString();
  const claimed = await d1
    .prepare(
      `insert into backup_runs (date, status, attempts, started_at) values (?1, 'running', 1, ?2)
       on conflict (date) do update set status = 'running', attempts = backup_runs.attempts + 1,
         started_at = excluded.started_at, finished_at = null, error = null
       where backup_runs.attempts < ?4
         and (backup_runs.status = 'failed' or (backup_runs.status = 'running' and backup_runs.started_at < ?3))
       returning date`,
    )
    .bind(date, startedAt, staleBefore, MAX_ATTEMPTS)
    .first<{ date: string }>();
  return claimed !== null;
}

/**
 * Writes backups/<date>/: each table's file, then the manifest. Exported for the restore
 * tests, which back up a database they filled without going through the day's claim.
 */
export async function writeBackup(
  d1: D1Like,
  bucket: R2Bucket,
  date: string,
  now: Date,
  { pageRows = PAGE_ROWS, partBytes = PART_BYTES }: BackupOptions = {},
): Promise<BackupManifest> {
  const folder = backupFolder(date);
  const shapes = await listDataTables(d1);
  // Each table is read up to the rowid it had when the backup started (one batch: one moment),
  // so a row added while the backup runs is in none of the files, rather than in a child table's
  // file without its parent's row.
  const bounds = await rowidBounds(d1, shapes);
  const version = await schemaVersion(d1);
  const tables: BackupTableEntry[] = [];
  for (const shape of shapes) {
    const file = tableFile(shape.name);
    const lines = tableLines(d1, shape, bounds.get(shape.name), pageRows);
    const { rows, bytes } = await putGzipLines(bucket, folder + file, lines, partBytes);
    tables.push({ name: shape.name, file, rows, bytes, columns: shape.columns, rowid: shape.hiddenRowid });
  }
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    date,
    created_at: now.toISOString(),
    schema_version: version,
    tables,
    rows: tables.reduce((sum, table) => sum + table.rows, 0),
    bytes: tables.reduce((sum, table) => sum + table.bytes, 0),
  };
  await bucket.put(folder + MANIFEST_FILE, JSON.stringify(manifest, null, 2), {
    httpMetadata: { contentType: "application/json" },
    // What the list needs, so it is one R2 list call rather than a read of every manifest.
    customMetadata: {
      created_at: manifest.created_at,
      rows: String(manifest.rows),
      bytes: String(manifest.bytes),
      tables: String(tables.length),
    },
  });
  return manifest;
}

async function rowidBounds(d1: D1Like, shapes: TableShape[]): Promise<Map<string, number>> {
  const withRowid = shapes.filter((shape) => !shape.withoutRowid);
  if (!withRowid.length) return new Map();
  const answers = await d1.batch<{ bound: number | null }>(
    withRowid.map((shape) => d1.prepare(`select max(rowid) as bound from ${quoteIdent(shape.name)}`)),
  );
  return new Map(withRowid.map((shape, i) => [shape.name, answers[i]!.results[0]?.bound ?? 0]));
}

type Row = Record<string, unknown>;

/** A table's rows as NDJSON text, a page at a time (rowid order, or the primary key's). */
async function* tableLines(d1: D1Like, shape: TableShape, bound: number | undefined, pageRows: number): AsyncGenerator<string> {
  const table = quoteIdent(shape.name);
  const columns = shape.columns.map(quoteIdent).join(", ");
  if (!shape.withoutRowid) {
    let after = Number.MIN_SAFE_INTEGER;
    const sql = `select rowid as "${ROWID_KEY}", ${columns} from ${table} where rowid > ?1 and rowid <= ?2 order by rowid limit ?3`;
    for (;;) {
      const { results } = await d1
        .prepare(sql)
        .bind(after, bound ?? 0, pageRows)
        .all<Row>();
      if (!results.length) return;
      after = results[results.length - 1]![ROWID_KEY] as number;
      yield results.map((row) => line(shape, row)).join("");
      if (results.length < pageRows) return;
    }
  }
  // WITHOUT ROWID: by primary key, each page after the last key of the one before.
  const key = shape.primaryKey.map(quoteIdent).join(", ");
  let last: unknown[] | null = null;
  for (;;) {
    const where: string = last ? `where (${key}) > (${shape.primaryKey.map((_, i) => `?${i + 2}`).join(", ")})` : "";
    const { results }: { results: Row[] } = await d1
      .prepare(`select ${columns} from ${table} ${where} order by ${key} limit ?1`)
      .bind(pageRows, ...(last ?? []))
      .all<Row>();
    if (!results.length) return;
    const lastRow: Row = results[results.length - 1]!;
    last = shape.primaryKey.map((column) => lastRow[column]);
    yield results.map((row) => line(shape, row)).join("");
    if (results.length < pageRows) return;
  }
}

/** One row as a JSON line: its columns in table order, then its rowid when the table hides one. */
function line(shape: TableShape, row: Row): string {
  const record: Row = {};
  for (const column of shape.columns) {
    const value = row[column];
    if (value !== null && typeof value === "object") throw new Error(`${shape.name}.${column}: binary values are not backed up`);
    record[column] = value;
  }
  if (shape.hiddenRowid) record[ROWID_KEY] = row[ROWID_KEY];
  return JSON.stringify(record) + "\n";
}

/**
 * Compresses the lines as they come and uploads the gzip to R2: one put when it is smaller
 * than a part, else a multipart upload of `partBytes` parts. Returns the rows and the size.
 */
async function putGzipLines(bucket: R2Bucket, key: string, lines: AsyncIterable<string>, partBytes: number) {
  const gzip = new CompressionStream("gzip");
  const writer = gzip.writable.getWriter();
  const encoder = new TextEncoder();
  let rows = 0;
  const produce = (async () => {
    try {
      for await (const text of lines) {
        rows += countLines(text);
        await writer.write(encoder.encode(text));
      }
      await writer.close();
    } catch (error) {
      await writer.abort(error).catch(() => undefined);
      throw error;
    }
  })();
  const [, bytes] = await Promise.all([produce, putStream(bucket, key, gzip.readable, partBytes)]);
  return { rows, bytes };
}

const countLines = (text: string) => {
  let count = 0;
  for (let at = text.indexOf("\n"); at !== -1; at = text.indexOf("\n", at + 1)) count++;
  return count;
};

async function putStream(bucket: R2Bucket, key: string, stream: ReadableStream<Uint8Array>, partBytes: number): Promise<number> {
  const reader = stream.getReader();
  const options = { httpMetadata: { contentType: "application/gzip" } };
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  let total = 0;
  let upload: R2MultipartUpload | null = null;
  const parts: R2UploadedPart[] = [];
  // The first `size` bytes of what is pending, as one array.
  const take = (size: number): Uint8Array => {
    const out = new Uint8Array(size);
    let at = 0;
    while (at < size) {
      const chunk = pending[0]!;
      const used = Math.min(chunk.length, size - at);
      out.set(chunk.subarray(0, used), at);
      at += used;
      if (used === chunk.length) pending.shift();
      else pending[0] = chunk.subarray(used);
    }
    pendingBytes -= size;
    return out;
  };
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      pending.push(value);
      pendingBytes += value.length;
      total += value.length;
      while (pendingBytes >= partBytes) {
        upload ??= await bucket.createMultipartUpload(key, options);
        parts.push(await upload.uploadPart(parts.length + 1, take(partBytes)));
      }
    }
    const rest = take(pendingBytes);
    pending = [];
    if (!upload) await bucket.put(key, rest, options);
    else {
      if (rest.length) parts.push(await upload.uploadPart(parts.length + 1, rest));
      await upload.complete(parts);
    }
    return total;
  } catch (error) {
    await reader.cancel(error).catch(() => undefined);
    await upload?.abort().catch(() => undefined);
    throw error;
  }
}

/** Every key under a prefix (R2 lists 1,000 at a time). */
async function listKeys(bucket: R2Bucket, prefix: string, include?: ("customMetadata" | "httpMetadata")[]): Promise<R2Object[]> {
  const objects: R2Object[] = [];
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ prefix, cursor, ...(include ? { include } : {}) });
    objects.push(...page.objects);
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return objects;
}

const dateOfKey = (key: string) => key.slice(BACKUP_PREFIX.length).split("/", 1)[0]!;

async function deleteKeys(bucket: R2Bucket, keys: string[]) {
  for (let i = 0; i < keys.length; i += 1000) await bucket.delete(keys.slice(i, i + 1000));
}

async function deleteFolder(bucket: R2Bucket, date: string) {
  await deleteKeys(
    bucket,
    (await listKeys(bucket, backupFolder(date))).map((object) => object.key),
  );
}

/**
 * Keeps the newest KEEP_BACKUPS complete backups; deletes older ones, and what failed runs of
 * earlier days left without a manifest. Returns the dates deleted.
 */
async function pruneBackups(bucket: R2Bucket, today: string): Promise<string[]> {
  const objects = await listKeys(bucket, BACKUP_PREFIX);
  const byDate = new Map<string, string[]>();
  const complete = new Set<string>();
  for (const object of objects) {
    const date = dateOfKey(object.key);
    byDate.set(date, [...(byDate.get(date) ?? []), object.key]);
    if (object.key === backupFolder(date) + MANIFEST_FILE) complete.add(date);
  }
  const kept = new Set([...complete].sort().reverse().slice(0, KEEP_BACKUPS));
  const doomed = [...byDate.keys()].filter((date) => !kept.has(date) && (complete.has(date) || date < today));
  await deleteKeys(
    bucket,
    doomed.flatMap((date) => byDate.get(date)!),
  );
  return doomed.sort();
}

export type BackupSummary = { date: string; created_at: string; bytes: number; tables: number; rows: number };

const requireAdmin = (actor: Authenticated) => {
  if (actor.user.role !== "admin") throw new ForbiddenError();
};

/** GET /api/backups: the complete backups, newest first, and whether the switch is on (admins only). */
export async function listBackups(
  services: ServiceContext,
  actor: Authenticated,
): Promise<{ auto_backup: boolean; backups: BackupSummary[] }> {
  requireAdmin(actor);
  const settings = await readOrgSettings(services);
  const objects = await listKeys(bucketOf(services), BACKUP_PREFIX, ["customMetadata"]);
  const backups = objects
    .filter((object) => object.key === backupFolder(dateOfKey(object.key)) + MANIFEST_FILE)
    .map((object): BackupSummary => {
      const meta = object.customMetadata ?? {};
      return {
        date: dateOfKey(object.key),
        created_at: meta.created_at ?? object.uploaded.toISOString(),
        bytes: Number(meta.bytes ?? 0),
        tables: Number(meta.tables ?? 0),
        rows: Number(meta.rows ?? 0),
      };
    })
    .sort((a, b) => (a.date < b.date ? 1 : -1));
  return { auto_backup: settings.auto_backup, backups };
}

/**
 * GET /api/backups/:date/download: the backup as one ZIP (manifest.json and each table's
 * .ndjson.gz, stored as they are), streamed from R2 a file at a time. Admins only; a date
 * that is not one, or has no complete backup, is not found.
 */
export async function openBackupDownload(
  services: ServiceContext,
  actor: Authenticated,
  date: string,
): Promise<{ filename: string; body: ReadableStream<Uint8Array> }> {
  requireAdmin(actor);
  if (!isBackupDate(date)) throw new NotFoundError();
  const bucket = bucketOf(services);
  const folder = backupFolder(date);
  const manifestObject = await bucket.get(folder + MANIFEST_FILE);
  if (!manifestObject) throw new NotFoundError();
  const manifestBytes = new Uint8Array(await manifestObject.arrayBuffer());
  const manifest = JSON.parse(new TextDecoder().decode(manifestBytes)) as BackupManifest;
  const modified = new Date(manifest.created_at);
  async function* entries(): AsyncGenerator<ZipEntry> {
    yield { name: MANIFEST_FILE, data: [manifestBytes], modified };
    for (const table of manifest.tables) {
      yield { name: table.file, data: objectChunks(bucket, folder + table.file), compress: false, modified };
    }
  }
  return { filename: `backup-${date}.zip`, body: zipStream(entries()) };
}

/** An R2 object's bytes, fetched when the archive reaches it. */
async function* objectChunks(bucket: R2Bucket, key: string): AsyncGenerator<Uint8Array> {
  const object = await bucket.get(key);
  if (!object) throw new Error(`${key} is missing`);
  const reader = object.body.getReader();
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        finished = true;
        return;
      }
      yield value;
    }
  } finally {
    // The client went away mid-file: stop reading the object.
    if (!finished) await reader.cancel().catch(() => undefined);
  }
}
