// Helpers for the scripts that serve the production build on this machine (the browser
// suite, the Lighthouse audit, the benchmarks): a free loopback port, starting the built server,
// and waiting until /api/health answers.
import { spawn } from "node:child_process";
import { createServer } from "node:net";

/** A TCP port on 127.0.0.1 that nothing listens on right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Resolves once `${url}/api/health` answers 2xx; fails if `server` (a child process) exits first. */
export async function waitForHealth(url, server, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited early with ${server.exitCode}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`the server at ${url} did not become healthy within ${timeoutMs / 1000}s`);
}

/**
 * Starts `npm start`'s server (scripts/start.mjs: the production build in workerd) as a child
 * in its own process group, on 127.0.0.1:`port` over the state directory `persistTo`, with
 * e-mailed links on its own origin. Stop it with `process.kill(-child.pid, "SIGTERM")`.
 */
export function spawnBuiltServer({ port, persistTo, logLevel = "warn", stdio = ["ignore", "inherit", "inherit"] }) {
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    env: {
      ...process.env,
      CLOUDFLARE_CF_FETCH_ENABLED: "false",
      WRANGLER_SEND_METRICS: "false",
      PORT: String(port),
      PERSIST_TO: persistTo,
      PUBLIC_ORIGIN: url,
      LOG_LEVEL: logLevel,
    },
    stdio,
    detached: true,
  });
  return { url, child };
}

/** Stops a server spawnBuiltServer started (its whole process group); nothing if it is gone. */
export function stopBuiltServer(server) {
  try {
    process.kill(-server.child.pid, "SIGTERM");
  } catch {
    // already gone
  }
}

/** Signs in through POST /api/auth/token as `email` and returns the access token (throws on any other answer). */
export async function signInForToken(url, email, password, ip = "198.18.0.1") {
  const response = await fetch(`${url}/api/auth/token?grant_type=password`, {
    method: "POST",
    headers: { "content-type": "application/json", "cf-connecting-ip": ip },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200) throw new Error(`sign-in as ${email} answered ${response.status}: ${await response.text()}`);
  return (await response.json()).access_token;
}
