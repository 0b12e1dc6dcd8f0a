// `npm run test:e2e`: builds the app, serves the production build with `wrangler dev` on a
// free port over a fresh, migrated and seeded local database, then runs the browser
// journeys (tests/e2e/*.test.ts, node:test + playwright-core + Debian's Chromium).
import { spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import { drizzle } from "drizzle-orm/d1";
import { getPlatformProxy } from "wrangler";
import * as schema from "../../worker/db/schema/index.ts";
import { seedDemoData } from "../../scripts/seed/seed.ts";
import { freePort, waitForHealth } from "../../scripts/lib/local-server.mjs";
import { ensureDevVars, offlineEnv, run } from "../../scripts/lib/run.mjs";

const chrome = process.env.CHROME_PATH ?? "/usr/bin/chromium";
if (!existsSync(chrome)) {
  console.error(`Chromium was not found at ${chrome}.\nInstall it with: sudo apt-get install chromium (or set CHROME_PATH).`);
  process.exit(1);
}

const STATE = ".wrangler/e2e-state";
// The migrated and seeded state, kept to start a test file over on it (see below).
const PRISTINE = ".wrangler/e2e-state-pristine";

ensureDevVars();
if (!process.env.E2E_SKIP_BUILD) await run("react-router", ["build"], { env: offlineEnv });

rmSync(STATE, { recursive: true, force: true });
mkdirSync("tests/e2e/artifacts", { recursive: true });
await run("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", STATE], { env: offlineEnv });
const proxy = await getPlatformProxy({ configPath: "wrangler.toml", persist: { path: `${STATE}/v3` } });
await seedDemoData(drizzle(proxy.env.DB, { schema }));
await proxy.dispose();
rmSync(PRISTINE, { recursive: true, force: true });
cpSync(STATE, PRISTINE, { recursive: true });

const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
// E-mailed links (recovery, new-lead notices) are built from PUBLIC_ORIGIN: point them at this
// server rather than wrangler.toml's Vite dev origin, so the suite can open them as they are.
const serverArgs = ["dev", "--port", String(port), "--ip", "127.0.0.1", "--persist-to", STATE, "--var", `PUBLIC_ORIGIN:${baseUrl}`, "--log-level", "warn"];
let server;
let stopping = false;
let crashes = 0;

// wrangler dev (4.124) can exit on a transient ProxyWorker -> Worker connection failure (an
// empty "✘ [ERROR]", upstream cloudflare/workers-sdk#14926 and #15317: kj's 5 s keep-alive
// timers racing). It is not the app failing, so the server is started again on the same
// port, and the test file that was running when it died is run once more, on a fresh copy of
// the seeded database (what its first attempt wrote would otherwise change what it sees).
function startServer() {
  server = spawn("wrangler", serverArgs, { env: offlineEnv, stdio: ["ignore", "inherit", "inherit"], detached: true });
  server.on("exit", (exitCode) => {
    if (stopping) return;
    crashes++;
    // The CRM journeys are long enough to meet it a few times in one suite.
    if (crashes > 10) {
      console.error(`\n--- wrangler dev exited (${exitCode}) ${crashes} times: giving up\n`);
      return;
    }
    console.error(`\n--- wrangler dev exited (${exitCode}) during the suite: restarting it (upstream workers-sdk#15317)\n`);
    startServer();
  });
}
const stopServer = () => {
  stopping = true;
  try {
    process.kill(-server.pid, "SIGTERM");
  } catch {
    // already gone
  }
};
process.on("exit", stopServer);
process.on("SIGINT", () => process.exit(130));

/** Runs one test file; resolves with its exit code and its pass / fail counts. */
function runFile(file) {
  return new Promise((resolve) => {
    const tests = spawn(process.execPath, ["--disable-warning=ExperimentalWarning", "--test", "--test-reporter=spec", file], {
      env: { ...offlineEnv, E2E_BASE_URL: baseUrl, E2E_STATE: STATE },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let output = "";
    tests.stdout.on("data", (chunk) => {
      output += chunk;
      process.stdout.write(chunk);
    });
    tests.on("exit", (exitCode) => {
      const count = (name) => Number(output.match(new RegExp(`^ℹ ${name} (\\d+)`, "m"))?.[1] ?? 0);
      // The same upstream race without an exit: a request on a kept-alive connection the
      // local proxy has just closed fails with ECONNRESET / "socket hang up" (transport, not app).
      const transport = /\bECONNRESET\b|socket hang up/.test(output);
      resolve({ code: exitCode ?? 1, pass: count("pass"), fail: count("fail"), transport });
    });
  });
}

/** Whether the server answers /api/health now. */
async function answers(url) {
  try {
    return (await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(3000) })).ok;
  } catch {
    return false;
  }
}

/** Stops the server, puts the seeded state back, and starts it again on the same port. */
async function restartOnPristineState() {
  const exited = new Promise((resolve) => (server.exitCode !== null || server.signalCode !== null ? resolve() : server.once("exit", resolve)));
  stopServer();
  await exited;
  // Its workerd child may hold the port a moment longer.
  for (let i = 0; i < 50 && (await answers(baseUrl)); i++) await new Promise((r) => setTimeout(r, 200));
  stopping = false;
  rmSync(STATE, { recursive: true, force: true });
  cpSync(PRISTINE, STATE, { recursive: true });
  startServer();
  await serverBack();
}

/** Waits (up to a minute) until the current server answers (the exit handler restarts it if it dies). */
async function serverBack() {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (await answers(baseUrl)) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("wrangler dev did not come back");
}

let code = 0;
try {
  startServer();
  await waitForHealth(baseUrl, server);
  console.log(`Browser suite against ${baseUrl}`);
  const files = (process.argv.slice(2).length ? process.argv.slice(2) : readdirSync("tests/e2e"))
    .filter((f) => f.endsWith(".test.ts"))
    .map((f) => (f.includes("/") ? f : `tests/e2e/${f}`));
  let passed = 0;
  let failed = 0;
  for (const file of files) {
    let crashesBefore = crashes;
    let result = await runFile(file);
    // A file that failed while the server went down (its exit may be reported a moment after
    // the file's last failure) runs once more against the restarted server.
    // Up to twice: the exit can come again during the rerun of a long file.
    for (let attempt = 1; attempt <= 2 && result.code !== 0 && (crashes > crashesBefore || result.transport || !(await answers(baseUrl))); attempt++) {
      crashesBefore = crashes;
      await restartOnPristineState();
      console.log(`\n--- running ${file} again, on the seeded database: ${result.transport ? "a request was reset by the local proxy" : "the server restarted while it ran"}\n`);
      result = await runFile(file);
    }
    passed += result.pass;
    failed += result.fail;
    if (result.code !== 0) code = 1;
  }
  console.log(`\nBrowser suite: ${files.length} files${crashes ? `, ${crashes} wrangler dev restart(s)` : ""}`);
  console.log(`${passed} passed, ${failed} failed`);
} finally {
  stopServer();
}
process.exit(code);
