// `npm run dev` after the database is prepared: Vite with the Cloudflare plugin, so the
// Worker (API, parties, SSR) runs in workerd with the local D1/R2/DO bindings and hot reload.
import { offlineEnv, run } from "./lib/run.mjs";

await run("react-router", ["dev", ...process.argv.slice(2)], { env: offlineEnv });
