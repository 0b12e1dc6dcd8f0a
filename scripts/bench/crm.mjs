// `npm run bench:crm [-- --leads 50000] [--runs 300] [--persist-to DIR] [--skip-build]`:
// how fast are the CRM's reads at scale? Builds the app, makes sure the local database
// (.wrangler/state, the one `npm start` and `npm run dev` use; --persist-to for another) holds
// at least --leads leads (default 50,000: runs the bulk seed when fewer), serves the production
// build with `npm start`'s server (workerd, no proxy) on a free port, signs in as the demo admin and sends --runs
// requests (default 300, one at a time, after a warm-up) to each of:
//   - the leads search   GET /api/leads?q=<term>   (terms cycled: names with and without
//     accents, companies, tags, e-mail parts, 1-2 letter prefixes, a term nothing matches)
//   - the leads list     GET /api/leads             (no text, and with a status)
//   - the list's orders and filters (sort, owner, source, period, tag; issue 20)
//   - the pipeline       GET /api/leads/pipeline (and with the filters)
//   - the dashboard      GET /api/dashboard (the team's, and the figures of the seller who
//                        holds the most leads: ?seller=<id>)
//   - the reports        GET /api/reports (30 days, all time, 7 days, this month)
//   - the quick search   GET /api/search?q=<term>
// and prints p50/p95/p99/max of the response time seen by the client over loopback (the
// Worker's whole work: auth, D1, JSON). Then it runs the same service calls from Node on the
// same database and prints the SQL time D1 itself reports (meta.duration, summed over a
// call's statements). Targets (local workerd): p99 < 30 ms for the search and the
// pipeline, < 50 ms for the dashboard, < 100 ms for the reports (GET /api/reports, 30 days
// and all time).
// Last, 'Importar Dados' (issue 23): a CSV of --import-rows rows (default 20,000; 0 skips it)
// is previewed (POST /api/imports: upload, decode, parse, check every row, match e-mails)
// and committed batch by batch (POST /api/imports/:id/commit until done), timed from the
// client; the leads it made are deleted again afterwards, so runs do not pile up.
import { register } from "node:module";
import { drizzle } from "drizzle-orm/d1";
import { getPlatformProxy } from "wrangler";
import * as schema from "../../worker/db/schema/index.ts";
import { seedBulkLeads } from "../seed/bulk-seed.ts";
import { DEMO_PASSWORD, seedDemoData } from "../seed/seed.ts";
import { freePort, signInForToken, spawnBuiltServer, stopBuiltServer, waitForHealth } from "../lib/local-server.mjs";
import { ensureDevVars, offlineEnv, run } from "../lib/run.mjs";

// The services import the app's `~/` alias (and need --experimental-transform-types, which
// the npm script passes): resolve it, then import them.
register("../lib/app-alias.mjs", import.meta.url);
const { getDashboard } = await import("../../worker/services/dashboard-service.ts");
const { getReport } = await import("../../worker/services/report-service.ts");
const { listLeads, loadPipeline } = await import("../../worker/services/lead-query-service.ts");
const { quickSearch } = await import("../../worker/services/search-service.ts");

const USAGE = "usage: npm run bench:crm [-- --leads N] [--runs N] [--import-rows N] [--persist-to DIR] [--skip-build]";

function parseArgs(argv) {
  const options = { leads: 50_000, runs: 300, importRows: 20_000, persistTo: ".wrangler/state", build: !process.env.BENCH_SKIP_BUILD };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split("=", 2);
    const value = () => inline ?? argv[++i];
    const count = (name) => {
      const n = Number(value());
      if (!Number.isInteger(n) || n < 0) {
        console.error(`${name} takes a whole number\n${USAGE}`);
        process.exit(2);
      }
      return n;
    };
    if (flag === "--leads") options.leads = count("--leads");
    else if (flag === "--runs") options.runs = Math.max(1, count("--runs"));
    else if (flag === "--import-rows") options.importRows = Math.min(20_000, count("--import-rows"));
    else if (flag === "--persist-to") options.persistTo = value();
    else if (flag === "--skip-build") options.build = false;
    else {
      console.error(`unknown option ${argv[i]}\n${USAGE}`);
      process.exit(2);
    }
  }
  return options;
}

