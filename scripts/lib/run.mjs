// Small helpers for the npm scripts. Started through `npm run`, so `node` and the
// binaries in node_modules/.bin (wrangler, react-router) are the project's pinned ones.
import { spawn } from "node:child_process";
import { copyFileSync, existsSync } from "node:fs";

/** Runs a command with inherited output; rejects when it exits non-zero. */
export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: "inherit", ...options });
    child.on("error", reject);
    child.on("exit", (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} exited with ${code ?? signal}`)),
    );
  });
}

/** Creates .dev.vars from .dev.vars.example on a fresh clone (local secrets only). */
export function ensureDevVars() {
  if (!existsSync(".dev.vars")) {
    copyFileSync(".dev.vars.example", ".dev.vars");
    console.log("Created .dev.vars from .dev.vars.example (local development secrets).");
  }
}

/** Environment for wrangler and workerd on a machine without network access. */
export const offlineEnv = {
  ...process.env,
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  WRANGLER_SEND_METRICS: "false",
};
