// `npm run test:e2e [files…]`: builds the app, migrates and seeds one local database, then
// runs the browser journeys (tests/e2e/*.test.ts, node:test + playwright-core + Debian's
// Chromium) in parallel shards. Each shard serves the production build with `npm start`'s
// server (scripts/start.mjs: the built Worker in workerd, no proxy in front) on a port and a
// copy of the seeded database of its own, and takes the next file from one queue, longest
// first, until none is left.
//
// E2E_SHARDS=N sets the number of shards (default: one more than the machine's cores, so a shard
// waiting on a timer or the network leaves no core idle: on two cores 414 s with three, 488 s
// with two); E2E_SKIP_BUILD=1 reuses build/.
//
// Nothing is restarted or run again: a server that exits or a request the transport resets
// is counted, printed at the end, and fails the run, like a failed test.
import { spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { drizzle } from "drizzle-orm/d1";
import { readD1Migrations } from "@cloudflare/vitest-plugin";
import { getPlatformProxy } from "wrangler";
import * as schema from "../../worker/db/schema/index.ts";
import { seedDemoData } from "../../scripts/seed/seed.ts";
import { migratedSchema } from "../setup/migrated-schema.ts";
import { freePort, spawnBuiltServer, waitForHealth } from "../../scripts/lib/local-server.mjs";
import { ensureDevVars, offlineEnv, run } from "../../scripts/lib/run.mjs";
import { ensureVapidKeys } from "../../scripts/lib/vapid.mjs";

// Webhooks (docs/decisions/032): the shards' servers may deliver to a receiver a journey starts
// on 127.0.0.1 (crm-webhooks); scripts/start.mjs passes it on, the Worker ignores it in production.
process.env.WEBHOOKS_ALLOW_LOOPBACK = "1";

const chrome = process.env.CHROME_PATH ?? ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((path) => existsSync(path));
if (!chrome || !existsSync(chrome)) {
  console.error(
    `Chromium was not found${chrome ? ` at ${chrome}` : ""}.\nInstall it with: sudo apt-get install chromium-headless-shell (or set CHROME_PATH).`,
  );
  process.exit(1);
}

// This run's databases, apart from any other run's (two suites at once must not share state).
const RUN_DIR = `.wrangler/e2e-run-${process.pid}`;
const PRISTINE = `${RUN_DIR}/pristine`;
const MIGRATED = `${RUN_DIR}/migrated`;
// How long each file took (committed from a full run; each full green run writes its own to
// tests/e2e/artifacts/timings.json): the queue starts with the longest files so that no shard
// is left with one long journey at the end. A file not listed counts by its size.
const TIMINGS = "tests/e2e/timings.json";
const NEW_TIMINGS = "tests/e2e/artifacts/timings.json";

const requested = process.argv.slice(2).filter((f) => f.endsWith(".test.ts"));
const files = (requested.length ? requested : readdirSync("tests/e2e").filter((f) => f.endsWith(".test.ts"))).map((f) =>
  f.includes("/") ? f : `tests/e2e/${f}`,
);
const shardCount = Math.max(1, Math.min(files.length, Number(process.env.E2E_SHARDS) || availableParallelism() + 1));

ensureDevVars();
// Web Push needs a VAPID key pair, as `npm start` makes one (a fresh clone has none).
await ensureVapidKeys();
if (!process.env.E2E_SKIP_BUILD) await run("react-router", ["build"], { env: offlineEnv });
mkdirSync("tests/e2e/artifacts", { recursive: true });

/**
 * The state `wrangler d1 migrations apply DB --local --persist-to <dir>` leaves, in one batch
 * through the platform proxy: the snapshot of every migration that the Workers-pool tests start
 * from (tests/setup/migrated-schema.ts, ledger included; tests/db/migrations.test.ts proves it
 * equals what the migrations make). 2 s instead of wrangler's 11 s, while nothing else runs.
 */
async function applyMigrations(persistTo) {
  const statements = migratedSchema(await readD1Migrations("migrations"));
  const proxy = await getPlatformProxy({ configPath: "wrangler.toml", persist: { path: `${persistTo}/v3` } });
  try {
    const db = proxy.env.DB;
    await db.batch(statements.map(({ sql, params }) => db.prepare(sql).bind(...params)));
  } finally {
    await proxy.dispose();
  }
}

// Migrate and seed once; every shard starts from a copy of this state, and the journeys that
// need a server over an empty database (prepareState) from a copy of the migrated one.
rmSync(RUN_DIR, { recursive: true, force: true });
const setupStarted = Date.now();
const since = (t) => `${((Date.now() - t) / 1000).toFixed(1)} s`;
await applyMigrations(MIGRATED);
console.log(`setup: migrated in ${since(setupStarted)}`);
cpSync(MIGRATED, PRISTINE, { recursive: true });
const proxy = await getPlatformProxy({ configPath: "wrangler.toml", persist: { path: `${PRISTINE}/v3` } });
await seedDemoData(drizzle(proxy.env.DB, { schema }));
await proxy.dispose();
console.log(`setup: seeded at ${since(setupStarted)}`);

const timings = existsSync(TIMINGS) ? JSON.parse(readFileSync(TIMINGS, "utf8")) : {};
const expected = (file) => timings[file] ?? statSync(file).size / 100;
const queue = [...files].sort((a, b) => expected(b) - expected(a));

const counts = { passed: 0, failed: 0, serverExits: 0, resets: 0 };
const failedFiles = [];
// The spec reporter's "✖ failing tests:" part of each failed file, printed again at the very end
// so that a CI log cut to its last lines still says what failed and why.
const failureDetails = [];
const durations = {};
const servers = [];
let stopping = false;

/** One shard's server: `npm start`'s script over the shard's own copy of the seeded state. */
async function startShardServer(index) {
  const state = `${RUN_DIR}/shard-${index}`;
  cpSync(PRISTINE, state, { recursive: true });
  // E-mailed links (recovery, new-lead notices) point at this server, so tests can open them.
  const { url, child } = spawnBuiltServer({ port: await freePort(), persistTo: state });
  child.on("exit", (code, signal) => {
    if (stopping) return;
    counts.serverExits++;
    console.error(`\n--- shard ${index}: the server exited (${code ?? signal}) during the suite\n`);
  });
  servers.push(child);
  await waitForHealth(url, child);
  return { index, url, state, child };
}

const stopServers = () => {
  stopping = true;
  for (const child of servers) {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      // already gone
    }
  }
};
const removeRunDir = () => rmSync(RUN_DIR, { recursive: true, force: true });
process.on("exit", stopServers);
process.on("SIGINT", () => process.exit(130));