/** Search texts as people type them: accents left out, upper case, prefixes, several words. */
const SEARCH_TERMS = [
  "silva",
  "joao",
  "JOÃO",
  "maria souza",
  "conceicao",
  "goncalves",
  "araújo",
  "fernanda oliveira",
  "construtora",
  "padaria",
  "tecnologia",
  "sao paulo",
  "urgente",
  "orcamento",
  "proposta",
  "black friday",
  "gmail",
  "hotmail.com",
  "jo",
  "ma",
  "co",
  "a",
  "lu",
  "pe",
  "xyzzy",
  "andre ribeiro",
  "clinica",
  "ltda",
];
const STATUSES = ["new", "qualified", "contacted", "negotiating", "won", "lost"];

const percentile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
function stats(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    max: sorted.at(-1),
  };
}
const ms = (n) => (n === undefined ? "-" : n.toFixed(1));
function table(rows) {
  const widths = rows[0].map((_, col) => Math.max(...rows.map((row) => String(row[col]).length)));
  return rows
    .map((row) => row.map((cell, col) => (col === 0 ? String(cell).padEnd(widths[col]) : String(cell).padStart(widths[col]))).join("  "))
    .join("\n");
}

/**
 * A D1 binding that adds up the SQL time D1 reports (meta.duration) of every statement run
 * through it, so a service call's database time can be read after it.
 */
function timedD1(d1) {
  const clock = { total: 0 };
  const add = (result) => {
    clock.total += result?.meta?.duration ?? 0;
    return result;
  };
  const wrapStatement = (statement) => ({
    __inner: statement,
    bind: (...params) => wrapStatement(statement.bind(...params)),
    all: async () => add(await statement.all()),
    run: async () => add(await statement.run()),
    first: (column) => statement.first(column),
    raw: (options) => statement.raw(options),
  });
  const binding = {
    prepare: (text) => wrapStatement(d1.prepare(text)),
    batch: async (statements) => {
      const results = await d1.batch(statements.map((s) => s.__inner ?? s));
      for (const result of results) add(result);
      return results;
    },
    exec: (text) => d1.exec(text),
  };
  return { binding, clock };
}

async function prepareDatabase(options) {
  await run("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", options.persistTo], {
    env: offlineEnv,
    stdio: ["ignore", "ignore", "inherit"],
  });
  const proxy = await getPlatformProxy({ configPath: "wrangler.toml", persist: { path: `${options.persistTo}/v3` } });
  const db = drizzle(proxy.env.DB, { schema });
  await seedDemoData(db);
  const { n } = await proxy.env.DB.prepare("select count(*) as n from leads").first();
  if (n < options.leads) {
    console.log(
      `The database has ${n} leads; seeding up to ${options.leads} generated leads (npm run db:seed -- --leads ${options.leads})…`,
    );
    const bulk = await seedBulkLeads(db, options.leads);
    console.log(`  done in ${(bulk.ms / 1000).toFixed(1)} s`);
  }
  const counts = await proxy.env.DB.prepare("select (select count(*) from leads) as leads, (select count(*) from tasks) as tasks").first();
  return { proxy, counts };
}

async function startServer(persistTo) {
  return spawnBuiltServer({ port: await freePort(), persistTo });
}

