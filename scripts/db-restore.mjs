// `npm run db:restore -- <backup> [--force] [--persist-to DIR]`: restores an automatic backup
// (Settings → Sistema → Backups automáticos; docs/decisions/023) into the LOCAL D1 database,
// the one `npm run dev` and `npm start` use (.wrangler/state, or --persist-to / PERSIST_TO).
// <backup> is the ZIP downloaded from Sistema (backup-<date>.zip) or a folder holding its
// manifest.json and <table>.ndjson.gz files (the ZIP unpacked, or backups/<date>/ copied from
// R2). Offline: migrations first (wrangler, --local), then the restore through wrangler's
// platform proxy (worker/services/backup-restore.ts, the code the workers-pool tests run).
// Refuses a database that holds data unless --force, which replaces everything in it.
// Stop the local server first: two workerd processes on one state directory do not mix.
// Never touches a deployed database (for production see D1 Time Travel in decision 023).
import { openAsBlob, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { unzipSync } from "fflate";
import { parseManifest, restoreBackup, RestoreError } from "../worker/services/backup-restore.ts";
import { openLocalDb } from "./lib/local-db.mjs";
import { ensureDevVars, offlineEnv, run } from "./lib/run.mjs";

const USAGE = "usage: npm run db:restore -- <backup.zip | backup folder> [--force] [--persist-to DIR]";

function parseArgs(argv) {
  const options = { backup: null, force: false, persistTo: process.env.PERSIST_TO || null };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split("=", 2);
    if (flag === "--force") options.force = true;
    else if (flag === "--persist-to") options.persistTo = inline ?? argv[++i];
    else if (flag === "--help" || flag === "-h") {
      console.log(USAGE);
      process.exit(0);
    } else if (flag.startsWith("--") || options.backup) {
      console.error(`unknown argument ${argv[i]} (${USAGE})`);
      process.exit(2);
    } else options.backup = argv[i];
  }
  if (!options.backup) {
    console.error(USAGE);
    process.exit(2);
  }
  return options;
}

/** The backup as a restore source: from a ZIP (read whole: it is the compressed files) or a folder. */
async function openBackup(path) {
  let stat;
  try {
    stat = statSync(path);
  } catch {
    throw new RestoreError("bad_manifest", `${path} does not exist`);
  }
  if (stat.isDirectory()) {
    let text;
    try {
      text = readFileSync(join(path, "manifest.json"), "utf8");
    } catch {
      throw new RestoreError("bad_manifest", `${path} has no manifest.json: is it a backup folder?`);
    }
    return {
      manifest: parseManifest(text),
      async open(entry) {
        try {
          return (await openAsBlob(join(path, entry.file))).stream();
        } catch {
          throw new RestoreError("bad_file", `${entry.file} is missing from ${path}`);
        }
      },
    };
  }
  let files;
  try {
    files = unzipSync(new Uint8Array(readFileSync(path)));
  } catch {
    throw new RestoreError("bad_manifest", `${path} is neither a backup folder nor a ZIP`);
  }
  // Downloaded ZIPs hold the files at their root; accept one folder level too (a re-zipped folder).
  const byName = new Map(Object.entries(files).map(([name, bytes]) => [name.split("/").pop(), bytes]));
  const manifestBytes = byName.get("manifest.json");
  if (!manifestBytes) throw new RestoreError("bad_manifest", `${path} has no manifest.json: is it a backup?`);
  return {
    manifest: parseManifest(new TextDecoder().decode(manifestBytes)),
    async open(entry) {
      const bytes = byName.get(entry.file);
      if (!bytes) throw new RestoreError("bad_file", `${entry.file} is missing from ${path}`);
      return new Blob([bytes]).stream();
    },
  };
}

const options = parseArgs(process.argv.slice(2));
const started = performance.now();
let source;
try {
  source = await openBackup(resolve(options.backup));
} catch (error) {
  console.error(`db:restore: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
const { manifest } = source;
console.log(
  `Backup of ${manifest.date} (taken ${manifest.created_at}, schema ${manifest.schema_version}): ` +
    `${manifest.tables.length} tables, ${manifest.rows} rows.`,
);

ensureDevVars();
const persist = options.persistTo ? ["--persist-to", options.persistTo] : [];
// Quietly (wrangler prints a table per migration); its errors still reach stderr.
await run("wrangler", ["d1", "migrations", "apply", "DB", "--local", ...persist], {
  env: offlineEnv,
  stdio: ["ignore", "ignore", "inherit"],
});
console.log("Migrations applied.");
const { db, dispose } = await openLocalDb(options.persistTo ?? undefined);
let failed = false;
try {
  const result = await restoreBackup(db.$client, source, { force: options.force });
  const width = Math.max(...result.tables.map((table) => table.name.length));
  for (const table of result.tables) console.log(`  ${table.name.padEnd(width)}  ${String(table.rows).padStart(8)}`);
  console.log(
    `Restored ${result.rows} rows in ${result.tables.length} tables into the local database ` +
      `(${options.persistTo ?? ".wrangler/state"}); full-text indexes rebuilt: ${result.ftsRebuilt.join(", ") || "none"}. ` +
      `${((performance.now() - started) / 1000).toFixed(1)} s.`,
  );
} catch (error) {
  failed = true;
  console.error(`db:restore: ${error instanceof RestoreError ? error.message : error?.stack || error}`);
} finally {
  await dispose();
}
process.exit(failed ? 1 : 0);
