// `npm start`: serves the production build (build/) with `wrangler dev` on
// http://127.0.0.1:8787 (PORT overrides), on the same local bindings as `npm run dev`.
import { offlineEnv, run } from "./lib/run.mjs";

const port = process.env.PORT ?? "8787";
const host = process.env.HOST ?? "127.0.0.1";
await run("wrangler", ["dev", "--port", port, "--ip", host, "--log-level", process.env.WRANGLER_LOG ?? "info"], {
  env: offlineEnv,
});