async function timedGet(url, headers) {
  const started = performance.now();
  const response = await fetch(url, { headers });
  const body = await response.arrayBuffer();
  const elapsed = performance.now() - started;
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}: ${new TextDecoder().decode(body).slice(0, 300)}`);
  return elapsed;
}

/** A CSV as a spreadsheet would hold a team's leads: pt headers, semicolons, pt-BR values, some owners and tags. */
function importCsv(rows, tag) {
  const statuses = ["Novo", "Qualificado", "Contatado", "Negociando", "Ganho", "Perdido"];
  const sources = ["Website", "Indicação", "Redes Sociais", "Publicidade", "Outro"];
  const owners = ["admin@demo.test", "manager@demo.test", "rep@demo.test", ""];
  const money = new Intl.NumberFormat("pt-BR", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const lines = ["Nome;E-mail;Telefone;Empresa;Origem;Status;Valor;Tags;Notas;Responsável;Criado em"];
  for (let i = 0; i < rows; i++) {
    const value = money.format(((i * 3_779) % 9_000_000) / 100);
    lines.push(
      [
        `Importado ${tag} ${i}`,
        `bench-import-${tag}-${i}@bench.test`,
        `(11) 9${String(10_000_000 + i).slice(-8, -4)}-${String(i).padStart(4, "0").slice(-4)}`,
        `Empresa ${i % 500}`,
        sources[i % sources.length],
        statuses[i % statuses.length],
        value,
        i % 3 ? "Urgente, Proposta" : "",
        i % 10 ? "" : `"Nota da linha ${i}\nsegunda linha"`,
        owners[i % owners.length],
        `${String((i % 28) + 1).padStart(2, "0")}/0${(i % 9) + 1}/2024`,
      ].join(";"),
    );
  }
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}

/** Previews and commits an import of `rows` rows; the client-side times. */
async function benchImport(url, headers, rows, db) {
  const tag = Date.now().toString(36);
  const csv = importCsv(rows, tag);
  const form = new FormData();
  form.append("file", new Blob([csv], { type: "text/csv" }), `bench-${rows}.csv`);
  const started = performance.now();
  const response = await fetch(`${url}/api/imports`, { method: "POST", headers, body: form });
  const previewMs = performance.now() - started;
  if (response.status !== 201) throw new Error(`POST /api/imports answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
  const { import: preview } = await response.json();
  const batches = [];
  let dto = preview;
  const commitStarted = performance.now();
  while (dto.status !== "done") {
    const t = performance.now();
    const answer = await fetch(`${url}/api/imports/${preview.id}/commit`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify({ mode: "update_empty" }),
    });
    if (answer.status !== 200) throw new Error(`commit answered ${answer.status}: ${(await answer.text()).slice(0, 300)}`);
    dto = (await answer.json()).import;
    batches.push(performance.now() - t);
  }
  const commitMs = performance.now() - commitStarted;
  // Leave the database as it was (the next run's reads see the same leads).
  await db.prepare("delete from leads where email like ?").bind(`bench-import-${tag}-%`).run();
  await db.prepare("delete from lead_imports where id = ?").bind(preview.id).run();
  return { bytes: new TextEncoder().encode(csv).byteLength, preview, dto, previewMs, commitMs, batches: stats(batches) };
}

const options = parseArgs(process.argv.slice(2));
ensureDevVars();
if (options.build) await run("react-router", ["build"], { env: offlineEnv });
const { proxy, counts } = await prepareDatabase(options);

const server = await startServer(options.persistTo);
const stopServer = () => stopBuiltServer(server);
process.on("exit", stopServer);
process.on("SIGINT", () => process.exit(130));

