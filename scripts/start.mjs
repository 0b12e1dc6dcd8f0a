// `npm start`: serves the production build (build/) with `wrangler dev` on
// http://127.0.0.1:8787 (PORT and HOST override), on the same local bindings as `npm run dev`.
// E-mailed links are built from PUBLIC_ORIGIN; wrangler.toml's value is the Vite dev server's
// (http://localhost:5173), so this server passes its own origin unless PUBLIC_ORIGIN is set.
// The e-mails the Worker would send are printed (console transport, at wrangler's "info"
// level, the same level as the request lines); WRANGLER_LOG=warn quiets both, =log adds
// wrangler's banner and bindings table. PERSIST_TO=<dir> serves another local state
// directory than .wrangler/state (the tests use it for a database of their own).
import { DEFAULT_START_PORT, localPublicOrigin, parsePort, serverUrl } from "./lib/local-origin.ts";
import { offlineEnv, run } from "./lib/run.mjs";

const port = parsePort(process.env.PORT, DEFAULT_START_PORT);
const host = process.env.HOST || "127.0.0.1";
const url = serverUrl(host, port);
const publicOrigin = localPublicOrigin(process.env.PUBLIC_ORIGIN, url);
console.log(`Serving the production build at ${url} (e-mail links use PUBLIC_ORIGIN=${publicOrigin})`);
const persist = process.env.PERSIST_TO ? ["--persist-to", process.env.PERSIST_TO] : [];
await run(
  "wrangler",
  ["dev", "--port", String(port), "--ip", host, ...persist, "--var", `PUBLIC_ORIGIN:${publicOrigin}`, "--log-level", process.env.WRANGLER_LOG || "info"],
  { env: offlineEnv },
);
