// `npm run db:seed`: inserts the demo data into the local D1 database. Idempotent: rows
// that exist are left as they are. Local only; it never touches a deployed database.
// `npm run db:seed -- --leads 50000` also inserts that many generated Brazilian leads (with
// some tasks and timeline entries) for trying the CRM at scale; deterministic, so running it
// again adds nothing and a larger number adds only the missing leads (scripts/seed/bulk-seed.ts).
// `--persist-to <dir>` seeds another local state directory than .wrangler/state.
import { seedBulkLeads } from "./seed/bulk-seed.ts";
import { seedDemoData } from "./seed/seed.ts";
import { openLocalDb } from "./lib/local-db.mjs";
import { ensureDevVars, offlineEnv, run } from "./lib/run.mjs";

function parseArgs(argv) {
  const options = { leads: 0, persistTo: null };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split("=", 2);
    const value = () => inline ?? argv[++i];
    if (flag === "--leads") {
      options.leads = Number(value());
      if (!Number.isInteger(options.leads) || options.leads < 0 || options.leads > 1_000_000) {
        console.error("--leads takes a whole number from 0 to 1000000");
        process.exit(2);
      }
    } else if (flag === "--persist-to") options.persistTo = value();
    else {
      console.error(`unknown option ${argv[i]} (usage: npm run db:seed [-- --leads N] [--persist-to DIR])`);
      process.exit(2);
    }
  }
  return options;
}

const options = parseArgs(process.argv.slice(2));
ensureDevVars();
const persist = options.persistTo ? ["--persist-to", options.persistTo] : [];
await run("wrangler", ["d1", "migrations", "apply", "DB", "--local", ...persist], { env: offlineEnv });
const { db, dispose } = await openLocalDb(options.persistTo ?? undefined);
try {
  const summary = await seedDemoData(db);
  console.log(`Demo data present: ${JSON.stringify(summary)}`);
  if (options.leads > 0) {
    let shown = 0;
    const bulk = await seedBulkLeads(db, options.leads, {
      onProgress: (done, total) => {
        if (process.stdout.isTTY) process.stdout.write(`\rbulk leads: ${done}/${total}`);
        else if (done - shown >= 10_000 || done === total) {
          shown = done;
          console.log(`bulk leads: ${done}/${total}`);
        }
      },
    });
    if (process.stdout.isTTY) process.stdout.write("\n");
    console.log(
      `Bulk leads present: ${bulk.leads} (with ${bulk.tasks} tasks and ${bulk.activities} timeline entries) in ${(bulk.ms / 1000).toFixed(1)} s`,
    );
  }
} finally {
  await dispose();
}
