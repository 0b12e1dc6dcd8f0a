// Where the local servers listen and which origin their e-mailed links use. Shared by
// vite.config.ts (`npm run dev`), scripts/start.mjs (`npm start`) and the unit tests, so the
// two servers derive PUBLIC_ORIGIN the same way. Plain TypeScript without Node imports: Node
// runs it through type stripping, Vite through its config loader, vitest inside workerd.

/** The Vite dev server's port unless PORT (or `npm run dev -- --port N`) says otherwise. */
export const DEFAULT_DEV_PORT = 5173;
/** `npm start`'s port unless PORT says otherwise. */
export const DEFAULT_START_PORT = 8787;

/** A TCP port from an environment value; the fallback when unset or empty; throws when invalid. */
export function parsePort(value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === "") return fallback;
  const port = Number(value.trim());
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`PORT must be a whole number from 1 to 65535, not "${value}"`);
  }
  return port;
}

/**
 * The address to open for a server bound to `host`: a wildcard bind address is no place to
 * open a link, so it names the loopback address instead; IPv6 literals get their brackets.
 */
export function serverUrl(host: string, port: number): string {
  const linkHost =
    host === "0.0.0.0" ? "127.0.0.1" : host === "::" ? "[::1]" : host.includes(":") && !host.startsWith("[") ? `[${host}]` : host;
  return `http://${linkHost}:${port}`;
}

/**
 * The origin for e-mailed links: PUBLIC_ORIGIN when the caller sets one (a tunnel, a LAN
 * name), otherwise the local server's own URL, so a link printed by `PORT=3000 npm run dev`
 * opens on port 3000. A trailing slash is dropped (links append their own paths).
 */
export function localPublicOrigin(publicOrigin: string | undefined, url: string): string {
  const origin = publicOrigin?.trim() || url;
  return origin.replace(/\/+$/, "");
}

/**
 * `--port N` / `--port=N` from a command line (what `npm run dev -- --port N` passes),
 * or undefined when absent.
 */
export function portFromArgs(args: readonly string[]): string | undefined {
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i]!;
    if (arg === "--port") return args[i + 1];
    if (arg.startsWith("--port=")) return arg.slice("--port=".length);
  }
  return undefined;
}
