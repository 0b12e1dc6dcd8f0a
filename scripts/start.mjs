// `npm start`: serves the production build (build/) with `wrangler dev` on
// http://127.0.0.1:8787 (PORT and HOST override), on the same local bindings as `npm run dev`.
// E-mailed links are built from PUBLIC_ORIGIN; wrangler.toml's value is the Vite dev server's
// (http://localhost:5173), so this server passes its own origin unless PUBLIC_ORIGIN is set.
import { offlineEnv, run } from "./lib/run.mjs";

const port = process.env.PORT ?? "8787";
const host = process.env.HOST ?? "127.0.0.1";
// A wildcard bind address is no place to open a link: name the loopback address instead.
const linkHost = host === "0.0.0.0" ? "127.0.0.1" : host === "::" ? "[::1]" : host.includes(":") ? `[${host}]` : host;
const url = `http://${linkHost}:${port}`;
const publicOrigin = process.env.PUBLIC_ORIGIN || url;
console.log(`Serving the production build at ${url} (e-mail links use PUBLIC_ORIGIN=${publicOrigin})`);
await run(
  "wrangler",
  ["dev", "--port", port, "--ip", host, "--var", `PUBLIC_ORIGIN:${publicOrigin}`, "--log-level", process.env.WRANGLER_LOG ?? "info"],
  { env: offlineEnv },
);
