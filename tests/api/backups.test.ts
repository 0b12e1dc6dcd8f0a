// Automatic backups (issue 23; docs/decisions/023): the Cron Trigger's daily snapshot of every
// table to R2 (switch, hour, once per day under bursts, retention, manifest, a failure leaves
// nothing listed), GET /api/backups and its download (admins only), and the restore that
// `npm run db:restore` runs, compared table by table, row by row.
import { env } from "cloudflare:workers";
import { gunzipSync, strFromU8, unzipSync } from "fflate";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "../../worker/db/client.ts";
import { LEAD_STATUSES } from "../../worker/db/schema/enums.ts";
import { backupFolder, listDataTables, quoteIdent, schemaVersion, type BackupManifest } from "../../worker/services/backup-format.ts";
import {
  MIGRATION_FILLED_TABLES,
  parseManifest,
  restoreBackup,
  RestoreError,
  type BackupSource,
} from "../../worker/services/backup-restore.ts";
import { KEEP_BACKUPS, runAutomaticBackup, writeBackup } from "../../worker/services/backup-service.ts";
import { forgetOrgSettings } from "../../worker/services/org-settings-service.ts";
import { createChannel, createLead, createNotification, createTask, createUser } from "../factories/index.ts";
import { bearer, json, request, signedInUser } from "../helpers.ts";

const services = () => ({ db: getDb(env.DB), env });
const bucket = () => env.ATTACHMENTS;
/** 04:00 in São Paulo (UTC-3) on `date`: after the 03:00 start. */
const at = (date: string, time = "07:00") => new Date(`${date}T${time}:00Z`);