try {
  await waitForHealth(server.url, server.child);
  const token = await signInForToken(server.url, "admin@demo.test", DEMO_PASSWORD, "198.18.0.1");
  const headers = { authorization: `Bearer ${token}` };
  // The dashboard of the seller who holds the most leads (the demo rep: 45% of the bulk leads).
  const { id: busiest } = await proxy.env.DB.prepare(
    "select assigned_to as id from leads where assigned_to is not null group by assigned_to order by count(*) desc limit 1",
  ).first();

  const scenarios = [
    // What every request costs before any CRM query: the Worker, the
    // token check and its one D1 read. The CRM rows below include it.
    { name: "baseline      /api/auth/user", path: () => "/api/auth/user" },
    {
      name: "leads search  /api/leads?q=…",
      target: 30,
      path: (i) => `/api/leads?q=${encodeURIComponent(SEARCH_TERMS[i % SEARCH_TERMS.length])}`,
    },
    {
      name: "leads list    /api/leads[?status]",
      target: 30,
      path: (i) => (i % 2 ? `/api/leads?status=${STATUSES[i % STATUSES.length]}` : "/api/leads"),
    },
    // Issue 20: each order of the list, and the filters alone and combined (p99 beside the plain list).
    {
      name: "leads sorted  /api/leads?sort=…",
      path: (i) => `/api/leads?sort=${["oldest", "value", "name", "activity"][i % 4]}`,
    },
    {
      name: "leads filters /api/leads?owner|source|period|tag",
      path: (i) =>
        `/api/leads?${["owner=me", "owner=none", `owner=${busiest}&sort=value`, "source=referral", "period=30d&sort=name", "tag=Urgente", "source=website&period=month&tag=Qualificado"][i % 7]}`,
    },
    {
      name: "pipeline+filt /api/leads/pipeline?owner|source|tag",
      path: (i) => `/api/leads/pipeline?${[`owner=${busiest}`, "source=referral", "tag=Urgente", "period=7d"][i % 4]}`,
    },
    { name: "pipeline      /api/leads/pipeline", target: 30, path: () => "/api/leads/pipeline" },
    // Not a target of the issue: the board filtered by a text (a dense one reads every match).
    {
      name: "pipeline+text /api/leads/pipeline?q=…",
      path: (i) => `/api/leads/pipeline?q=${encodeURIComponent(SEARCH_TERMS[i % SEARCH_TERMS.length])}`,
    },
    { name: "dashboard     /api/dashboard", target: 50, path: () => "/api/dashboard" },
    { name: "dashboard     /api/dashboard?seller=…", target: 50, path: () => `/api/dashboard?seller=${busiest}` },
    // Issue 21: every figure of a report, 30 days and all time (and the other two periods).
    { name: "reports       /api/reports (30 days)", target: 100, path: () => "/api/reports" },
    { name: "reports       /api/reports?period=all", target: 100, path: () => "/api/reports?period=all" },
    { name: "reports       /api/reports?period=7d", path: () => "/api/reports?period=7d" },
    { name: "reports       /api/reports?period=month", path: () => "/api/reports?period=month" },
    {
      name: "quick search  /api/search?q=…",
      target: 30,
      path: (i) => `/api/search?q=${encodeURIComponent(SEARCH_TERMS[i % SEARCH_TERMS.length])}`,
    },
  ];

  // Warm-up: the first requests pay for compiling the Worker and cold caches.
  for (const scenario of scenarios) for (let i = 0; i < 30; i++) await timedGet(server.url + scenario.path(i), headers);

  const load = (await import("node:os"))
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");
  console.log(
    `\n${counts.leads} leads, ${counts.tasks} tasks; ${options.runs} sequential requests per row against ${server.url} (npm start's server: production build in workerd), after a warm-up; load average ${load} on ${(await import("node:os")).availableParallelism()} CPUs\n`,
  );
  const rows = [["response time (ms)", "n", "p50", "p95", "p99", "max", "target p99", ""]];
  // Round-robin over the rows, so a burst of load from elsewhere on the machine lands on all
  // of them alike instead of on whichever row was running.
  const samples = scenarios.map(() => []);
  for (let i = 0; i < options.runs; i++) {
    for (const [k, scenario] of scenarios.entries()) samples[k].push(await timedGet(server.url + scenario.path(i), headers));
  }
  const results = [];
  for (const [k, scenario] of scenarios.entries()) {
    const s = stats(samples[k]);
    results.push({ scenario, s });
    const verdict = scenario.target === undefined ? ["", ""] : [`< ${scenario.target}`, s.p99 < scenario.target ? "ok" : "MISS"];
    rows.push([scenario.name, s.n, ms(s.p50), ms(s.p95), ms(s.p99), ms(s.max), ...verdict]);
  }
  console.log(table(rows));

  // The SQL time D1 reports for the same calls, made through the services from Node.
  const { binding, clock } = timedD1(proxy.env.DB);
  const ctx = { db: drizzle(binding, { schema }), env: {} };
  const admin = await proxy.env.DB.prepare("select * from users where email = 'admin@demo.test'").first();
  const actor = { user: admin, session: { id: "bench", method: "bearer", expiresAt: Date.now() + 3_600_000 } };
  const calls = [
    ["leads search", (i) => listLeads(ctx, actor, { q: SEARCH_TERMS[i % SEARCH_TERMS.length] })],
    ["leads list", (i) => listLeads(ctx, actor, i % 2 ? { status: STATUSES[i % STATUSES.length] } : {})],
    ["pipeline", () => loadPipeline(ctx, actor, {})],
    ["dashboard", () => getDashboard(ctx, actor)],
    ["dashboard, one seller", () => getDashboard(ctx, actor, new Date(), { seller: busiest })],
    ["reports, 30 days", () => getReport(ctx, "30d")],
    ["reports, all time", () => getReport(ctx, "all")],
    ["quick search", (i) => quickSearch(ctx, actor, SEARCH_TERMS[i % SEARCH_TERMS.length])],
  ];
  const d1Rows = [["D1 SQL time per call (ms)", "n", "p50", "p95", "p99", "max"]];
  const d1Runs = Math.min(options.runs, 200);
  for (const [, call] of calls) for (let i = 0; i < 10; i++) await call(i);
  const d1Samples = calls.map(() => []);
  for (let i = 0; i < d1Runs; i++) {
    for (const [k, [, call]] of calls.entries()) {
      clock.total = 0;
      await call(i);
      d1Samples[k].push(clock.total);
    }
  }
  for (const [k, [name]] of calls.entries()) {
    const s = stats(d1Samples[k]);
    d1Rows.push([name, s.n, ms(s.p50), ms(s.p95), ms(s.p99), ms(s.max)]);
  }
  console.log(`\n${table(d1Rows)}`);

  // The slowest search terms, one request each, to see where the time goes.
  const termSamples = SEARCH_TERMS.map(() => []);
  for (let i = 0; i < 7; i++) {
    for (const [k, term] of SEARCH_TERMS.entries())
      termSamples[k].push(await timedGet(`${server.url}/api/leads?q=${encodeURIComponent(term)}`, headers));
  }
  const perTerm = SEARCH_TERMS.map((term, k) => [term, stats(termSamples[k]).p50]);
  perTerm.sort((a, b) => b[1] - a[1]);
  console.log(
    `\nslowest search terms (median of 7, ms): ${perTerm
      .slice(0, 6)
      .map(([t, v]) => `${JSON.stringify(t)} ${ms(v)}`)
      .join(", ")}`,
  );

  if (options.importRows > 0) {
    const run = await benchImport(server.url, headers, options.importRows, proxy.env.DB);
    console.log(
      `\nimport of ${run.preview.rows} rows (${(run.bytes / 1024 / 1024).toFixed(1)} MB, ${run.preview.valid} valid): ` +
        `preview ${ms(run.previewMs)} ms (upload, decode, parse, check every row, match e-mails); ` +
        `commit ${ms(run.commitMs)} ms in ${run.batches.n} batches (per batch p50 ${ms(run.batches.p50)}, max ${ms(run.batches.max)} ms): ` +
        `${run.dto.created} created, ${run.dto.updated} updated, ${run.dto.skipped} skipped, ${run.dto.failed} failed`,
    );
    if (run.preview.issues.length > 0)
      console.log(
        `  first reasons: ${run.preview.issues
          .slice(0, 3)
          .map((i) => `line ${i.line}: ${i.message}`)
          .join(" | ")}`,
      );
  }

  const misses = results.filter(({ scenario, s }) => scenario.target !== undefined && s.p99 >= scenario.target);
  console.log(
    misses.length
      ? `\nMISS: ${misses.map(({ scenario }) => scenario.name.split("  ")[0]).join(", ")} above the p99 target`
      : "\nAll p99 targets met.",
  );
} finally {
  await proxy.dispose();
  stopServer();
}
process.exit(0);