/** Runs one test file against a shard; its output is printed as one block when it ends. */
function runFile(shard, file) {
  return new Promise((resolve) => {
    const started = Date.now();
    // E2E_GREP=<pattern>: only the tests whose name matches (node --test-name-pattern).
    const only = process.env.E2E_GREP ? [`--test-name-pattern=${process.env.E2E_GREP}`] : [];
    const tests = spawn(process.execPath, ["--disable-warning=ExperimentalWarning", "--test", "--test-reporter=spec", ...only, file], {
      env: { ...offlineEnv, E2E_BASE_URL: shard.url, E2E_STATE: shard.state, E2E_EMPTY_STATE: MIGRATED },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    tests.stdout.on("data", (chunk) => (output += chunk));
    tests.stderr.on("data", (chunk) => (output += chunk));
    tests.on("exit", (exitCode) => {
      durations[file] = Math.round((Date.now() - started) / 1000);
      process.stdout.write(`\n=== ${file} (shard ${shard.index}, ${durations[file]} s)\n${output}`);
      const count = (name) => Number(output.match(new RegExp(`^ℹ ${name} (\\d+)`, "m"))?.[1] ?? 0);
      // A request the transport dropped (not an answer of the app's): counted, never retried.
      const resets = output.match(/\bECONNRESET\b|socket hang up/g)?.length ?? 0;
      if (exitCode !== 0) {
        const at = output.lastIndexOf("✖ failing tests:");
        const lines = (at >= 0 ? output.slice(at) : output)
          .split("\n")
          .filter(
            (line) => !line.startsWith("ℹ ") && !/^\s+at (node:|new Promise|new SafePromise|Array\.map|Test\.|async Test\.)/.test(line),
          );
        failureDetails.push(`--- ${file}\n${lines.slice(0, 80).join("\n")}${lines.length > 80 ? "\n(…)" : ""}`);
      }
      resolve({ code: exitCode ?? 1, pass: count("pass"), fail: count("fail"), resets });
    });
  });
}

async function runShard(shard) {
  for (let file = queue.shift(); file; file = queue.shift()) {
    const result = await runFile(shard, file);
    counts.passed += result.pass;
    counts.failed += result.fail;
    counts.resets += result.resets;
    if (result.code !== 0) failedFiles.push(file);
  }
}

const started = Date.now();
let code = 0;
try {
  const shards = await Promise.all(Array.from({ length: shardCount }, (_, i) => startShardServer(i + 1)));
  console.log(
    `Browser suite: ${files.length} files in ${shardCount} shard(s) on ${availableParallelism()} CPUs (${shards.map((s) => s.url).join(", ")}), set up in ${since(setupStarted)}`,
  );
  await Promise.all(shards.map(runShard));
} finally {
  stopServers();
  // The servers' workerd may hold the files a moment longer.
  const exited = (child) => (child.exitCode !== null || child.signalCode !== null ? null : new Promise((r) => child.once("exit", r)));
  await Promise.race([Promise.all(servers.map(exited)), new Promise((r) => setTimeout(r, 5_000))]);
  removeRunDir();
}
if (!requested.length && counts.failed === 0 && failedFiles.length === 0) {
  writeFileSync(NEW_TIMINGS, `${JSON.stringify(Object.fromEntries(Object.entries(durations).sort()), null, 2)}\n`);
}

const seconds = Math.round((Date.now() - started) / 1000);
if (failureDetails.length) console.log(`\nWhat failed (again, from each file's output above):\n${failureDetails.join("\n\n")}`);
console.log(`\nBrowser suite: ${files.length} files, ${shardCount} shard(s), ${seconds} s`);
console.log(`server exits: ${counts.serverExits}, reset requests: ${counts.resets}`);
if (failedFiles.length) console.log(`files that failed: ${failedFiles.join(", ")}`);
if (counts.serverExits || counts.resets) {
  console.log("FAIL: a server exited or a request was reset during the suite (see above); nothing is rerun");
}
console.log(`${counts.passed} passed, ${counts.failed} failed`);
if (failedFiles.length || counts.failed || counts.serverExits || counts.resets) code = 1;
process.exit(code);
