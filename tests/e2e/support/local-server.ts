// Starts the project's own local servers (`npm start`'s scripts/start.mjs, `npm run dev`'s
// scripts/dev.mjs) the way a developer does, on a free port and over a state directory of
// their own (PERSIST_TO), and reads what they print. Used by the tests that prove what those
// commands promise (printed e-mails, the PORT switch) and, through journey.ts's
// serverOverEmptyDatabase, the journeys over an empty database; the other browser tests use
// the server that tests/e2e/run.mjs started.
import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openD1File } from "./d1.ts";
import { eventually } from "./eventually.ts";

const offlineEnv = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" };
const bin = (name: string) => join(process.cwd(), "node_modules", ".bin", name);

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

function exec(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: offlineEnv, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} exited with ${code}:\n${output}`)),
    );
  });
}

/**
 * A fresh local state directory with every migration applied; `sql` (e.g. an insert) runs
 * next, before any server opens the directory. Under the runner (E2E_EMPTY_STATE: the state
 * it migrated once) that is a copy and Node's SQLite; run alone, wrangler migrates and executes.
 */
export async function prepareState(sql?: string): Promise<{ dir: string; remove: () => void }> {
  const dir = mkdtempSync(join(tmpdir(), "agency-edge-state-"));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  const migrated = process.env.E2E_EMPTY_STATE;
  if (migrated) {
    cpSync(migrated, dir, { recursive: true });
    if (sql) {
      const db = openD1File(dir, { readOnly: false });
      try {
        db.exec(sql);
      } finally {
        db.close();
      }
    }
    return { dir, remove };
  }
  await exec(bin("wrangler"), ["d1", "migrations", "apply", "DB", "--local", "--persist-to", dir]);
  if (sql) await exec(bin("wrangler"), ["d1", "execute", "DB", "--local", "--persist-to", dir, "--command", sql]);
  return { dir, remove };
}

export type LocalServer = {
  /** Everything the server printed so far (stdout and stderr). */
  output: () => string;
  /** Resolves with the first match of `pattern` in the output (searched again as it grows). */
  waitForOutput: (pattern: RegExp, timeoutMs?: number) => Promise<RegExpMatchArray>;
  /** Resolves when GET `${url}/api/health` answers 200. */
  waitForHealth: (url: string, timeoutMs?: number) => Promise<void>;
  stop: () => Promise<void>;
};

/** Runs `node <script>` with the project's offline environment plus `env`; its process group is stopped by stop(). */
export function startScript(script: string, env: Record<string, string>, args: string[] = []): LocalServer {
  const child: ChildProcess = spawn(process.execPath, [script, ...args], {
    env: { ...offlineEnv, ...env, PATH: `${join(process.cwd(), "node_modules", ".bin")}:${process.env.PATH}` },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  const failIfExited = () => {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${script} exited early (${child.exitCode ?? child.signalCode}):\n${output}`);
    }
  };
  const poll = async <T>(what: string, timeoutMs: number, attempt: () => Promise<T | undefined>): Promise<T> => {
    const result = await eventually(
      async () => {
        failIfExited();
        return attempt();
      },
      (value) => value !== undefined,
      timeoutMs,
      200,
    );
    if (result === undefined) throw new Error(`timed out after ${timeoutMs / 1000}s waiting for ${what}; ${script} printed:\n${output}`);
    return result;
  };
  return {
    output: () => output,
    waitForOutput: (pattern, timeoutMs = 15_000) => poll(`${pattern}`, timeoutMs, async () => output.match(pattern) ?? undefined),
    waitForHealth: (url, timeoutMs = 90_000) =>
      poll(`${url}/api/health`, timeoutMs, async () => {
        try {
          return (await fetch(`${url}/api/health`)).ok ? true : undefined;
        } catch {
          return undefined; // not listening yet
        }
      }).then(() => undefined),
    stop: async () => {
      try {
        process.kill(-child.pid!, "SIGTERM");
      } catch {
        return; // already gone
      }
      // A bound, not a wait for something: a process group that ignores SIGTERM is left behind.
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
    },
  };
}