async function backupKeys(): Promise<string[]> {
  const keys: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await bucket().list({ prefix: "backups/", cursor });
    keys.push(...page.objects.map((object) => object.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return keys.sort();
}

async function clearBackups() {
  const keys = await backupKeys();
  if (keys.length) await bucket().delete(keys);
  await env.DB.prepare("delete from backup_runs").run();
}

async function setAutoBackup(on: boolean) {
  await env.DB.prepare("update organisation_settings set auto_backup = ? where id = 1")
    .bind(on ? 1 : 0)
    .run();
  forgetOrgSettings();
}

async function readManifest(date: string): Promise<BackupManifest> {
  const object = await bucket().get(`${backupFolder(date)}manifest.json`);
  expect(object).not.toBeNull();
  return parseManifest(await object!.text());
}

const r2Source = (date: string, manifest: BackupManifest): BackupSource => ({
  manifest,
  async open(entry) {
    const object = await bucket().get(backupFolder(date) + entry.file);
    if (!object) throw new Error(`${entry.file} missing`);
    return object.body;
  },
});

/** Every data table's rows, in rowid (or primary key) order, rowid included. */
async function snapshotTables(): Promise<Record<string, unknown[]>> {
  const snapshot: Record<string, unknown[]> = {};
  for (const shape of await listDataTables(env.DB)) {
    const order = shape.withoutRowid ? shape.primaryKey.map(quoteIdent).join(", ") : "rowid";
    const select = shape.withoutRowid ? "*" : `rowid as "__rowid", *`;
    snapshot[shape.name] = (await env.DB.prepare(`select ${select} from ${quoteIdent(shape.name)} order by ${order}`).all()).results;
  }
  return snapshot;
}

const triggerNames = async () =>
  (await env.DB.prepare("select name from sqlite_master where type = 'trigger' order by name").all<{ name: string }>()).results.map(
    (row) => row.name,
  );

/** The database as the migrations leave it (what tests/setup/apply-schema.ts gives each file). */
async function resetToMigrated() {
  const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
  const dropAll = async (where: string) => {
    const { results } = await env.DB.prepare(
      `select type, name from sqlite_master where name not like 'sqlite_%' and name not like '_cf_%' and (${where}) order by rowid desc`,
    ).all<{ type: string; name: string }>();
    if (results.length)
      await env.DB.batch([
        env.DB.prepare("pragma defer_foreign_keys = on"),
        ...results.map(({ type, name }) => env.DB.prepare(`drop ${type} if exists ${quote(name)}`)),
      ]);
  };
  await dropAll("type = 'view' or (type = 'table' and sql like 'create virtual table%')");
  await dropAll("type = 'table'");
  await env.DB.batch((env.TEST_SCHEMA ?? []).map(({ sql, params }) => env.DB.prepare(sql).bind(...params)));
  forgetOrgSettings();
}

/** A CRM with something in most tables, written the ways the app writes them (triggers fire). */
async function fillCrm() {
  const db = getDb(env.DB);
  const admin = await signedInUser("admin");
  const manager = await signedInUser("manager");
  const rep = await createUser(db, { role: "sales_rep", name: 'Zoë "Aspas" D\'Ávila' });
  const leads = [];
  for (let i = 0; i < 30; i++) {
    leads.push(
      await createLead(db, {
        name: `Lead ${i} São João ${"✓".repeat(i % 3)}`,
        email: `lead${i}@exemplo.com.br`,
        status: LEAD_STATUSES[i % 6],
        estimatedValue: i % 4 === 0 ? null : 1234.56 + i,
        assignedTo: i % 2 ? rep.id : manager.user.id,
        tags: i % 5 ? ["Urgente", "Orçamento"] : [],
        notes: i === 3 ? 'linha 1\nlinha 2\t"citação" \\ barra' : null,
      }),
    );
  }
  for (const lead of leads.slice(0, 8)) {
    await createTask(db, { title: `Ligar para ${lead.name}`, leadId: lead.id, assignedTo: rep.id, createdBy: admin.user.id });
  }
  const channel = await createChannel(db, { name: "geral", createdBy: admin.user.id }, [admin.user.id, manager.user.id]);
  const note = await request(
    `/api/leads/${leads[0]!.id}/notes`,
    json("POST", { content: "Primeira nota" }, bearer(admin.session.access_token)),
  );
  expect(note.status).toBeLessThan(300);
  const moved = await request(`/api/leads/${leads[1]!.id}`, json("PATCH", { status: "won" }, bearer(admin.session.access_token)));
  expect(moved.status).toBeLessThan(300);
  await createNotification(db, { userId: rep.id, title: "Olá" });
  await env.DB.prepare(
    "insert into chat_messages (id, channel_id, user_id, content, created_at) values ('m1', ?, ?, 'oi', '2026-11-26T10:00:00.000Z')",
  )
    .bind(channel.id, admin.user.id)
    .run();
  const saved = await request(
    "/api/settings/system",
    json(
      "PUT",
      {
        company_name: "Acme",
        time_zone: "America/Sao_Paulo",
        currency: "USD",
        auto_backup: true,
        maintenance_mode: false,
        debug_mode: false,
      },
      bearer(admin.session.access_token),
    ),
  );
  expect(saved.status).toBe(200);
  return { admin, manager, leads };
}

beforeAll(() => forgetOrgSettings());
beforeEach(async () => {
  await clearBackups();
  await setAutoBackup(true);
});

describe("the Cron Trigger's backup", () => {
  it("switch off: nothing is written, however often it runs", async () => {
    await setAutoBackup(false);
    for (const time of ["06:00", "07:00", "12:00"]) {
      expect(await runAutomaticBackup(services(), at("2026-11-27", time))).toEqual({ written: false, reason: "switched_off" });
    }
    expect(await backupKeys()).toEqual([]);
    expect((await env.DB.prepare("select count(*) as n from backup_runs").first<{ n: number }>())!.n).toBe(0);
  });

  it("before 03:00 in the organisation's zone nothing is written; from 03:00 one backup a day, however many runs, two at once included", async () => {
    // 05:45 UTC is 02:45 in São Paulo.
    expect(await runAutomaticBackup(services(), at("2026-11-27", "05:45"))).toMatchObject({ written: false, reason: "before_hour" });
    expect(await backupKeys()).toEqual([]);

    const burst = await Promise.all([0, 1, 2].map(() => runAutomaticBackup(services(), at("2026-11-27", "06:00"))));
    expect(burst.filter((result) => result.written)).toHaveLength(1);
    expect(burst.filter((result) => !result.written).map((result) => result.written || result.reason)).toEqual([
      "already_done",
      "already_done",
    ]);
    expect(await runAutomaticBackup(services(), at("2026-11-27", "06:15"))).toMatchObject({ written: false, reason: "already_done" });
    // 23:59 in São Paulo is still the 27th there (02:59 UTC on the 28th).
    expect(await runAutomaticBackup(services(), at("2026-11-28", "02:59"))).toMatchObject({ written: false, reason: "already_done" });
    const folders = new Set((await backupKeys()).map((key) => key.split("/")[1]));
    expect([...folders]).toEqual(["2026-11-27"]);

    // The next day's first run after 03:00 writes the next one; two at once still one.
    const next = await Promise.all([0, 1].map(() => runAutomaticBackup(services(), at("2026-11-28", "06:00"))));
    expect(next.filter((result) => result.written)).toHaveLength(1);
    expect(new Set((await backupKeys()).map((key) => key.split("/")[1]))).toEqual(new Set(["2026-11-27", "2026-11-28"]));
  });

  it("follows the organisation's time zone: London's 03:00 is São Paulo's midnight", async () => {
    await env.DB.prepare("update organisation_settings set time_zone = 'Europe/London' where id = 1").run();
    forgetOrgSettings();
    try {
      expect(await runAutomaticBackup(services(), at("2026-11-27", "02:30"))).toMatchObject({ written: false, reason: "before_hour" });
      expect(await runAutomaticBackup(services(), at("2026-11-27", "03:00"))).toMatchObject({ written: true, date: "2026-11-27" });
    } finally {
      await env.DB.prepare("update organisation_settings set time_zone = 'America/Sao_Paulo' where id = 1").run();
      forgetOrgSettings();
    }
  });

  it("the manifest names every table with its rows, its file's size, the schema version and when; each file is that table's NDJSON, gzip", async () => {
    await fillCrm();
    const result = await runAutomaticBackup(services(), at("2026-11-27"));
    expect(result).toMatchObject({ written: true, date: "2026-11-27" });
    const manifest = await readManifest("2026-11-27");
    const shapes = await listDataTables(env.DB);
    expect(manifest.tables.map((table) => table.name).sort()).toEqual(shapes.map((shape) => shape.name).sort());
    // Nothing of SQLite's, D1's ledger, nor the full-text index and its shadow tables.
    for (const name of manifest.tables.map((table) => table.name)) expect(name).not.toMatch(/^(sqlite_|_cf_|d1_migrations$)|_fts/);
    expect(manifest.tables.map((table) => table.name)).toEqual(expect.arrayContaining(["users", "leads", "tasks", "backup_runs"]));
    // Parents first: users before leads before tasks.
    const position = (name: string) => manifest.tables.findIndex((table) => table.name === name);
    expect(position("users")).toBeLessThan(position("leads"));
    expect(position("leads")).toBeLessThan(position("tasks"));
    expect(manifest.schema_version).toBe(await schemaVersion(env.DB));
    expect(manifest.schema_version).toMatch(/^\d{4}_.+\.sql$/);
    expect(manifest.created_at).toBe(at("2026-11-27").toISOString());
    let rows = 0;
    let bytes = 0;
    for (const table of manifest.tables) {
      const count = (await env.DB.prepare(`select count(*) as n from ${quoteIdent(table.name)}`).first<{ n: number }>())!.n;
      // backup_runs: the day's row changed from running to done after its file was written.
      expect(table.rows, table.name).toBe(count);
      const object = await bucket().get(backupFolder("2026-11-27") + table.file);
      const body = new Uint8Array(await object!.arrayBuffer());
      expect(table.bytes, table.name).toBe(body.length);
      const lines = strFromU8(gunzipSync(body)).split("\n").filter(Boolean);
      expect(lines).toHaveLength(count);
      rows += table.rows;
      bytes += table.bytes;
    }
    expect(manifest.rows).toBe(rows);
    expect(manifest.bytes).toBe(bytes);
    expect(manifest.rows).toBeGreaterThan(50);
    const leadsFile = manifest.tables.find((table) => table.name === "leads")!;
    const firstLead = JSON.parse(
      strFromU8(gunzipSync(new Uint8Array(await (await bucket().get(backupFolder("2026-11-27") + leadsFile.file))!.arrayBuffer()))).split(
        "\n",
      )[0]!,
    );
    expect(firstLead).toMatchObject({ name: "Lead 0 São João ", email: "lead0@exemplo.com.br", _rowid_: expect.any(Number) });
  });

  it(`keeps the newest ${KEEP_BACKUPS} backups and deletes older ones and what failed runs left`, async () => {
    // 15 complete backups from earlier days, and a folder a failed run left without a manifest.
    const days = Array.from({ length: 15 }, (_, i) => `2026-10-${String(i + 10).padStart(2, "0")}`);
    for (const day of days) {
      await bucket().put(`${backupFolder(day)}users.ndjson.gz`, "x");
      await bucket().put(`${backupFolder(day)}manifest.json`, "{}", {
        customMetadata: { created_at: `${day}T06:00:00.000Z`, rows: "1", bytes: "1", tables: "1" },
      });
    }
    await bucket().put(`${backupFolder("2026-11-01")}users.ndjson.gz`, "half");
    const result = await runAutomaticBackup(services(), at("2026-11-27"));
    expect(result.written && result.deleted).toEqual(["2026-10-10", "2026-10-11", "2026-11-01"]);
    const folders = [...new Set((await backupKeys()).map((key) => key.split("/")[1]))].sort();
    expect(folders).toHaveLength(KEEP_BACKUPS);
    expect(folders).toEqual([...days.slice(2), "2026-11-27"]);
  });

  it("a run that fails leaves nothing listed and no file behind; the next run tries again and writes the day's backup", async () => {
    const admin = await signedInUser("admin");
    // A value the NDJSON cannot carry (a BLOB) makes the run fail after some tables were written.
    await env.DB.prepare("create table zz_fails (id integer primary key, data blob)").run();
    await env.DB.prepare("insert into zz_fails (data) values (x'00ff')").run();
    try {
      await expect(runAutomaticBackup(services(), at("2026-11-27"))).rejects.toThrow(/binary values/);
      expect(await backupKeys()).toEqual([]);
      const list = await request("/api/backups", { headers: bearer(admin.session.access_token) });
      expect(((await list.json()) as { backups: unknown[] }).backups).toEqual([]);
      expect(await env.DB.prepare("select status, attempts from backup_runs").first()).toEqual({ status: "failed", attempts: 1 });
    } finally {
      await env.DB.prepare("drop table zz_fails").run();
    }
    expect(await runAutomaticBackup(services(), at("2026-11-27", "06:15"))).toMatchObject({ written: true, date: "2026-11-27" });
    expect(await env.DB.prepare("select status, attempts from backup_runs").first()).toEqual({ status: "done", attempts: 2 });
  });
});

describe("GET /api/backups and the download", () => {
  it("anonymous 401, managers and sales reps 403, admins 200 with the list, newest first", async () => {
    const admin = await signedInUser("admin");
    const manager = await signedInUser("manager");
    const rep = await signedInUser("sales_rep");
    await runAutomaticBackup(services(), at("2026-11-26"));
    await runAutomaticBackup(services(), at("2026-11-27"));
    for (const path of ["/api/backups", "/api/backups/2026-11-27/download"]) {
      expect((await request(path)).status, path).toBe(401);
      for (const who of [manager, rep]) {
        const response = await request(path, { headers: bearer(who.session.access_token) });
        expect(response.status, path).toBe(403);
      }
    }
    const response = await request("/api/backups", { headers: bearer(admin.session.access_token) });
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      auto_backup: boolean;
      backups: { date: string; created_at: string; bytes: number; tables: number; rows: number }[];
    };
    expect(body.auto_backup).toBe(true);
    expect(body.backups.map((backup) => backup.date)).toEqual(["2026-11-27", "2026-11-26"]);
    const manifest = await readManifest("2026-11-27");
    expect(body.backups[0]).toEqual({
      date: "2026-11-27",
      created_at: manifest.created_at,
      bytes: manifest.bytes,
      tables: manifest.tables.length,
      rows: manifest.rows,
    });

    await setAutoBackup(false);
    const off = (await (await request("/api/backups", { headers: bearer(admin.session.access_token) })).json()) as { auto_backup: boolean };
    expect(off.auto_backup).toBe(false);
  });

  it("an admin downloads a backup as one ZIP of its manifest and every table's file, byte for byte; a bad or missing date is 404", async () => {
    const admin = await signedInUser("admin");
    await createLead(getDb(env.DB), { name: "Baixada" });
    await runAutomaticBackup(services(), at("2026-11-27"));
    const response = await request("/api/backups/2026-11-27/download", { headers: bearer(admin.session.access_token) });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/zip");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="backup-2026-11-27.zip"');
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    const manifest = await readManifest("2026-11-27");
    expect(Object.keys(files).sort()).toEqual(["manifest.json", ...manifest.tables.map((table) => table.file)].sort());
    expect(parseManifest(strFromU8(files["manifest.json"]!))).toEqual(manifest);
    for (const table of manifest.tables) {
      const stored = new Uint8Array(await (await bucket().get(backupFolder("2026-11-27") + table.file))!.arrayBuffer());
      expect(files[table.file], table.file).toEqual(stored);
    }
    expect(strFromU8(gunzipSync(files["leads.ndjson.gz"]!))).toContain('"name":"Baixada"');

    for (const date of ["2026-11-28", "2026-02-30", "hoje", "2026-11-27x", "..%2F..%2Fusers"]) {
      const missing = await request(`/api/backups/${date}/download`, { headers: bearer(admin.session.access_token) });
      expect(missing.status, date).toBe(404);
      expect(((await missing.json()) as { error: string }).error).toBe("not_found");
    }
  });
});

describe("restore (npm run db:restore)", () => {
  it("the migrations fill only the tables the emptiness check ignores", async () => {
    await resetToMigrated();
    const filled = [];
    for (const shape of await listDataTables(env.DB)) {
      if (await env.DB.prepare(`select 1 from ${quoteIdent(shape.name)} limit 1`).first()) filled.push(shape.name);
    }
    expect(filled.sort()).toEqual([...MIGRATION_FILLED_TABLES].sort());
  });

  it("into a freshly migrated database: every table equal row by row, rowids too; triggers, totals and search work after", async () => {
    await resetToMigrated();
    await fillCrm();
    const before = await snapshotTables();
    const triggers = await triggerNames();
    // Small batches, so a table spans several.
    const manifest = await writeBackup(env.DB, bucket(), "2026-11-27", at("2026-11-27"), { pageRows: 7 });
    expect(Object.values(before).every((rows) => Array.isArray(rows))).toBe(true);

    await resetToMigrated();
    const result = await restoreBackup(env.DB, r2Source("2026-11-27", manifest), { batchRows: 5 });
    expect(result.rows).toBe(manifest.rows);
    expect(result.ftsRebuilt.sort()).toEqual(["leads_fts", "tasks_fts"]);
    const after = await snapshotTables();
    expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
    for (const table of Object.keys(before)) expect(after[table], table).toEqual(before[table]);
    expect(await triggerNames()).toEqual(triggers);

    // The kept totals were restored, not counted again; the triggers keep them from here on.
    const totals = async () => (await env.DB.prepare("select status, lead_count from lead_status_totals order by status").all()).results;
    const counted = async () =>
      (await env.DB.prepare("select status, count(*) as lead_count from leads group by status order by status").all()).results;
    expect(await totals()).toEqual(await counted());
    await createLead(getDb(env.DB), { name: "Depois", status: "new" });
    expect(await totals()).toEqual(await counted());
    // The full-text index answers from the restored leads.
    const found = await env.DB.prepare("select count(*) as n from leads_fts where leads_fts match 'joao'").first<{ n: number }>();
    expect(found!.n).toBe(30);
    const admin = (await env.DB.prepare("select email from users where role = 'admin'").first<{ email: string }>())!;
    const session = (await (
      await request("/api/auth/token?grant_type=password", json("POST", { email: admin.email, password: "crm-demo-2026" }))
    ).json()) as { access_token: string };
    const search = await request("/api/leads?q=Sao%20Joao", { headers: bearer(session.access_token) });
    expect(search.status).toBe(200);
  });

  it("refuses a database that holds data unless forced; forced, it replaces everything with the backup", async () => {
    await resetToMigrated();
    const { leads } = await fillCrm();
    const manifest = await writeBackup(env.DB, bucket(), "2026-11-27", at("2026-11-27"));
    const before = await snapshotTables();
    // Changes after the backup: a lead gone, one more, a setting changed.
    await env.DB.prepare("delete from leads where id = ?").bind(leads[0]!.id).run();
    await createLead(getDb(env.DB), { name: "Depois do backup" });
    await env.DB.prepare("update organisation_settings set company_name = 'Outra' where id = 1").run();
    const changed = await snapshotTables();

    const refused = await restoreBackup(env.DB, r2Source("2026-11-27", manifest)).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RestoreError);
    expect((refused as RestoreError).code).toBe("not_empty");
    expect((refused as RestoreError).message).toMatch(/--force/);
    expect(await snapshotTables()).toEqual(changed);

    await restoreBackup(env.DB, r2Source("2026-11-27", manifest), { force: true });
    const after = await snapshotTables();
    for (const table of Object.keys(before)) expect(after[table], table).toEqual(before[table]);
  });

  it("refuses a backup of another schema version, a manifest that is not one, and a file that does not match it, before or without writing", async () => {
    await resetToMigrated();
    await fillCrm();
    const manifest = await writeBackup(env.DB, bucket(), "2026-11-27", at("2026-11-27"));
    const before = await snapshotTables();
    const other = { ...manifest, schema_version: "0099_future.sql" };
    await expect(restoreBackup(env.DB, r2Source("2026-11-27", other), { force: true })).rejects.toMatchObject({ code: "schema_mismatch" });
    const unknown = { ...manifest, tables: [...manifest.tables, { ...manifest.tables[0]!, name: "no_such_table" }] };
    await expect(restoreBackup(env.DB, r2Source("2026-11-27", unknown), { force: true })).rejects.toMatchObject({ code: "unknown_table" });
    expect(await snapshotTables()).toEqual(before);
    expect(() => parseManifest("not json")).toThrow(RestoreError);
    expect(() => parseManifest(JSON.stringify({ format: 2, tables: [] }))).toThrow(/format 1/);
    expect(() => parseManifest(JSON.stringify({ ...manifest, tables: [{ ...manifest.tables[0], file: "../x.ndjson.gz" }] }))).toThrow(
      RestoreError,
    );
    const garbage: BackupSource = { manifest, open: async () => new Response("not gzip").body! };
    await expect(restoreBackup(env.DB, garbage, { force: true })).rejects.toMatchObject({ code: "bad_file" });
  });

  it("a table bigger than an R2 part is uploaded in parts of one size and restored whole", async () => {
    await resetToMigrated();
    await env.DB.prepare("create table zz_big (id text primary key, body text not null)").run();
    try {
      // ~6 MiB of gzip: random bytes as base64 do not compress much.
      const chunk = () => {
        const bytes = new Uint8Array(750_000);
        for (let i = 0; i < bytes.length; i += 65_536) crypto.getRandomValues(bytes.subarray(i, Math.min(i + 65_536, bytes.length)));
        let binary = "";
        for (const byte of bytes) binary += String.fromCharCode(byte);
        return btoa(binary);
      };
      for (let i = 0; i < 8; i++) await env.DB.prepare("insert into zz_big (id, body) values (?, ?)").bind(`b${i}`, chunk()).run();
      const before = (await env.DB.prepare("select * from zz_big order by rowid").all()).results;
      const manifest = await writeBackup(env.DB, bucket(), "2026-11-27", at("2026-11-27"), { partBytes: 5 * 1024 * 1024 });
      const entry = manifest.tables.find((table) => table.name === "zz_big")!;
      expect(entry.bytes).toBeGreaterThan(5 * 1024 * 1024);
      const head = await bucket().head(backupFolder("2026-11-27") + entry.file);
      expect(head!.size).toBe(entry.bytes);
      // A multipart upload's ETag ends in -<parts>.
      expect(head!.etag).toMatch(/-2$/);
      await env.DB.prepare("delete from zz_big").run();
      await restoreBackup(env.DB, r2Source("2026-11-27", manifest), { force: true });
      expect((await env.DB.prepare("select * from zz_big order by rowid").all()).results).toEqual(before);
    } finally {
      await env.DB.prepare("drop table if exists zz_big").run();
    }
  });
});
