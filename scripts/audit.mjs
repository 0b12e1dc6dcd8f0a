// `npm run audit [-- /path ...] [--no-fail] [--runs=N] [--url=http://host:port]`: Lighthouse (mobile preset: Moto G
// Power emulation, simulated slow 4G and 4x CPU throttling) over the production build, driven
// through Debian's Chromium. Builds the app, serves it with `npm start`'s server on a free port over
// a fresh, migrated and seeded database of its own (.wrangler/audit-state), audits each page,
// prints the four category scores and the paint metrics as a table, and exits 1 when a page
// misses the targets (Performance >= 95; Accessibility, Best Practices, SEO = 100) unless
// --no-fail is given. Nothing leaves the machine: Chromium runs with its background
// networking off and Lighthouse only fetches from the audited origin (robots.txt, source maps).
// Full reports (HTML and JSON) go to tests/e2e/artifacts/lighthouse/. --url=http://host:port
// audits a server that is already running instead (no build, no database of its own).
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { drizzle } from "drizzle-orm/d1";
import lighthouse from "lighthouse";
import { getPlatformProxy } from "wrangler";
import * as schema from "../worker/db/schema/index.ts";
import { CHROMIUM_FLAGS as CHROME_FLAGS } from "../tests/e2e/support/chromium.ts";
import { seedDemoData } from "./seed/seed.ts";
import { freePort, spawnBuiltServer, stopBuiltServer, waitForHealth } from "./lib/local-server.mjs";
import { ensureDevVars, offlineEnv, run } from "./lib/run.mjs";

const DEFAULT_PATHS = ["/pt", "/en/case-studies", "/es/planner"];
const STATE = ".wrangler/audit-state";
const REPORTS = "tests/e2e/artifacts/lighthouse";
const CATEGORIES = [
  { id: "performance", label: "Perf", target: 95 },
  { id: "accessibility", label: "A11y", target: 100 },
  { id: "best-practices", label: "BP", target: 100 },
  { id: "seo", label: "SEO", target: 100 },
];
const METRICS = [
  { id: "first-contentful-paint", label: "FCP", format: seconds },
  { id: "largest-contentful-paint", label: "LCP", format: seconds },
  { id: "total-blocking-time", label: "TBT", format: (ms) => `${Math.round(ms)} ms` },
  { id: "cumulative-layout-shift", label: "CLS", format: (value) => value.toFixed(3) },
];

function seconds(ms) {
  return `${(ms / 1000).toFixed(1)} s`;
}

function parseArgs(argv) {
  const options = { paths: [], fail: true, runs: 1, url: null };
  for (const arg of argv) {
    if (arg === "--no-fail") options.fail = false;
    else if (arg.startsWith("--runs=")) options.runs = Math.max(1, Number.parseInt(arg.slice(7), 10) || 1);
    else if (arg.startsWith("--url=")) options.url = arg.slice(6).replace(/\/$/, "");
    else if (arg === "--help" || arg === "-h") {
      console.log("usage: npm run audit [-- /path ...] [--no-fail] [--runs=N] [--url=http://host:port]");
      process.exit(0);
    } else if (arg.startsWith("-")) {
      console.error(`unknown option ${arg} (usage: npm run audit [-- /path ...] [--no-fail] [--runs=N] [--url=http://host:port])`);
      process.exit(2);
    } else options.paths.push(arg.startsWith("/") ? arg : `/${arg}`);
  }
  if (options.paths.length === 0) options.paths = DEFAULT_PATHS;
  return options;
}

