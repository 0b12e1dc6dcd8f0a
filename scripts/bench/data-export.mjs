// 'Exportar Dados' at scale (issue 23): how long does GET /api/exports/data take for --leads
// leads (default 50,000), and how much memory does the Worker's process take while it streams?
//
//   npm run bench:export -- [--leads N] [--runs N] [--persist-to DIR] [--skip-build]
// Prepares its own state directory (default .wrangler/bench-export, never the one `npm start`
// uses): migrations, the demo data, then the bulk seed up to --leads leads (realistic leads with
// notes, tags, tasks and timeline entries: scripts/seed/bulk-seed.ts). Serves the production
// build with `npm start`'s server (workerd, no proxy) on a free port, signs in as the demo
// manager and downloads the export --runs times (default 3, at most 5: the export's own limit
// per person in 10 minutes), one at a time. For each: the time
// to the first byte and to the last, the ZIP's size, and the resident memory of the workerd
// process sampled every 20 ms (before the request and its peak during it). The first run's ZIP
// is opened (fflate) and its leads.csv rows counted against the database.
import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { drizzle } from "drizzle-orm/d1";
import { unzipSync } from "fflate";
import { getPlatformProxy } from "wrangler";
import * as schema from "../../worker/db/schema/index.ts";
import { seedBulkLeads } from "../seed/bulk-seed.ts";
import { DEMO_PASSWORD, seedDemoData } from "../seed/seed.ts";
import { freePort, signInForToken, spawnBuiltServer, stopBuiltServer, waitForHealth } from "../lib/local-server.mjs";
import { ensureDevVars, offlineEnv, run } from "../lib/run.mjs";

const USAGE = "usage: data-export.mjs [--leads N] [--runs N] [--persist-to DIR] [--skip-build]";

function parseArgs(argv) {
  const options = { leads: 50_000, runs: 3, persistTo: ".wrangler/bench-export", build: true };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split("=", 2);
    const value = () => inline ?? argv[++i];
    const count = (name) => {
      const n = Number(value());
      if (!Number.isInteger(n) || n < 1) {
        console.error(`${name} takes a whole number ≥ 1\n${USAGE}`);
        process.exit(2);
      }
      return n;
    };
    if (flag === "--leads") options.leads = count("--leads");
    // The export's own limit: 5 per person in 10 minutes (EXPORT_RATE_LIMIT).
    else if (flag === "--runs") options.runs = Math.min(5, count("--runs"));
    else if (flag === "--persist-to") options.persistTo = value();
    else if (flag === "--skip-build") options.build = false;
    else {
      console.error(`unknown option ${argv[i]}\n${USAGE}`);
      process.exit(2);
    }
  }
  return options;
}

/** The resident memory (KiB) of the biggest workerd process in the server's process group. */
function workerdRssKb(pgid) {
  try {
    const out = execFileSync("ps", ["-o", "rss=,comm=", "-g", String(pgid)], { encoding: "utf8" });
    return Math.max(
      0,
      ...out
        .trim()
        .split("\n")
        .filter((line) => /workerd/.test(line))
        .map((line) => Number(line.trim().split(/\s+/)[0])),
    );
  } catch {
    return 0;
  }
}

const mb = (kb) => (kb / 1024).toFixed(1);

const options = parseArgs(process.argv.slice(2));
ensureDevVars();
if (options.build) await run("react-router", ["build"], { env: offlineEnv });
mkdirSync(options.persistTo, { recursive: true });
await run("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", options.persistTo], {
  env: offlineEnv,
  stdio: ["ignore", "ignore", "inherit"],
});
const proxy = await getPlatformProxy({ configPath: "wrangler.toml", persist: { path: `${options.persistTo}/v3` } });
const db = drizzle(proxy.env.DB, { schema });
await seedDemoData(db);
const { n: present } = await proxy.env.DB.prepare("select count(*) as n from leads").first();
if (present < options.leads) {
  console.log(`seeding up to ${options.leads} leads (${present} there)…`);
  const bulk = await seedBulkLeads(db, options.leads);
  console.log(`  done in ${(bulk.ms / 1000).toFixed(1)} s`);
}
const counts = await proxy.env.DB.prepare(
  `select (select count(*) from leads) as leads, (select count(*) from tasks) as tasks,
          (select count(*) from lead_activities) as activities, (select count(*) from lead_notes) as notes`,
).first();
await proxy.dispose();

const server = spawnBuiltServer({ port: await freePort(), persistTo: options.persistTo });
const stopServer = () => stopBuiltServer(server);
process.on("exit", stopServer);
process.on("SIGINT", () => process.exit(130));

try {
  await waitForHealth(server.url, server.child);
  const token = await signInForToken(server.url, "manager@demo.test", DEMO_PASSWORD, "198.18.0.2");

  const results = [];
  for (let runIndex = 0; runIndex < options.runs; runIndex++) {
    const before = workerdRssKb(server.child.pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, workerdRssKb(server.child.pid))), 20);
    const started = performance.now();
    const response = await fetch(`${server.url}/api/exports/data`, {
      headers: { authorization: `Bearer ${token}`, cookie: "language=pt" },
    });
    if (response.status !== 200) throw new Error(`GET /api/exports/data answered ${response.status}: ${await response.text()}`);
    const chunks = [];
    let firstByte = 0;
    let size = 0;
    for await (const chunk of response.body) {
      if (!firstByte) firstByte = performance.now() - started;
      chunks.push(chunk);
      size += chunk.length;
    }
    const total = performance.now() - started;
    clearInterval(sampler);
    peak = Math.max(peak, workerdRssKb(server.child.pid));
    results.push({ firstByte, total, size, before, peak, chunks: chunks.length });
    if (runIndex === 0) {
      const zip = unzipSync(Buffer.concat(chunks));
      const csv = new TextDecoder().decode(zip["leads.csv"]);
      // Rows = CRLF line ends outside quotes; a cell's own line breaks are LF only.
      const rows = csv.split("\r\n").length - 2;
      console.log(
        `ZIP: ${Object.entries(zip)
          .map(([name, bytes]) => `${name} ${(bytes.length / 1024 / 1024).toFixed(2)} MB`)
          .join(", ")}`,
      );
      if (rows !== counts.leads) throw new Error(`leads.csv has ${rows} rows, the database ${counts.leads} leads`);
    }
  }

  console.log(
    `\n${counts.leads} leads, ${counts.tasks} tasks, ${counts.activities} timeline entries, ${counts.notes} notes; GET /api/exports/data against ${server.url} (npm start's server: production build in workerd)\n`,
  );
  console.log("run  first byte  total    ZIP       chunks  workerd RSS before → peak");
  for (const [i, r] of results.entries()) {
    console.log(
      `${String(i + 1).padEnd(4)} ${`${r.firstByte.toFixed(0)} ms`.padStart(10)}  ${`${(r.total / 1000).toFixed(2)} s`.padStart(7)}  ${`${(r.size / 1024 / 1024).toFixed(2)} MB`.padStart(8)}  ${String(r.chunks).padStart(6)}  ${mb(r.before)} → ${mb(r.peak)} MB (+${mb(r.peak - r.before)})`,
    );
  }
} finally {
  stopServer();
}
