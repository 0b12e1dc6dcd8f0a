// Run before `npm run dev` and `npm start`: local secrets (and a VAPID key pair for Web Push
// when .dev.vars has none), migrations, demo data when empty. On the state directory the server
// will serve: .wrangler/state, or PERSIST_TO (scripts/start.mjs serves that one when it is set).
import { isEmpty, seedDemoData } from "./seed/seed.ts";
import { openLocalDb } from "./lib/local-db.mjs";
import { ensureDevVars, offlineEnv, run } from "./lib/run.mjs";
import { ensureVapidKeys } from "./lib/vapid.mjs";

ensureDevVars();
await ensureVapidKeys();
const persistTo = process.env.PERSIST_TO || undefined;
await run("wrangler", ["d1", "migrations", "apply", "DB", "--local", ...(persistTo ? ["--persist-to", persistTo] : [])], {
  env: offlineEnv,
});

const { db, dispose } = await openLocalDb(persistTo);
try {
  if (await isEmpty(db)) {
    const summary = await seedDemoData(db);
    console.log(`Seeded demo data: ${JSON.stringify(summary)}`);
    console.log("Demo accounts: admin@demo.test, manager@demo.test, rep@demo.test (password crm-demo-2026)");
  }
} finally {
  await dispose();
}