/** Runs Lighthouse `runs` times on one URL and keeps the run with the median Performance score. */
async function auditPage(url, port, runs) {
  const results = [];
  for (let i = 0; i < runs; i++) {
    const result = await lighthouse(url, {
      port,
      logLevel: "error",
      output: ["json", "html"],
      locale: "en-US",
      onlyCategories: CATEGORIES.map((c) => c.id),
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (result.lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${result.lhr.runtimeError.message}`);
    results.push(result);
  }
  results.sort((a, b) => (a.lhr.categories.performance.score ?? 0) - (b.lhr.categories.performance.score ?? 0));
  return results[Math.floor(results.length / 2)];
}

function table(rows) {
  const widths = rows[0].map((_, col) => Math.max(...rows.map((row) => row[col].length)));
  return rows
    .map((row) => row.map((cell, col) => (col === 0 ? cell.padEnd(widths[col]) : cell.padStart(widths[col]))).join("  "))
    .join("\n");
}

/** The audits that cost a category points, e.g. "color-contrast (0)". */
function lostPoints(lhr, categoryId) {
  return lhr.categories[categoryId].auditRefs
    .filter((ref) => ref.weight > 0)
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit.score !== null && audit.score < 1)
    .map((audit) => `${audit.id} (${audit.displayValue || audit.score})`);
}

const options = parseArgs(process.argv.slice(2));
const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";
if (!existsSync(chromePath)) {
  console.error(`Chromium was not found at ${chromePath}.\nInstall it with: sudo apt-get install chromium (or set CHROME_PATH).`);
  process.exit(1);
}

/** Builds, prepares .wrangler/audit-state and starts `npm start`'s server on a free port. */
async function startServer() {
  ensureDevVars();
  if (!process.env.AUDIT_SKIP_BUILD) await run("react-router", ["build"], { env: offlineEnv });
  rmSync(STATE, { recursive: true, force: true });
  await run("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", STATE], {
    env: offlineEnv,
    stdio: ["ignore", "ignore", "inherit"],
  });
  const proxy = await getPlatformProxy({ configPath: "wrangler.toml", persist: { path: `${STATE}/v3` } });
  await seedDemoData(drizzle(proxy.env.DB, { schema }));
  await proxy.dispose();

  // Canonical and hreflang URLs are built from PUBLIC_ORIGIN: the server's own.
  return spawnBuiltServer({ port: await freePort(), persistTo: STATE });
}

const server = options.url ? null : await startServer();
const baseUrl = options.url ?? server.url;
const stopServer = () => {
  if (server) stopBuiltServer(server);
};
let chrome;
process.on("exit", () => {
  stopServer();
  chrome?.kill();
});
process.on("SIGINT", () => process.exit(130));

// chrome-launcher is the launcher Lighthouse itself depends on (resolved through it, so the
// version is the one Lighthouse was released with).
const { launch } = createRequire(import.meta.resolve("lighthouse"))("chrome-launcher");

let failed = false;
try {
  if (server) await waitForHealth(baseUrl, server.child);
  // One request per page first: the audit measures the page, not workerd compiling the Worker.
  for (const path of options.paths) await (await fetch(baseUrl + path)).arrayBuffer();

  chrome = await launch({ chromePath, chromeFlags: CHROME_FLAGS, logLevel: "silent" });
  mkdirSync(REPORTS, { recursive: true });
  console.log(
    `Lighthouse ${(await import("lighthouse/package.json", { with: { type: "json" } })).default.version}, mobile preset, against ${baseUrl}${options.runs > 1 ? `, median of ${options.runs} runs` : ""}\n`,
  );

  const rows = [["page", ...CATEGORIES.map((c) => c.label), ...METRICS.map((m) => m.label), ""]];
  const notes = [];
  for (const path of options.paths) {
    const { lhr, report } = await auditPage(baseUrl + path, chrome.port, options.runs);
    const slug = path.replace(/^\/|\/$/g, "").replace(/[^a-z0-9]+/gi, "-") || "root";
    writeFileSync(`${REPORTS}/${slug}.report.json`, report[0]);
    writeFileSync(`${REPORTS}/${slug}.report.html`, report[1]);

    const scores = CATEGORIES.map((c) => Math.round((lhr.categories[c.id].score ?? 0) * 100));
    const misses = CATEGORIES.filter((c, i) => scores[i] < c.target);
    if (misses.length) failed = true;
    rows.push([path, ...scores.map(String), ...METRICS.map((m) => m.format(lhr.audits[m.id].numericValue)), misses.length ? "MISS" : "ok"]);
    for (const category of CATEGORIES) {
      const lost = lostPoints(lhr, category.id);
      if (lost.length && (misses.includes(category) || category.id !== "performance"))
        notes.push(`${path} ${category.label}: ${lost.join(", ")}`);
    }
  }
  console.log(table(rows));
  console.log(`\ntargets: Perf >= 95, A11y/BP/SEO = 100. Reports: ${REPORTS}/`);
  if (notes.length) console.log(`\nwhere points were lost:\n${notes.map((n) => `  ${n}`).join("\n")}`);
} finally {
  await chrome?.kill();
  stopServer();
}
if (failed && options.fail) {
  console.error("\nA page misses the Lighthouse targets (run with --no-fail to report only).");
  process.exit(1);
}
process.exit(0);
