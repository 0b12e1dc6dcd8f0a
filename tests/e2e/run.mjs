// `npm run test:e2e`: builds the app, serves the production build with `wrangler dev` on a
// free port over a fresh, migrated and seeded local database, then runs the browser
// journeys (tests/e2e/*.test.ts, node:test + playwright-core + Debian's Chromium).
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, rmSync } from "node:fs";
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

ensureDevVars();
if (!process.env.E2E_SKIP_BUILD) await run("react-router", ["build"], { env: offlineEnv });

rmSync(STATE, { recursive: true, force: true });
mkdirSync("tests/e2e/artifacts", { recursive: true });
await run("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", STATE], { env: offlineEnv });
const proxy = await getPlatformProxy({ configPath: "wrangler.toml", persist: { path: `${STATE}/v3` } });
await seedDemoData(drizzle(proxy.env.DB, { schema }));
await proxy.dispose();

const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
// E-mailed links (recovery, new-lead notices) are built from PUBLIC_ORIGIN: point them at this
// server rather than wrangler.toml's Vite dev origin, so the suite can open them as they are.
const server = spawn("wrangler", ["dev", "--port", String(port), "--ip", "127.0.0.1", "--persist-to", STATE, "--var", `PUBLIC_ORIGIN:${baseUrl}`, "--log-level", "warn"], {
  env: offlineEnv,
  stdio: ["ignore", "inherit", "inherit"],
  detached: true,
});
const stopServer = () => {
  try {
    process.kill(-server.pid, "SIGTERM");
  } catch {
    // already gone
  }
};
process.on("exit", stopServer);
process.on("SIGINT", () => process.exit(130));

let code = 1;
try {
  await waitForHealth(baseUrl, server);
  console.log(`Browser suite against ${baseUrl}`);
  const files = (process.argv.slice(2).length ? process.argv.slice(2) : readdirSync("tests/e2e"))
    .filter((f) => f.endsWith(".test.ts"))
    .map((f) => (f.includes("/") ? f : `tests/e2e/${f}`));
  code = await new Promise((resolve) => {
    const tests = spawn(process.execPath, ["--disable-warning=ExperimentalWarning", "--test", "--test-concurrency=1", "--test-reporter=spec", ...files], {
      env: { ...offlineEnv, E2E_BASE_URL: baseUrl, E2E_STATE: STATE },
      stdio: "inherit",
    });
    tests.on("exit", (exitCode) => resolve(exitCode ?? 1));
  });
} finally {
  stopServer();
}
process.exit(code);
