// `npm run db:seed`: inserts the demo data into the local D1 database. Idempotent: rows
// that exist are left as they are. Local only; it never touches a deployed database.
import { seedDemoData } from "./seed/seed.ts";
import { openLocalDb } from "./lib/local-db.mjs";
import { ensureDevVars, offlineEnv, run } from "./lib/run.mjs";

ensureDevVars();
await run("wrangler", ["d1", "migrations", "apply", "DB", "--local"], { env: offlineEnv });
const { db, dispose } = await openLocalDb();
try {
  const summary = await seedDemoData(db);
  console.log(`Demo data present: ${JSON.stringify(summary)}`);
} finally {
  await dispose();
}
