// Serves the production build (build/, from `react-router build`) in workerd through
// Miniflare, on the local bindings of wrangler.toml (D1, R2, Durable Objects) persisted under
// a state directory, the same layout `wrangler dev --persist-to` and getPlatformProxy use.
//
// workerd itself listens on the port: no wrangler ProxyWorker and no Node HTTP hop sits
// between the client and the Worker. wrangler dev's proxy drops connections and exits under
// a browser suite's load (cloudflare/workers-sdk #15317, #15451, #15452, #15203, #15447, all
// open at wrangler 4.149); docs/decisions/015 has the evidence.
import { globSync, readFileSync } from "node:fs";
import { basename, dirname, resolve } from "node:path";
import { Log, LogLevel, Miniflare, convertV4MiniflareOptions } from "miniflare";
import { unstable_getMiniflareWorkerOptions, unstable_readConfig } from "wrangler";

const BUILT_CONFIG = "build/server/wrangler.json";

const LOG_LEVELS = {
  none: LogLevel.NONE,
  error: LogLevel.ERROR,
  warn: LogLevel.WARN,
  info: LogLevel.INFO,
  log: LogLevel.INFO,
  debug: LogLevel.DEBUG,
};

/** The built Worker's modules: its entry and every chunk the bundler wrote beside it. */
function builtModules(main, modulesRules) {
  const rootPath = dirname(main);
  const entry = basename(main);
  const modules = [{ type: "ESModule", path: entry }];
  for (const { type, include } of modulesRules) {
    for (const path of globSync(include, { cwd: rootPath })) {
      if (path !== entry && !modules.some((m) => m.path === path)) modules.push({ type, path });
    }
  }
  return { modulesRoot: rootPath, modules: modules.map((m) => ({ ...m, path: resolve(rootPath, m.path) })) };
}

/** KEY=value lines of .dev.vars (local secrets), as wrangler reads them. */
function devVars(path = ".dev.vars") {
  let text;
  try {
    text = readFileSync(path, "utf8");
  } catch {
    return {};
  }
  const vars = {};
  for (const line of text.split(/\r?\n/)) {
    const match = line.match(/^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/);
    if (match) vars[match[1]] = match[2].replace(/^(["'])(.*)\1$/, "$2");
  }
  return vars;
}

/**
 * Starts the built Worker on host:port. `vars` override wrangler.toml's [vars] and
 * .dev.vars (e.g. PUBLIC_ORIGIN for this server's own URL). Resolves with the Miniflare
 * instance (dispose() stops it) once it answers.
 */
export async function serveBuild({ host = "127.0.0.1", port, persistTo = ".wrangler/state", vars = {}, logLevel = "info" }) {
  const config = unstable_readConfig({ config: BUILT_CONFIG });
  const { workerOptions, externalWorkers, main } = unstable_getMiniflareWorkerOptions(config);
  const { modulesRules, rootPath: _projectRoot, ...options } = workerOptions;
  const mainPath = resolve(dirname(BUILT_CONFIG), main);
  const miniflare = new Miniflare(
    convertV4MiniflareOptions({
      host,
      port,
      log: new Log(LOG_LEVELS[logLevel] ?? LogLevel.INFO),
      // Cron Triggers on demand: GET /cdn-cgi/local/scheduled?cron=*/15+*+*+*+*
      unsafeTriggerHandlers: true,
      // No network here: the placeholder Request.cf instead of fetching the real one.
      cf: false,
      // One line per request (method, path, status), as at the "info" level.
      logRequests: (LOG_LEVELS[logLevel] ?? LogLevel.INFO) >= LogLevel.INFO,
      resourcePersistencePath: resolve(persistTo, "v3"),
      workers: [
        {
          ...options,
          name: config.name,
          bindings: { ...options.bindings, ...devVars(), ...vars },
          ...builtModules(mainPath, modulesRules),
        },
        ...externalWorkers,
      ],
    }),
  );
  await miniflare.ready;
  return miniflare;
}
