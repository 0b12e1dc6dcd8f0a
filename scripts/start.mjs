// `npm start`: serves the production build (build/) in workerd on http://127.0.0.1:8787 (PORT
// and HOST override), on the same local bindings as `npm run dev` (scripts/lib/serve-build.mjs).
// E-mailed links are built from PUBLIC_ORIGIN; wrangler.toml's value is the Vite dev server's
// (http://localhost:5173), so this server passes its own origin unless PUBLIC_ORIGIN is set.
// The e-mails the Worker would send are printed (console transport), with one line per
// request at the default "info" level; LOG_LEVEL=warn quiets both, =debug adds workerd's.
// PERSIST_TO=<dir> serves another local state directory than .wrangler/state (the tests use
// it for a database of their own). WEBHOOKS_ALLOW_LOOPBACK=1 lets webhooks go to a receiver on
// http(s)://127.0.0.1 or localhost (docs/decisions/032; never deployed).
import { DEFAULT_START_PORT, localPublicOrigin, parsePort, serverUrl } from "./lib/local-origin.ts";
import { serveBuild } from "./lib/serve-build.mjs";

const port = parsePort(process.env.PORT, DEFAULT_START_PORT);
const host = process.env.HOST || "127.0.0.1";
const url = serverUrl(host, port);
const publicOrigin = localPublicOrigin(process.env.PUBLIC_ORIGIN, url);
const server = await serveBuild({
  host,
  port,
  persistTo: process.env.PERSIST_TO || undefined,
  vars: {
    PUBLIC_ORIGIN: publicOrigin,
    ...(process.env.WEBHOOKS_ALLOW_LOOPBACK === "1" ? { WEBHOOKS_ALLOW_LOOPBACK: "1" } : {}),
  },
  logLevel: process.env.LOG_LEVEL || "info",
});
console.log(`Serving the production build at ${url} (e-mail links use PUBLIC_ORIGIN=${publicOrigin})`);

const stop = async () => {
  await server.dispose();
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
