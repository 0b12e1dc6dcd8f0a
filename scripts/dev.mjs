// `npm run dev` after the database is prepared: Vite with the Cloudflare plugin, so the
// Worker (API, parties, SSR) runs in workerd with the local D1/R2/DO bindings and hot reload.
// The port is PORT or `npm run dev -- --port N` (default 5173); vite.config.ts reads PORT and
// points the Worker's PUBLIC_ORIGIN (e-mailed links) at this server unless PUBLIC_ORIGIN is set.
import { portFromArgs } from "./lib/local-origin.ts";
import { offlineEnv, run } from "./lib/run.mjs";

const args = process.argv.slice(2);
const port = portFromArgs(args);
await run("react-router", ["dev", ...args], { env: port === undefined ? offlineEnv : { ...offlineEnv, PORT: port } });
