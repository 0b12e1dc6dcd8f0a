import { createReadStream, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { DEFAULT_DEV_PORT, localPublicOrigin, parsePort, serverUrl } from "./scripts/lib/local-origin.ts";

export const aliases = {
  "~": fileURLToPath(new URL("./app", import.meta.url)),
  "@worker": fileURLToPath(new URL("./worker", import.meta.url)),
  "@party": fileURLToPath(new URL("./party", import.meta.url)),
};

/**
 * The browser's shared code in a few chunks rather than dozens of tiny ones (each costs an
 * import statement, a request and its own gzip dictionary): the framework, the code every
 * page runs (i18n, toaster, lib), Radix Themes for the staff pages, and the public site's chrome. Pages and what they load
 * lazily keep their own chunks. Sizes are budgeted per route in tests/budget.
 */
const CLIENT_CHUNKS = [
  {
    name: "framework",
    test: /node_modules[\\/](react|react-dom|react-router|scheduler|turbo-stream|cookie|set-cookie-parser)[\\/]/,
    priority: 30,
  },
  // The code every page runs before it is interactive (what loads lazily stays out; lib/csv
  // is for exports only).
  {
    name: "app-core",
    test: /app[\\/](i18n[\\/](index|react|languages|translate|language-preference|resolve-language)\.tsx?$|components[\\/](ui[\\/]toaster|error-screen|use-hydrated)\.tsx?$|lib[\\/](?!csv\.ts$))/,
    priority: 20,
  },
  // Radix Themes and the primitives under it, for every staff page at once: the sign-in page
  // fetches it for the CRM that follows, and a CRM screen or a dialog opened later no longer
  // asks for six to ten small pieces of it (/leads: 18 scripts at load instead of 25).
  {
    name: "radix",
    test: /node_modules[\\/](@radix-ui|@floating-ui|react-remove-scroll|react-remove-scroll-bar|aria-hidden|use-sidecar|use-callback-ref|react-style-singleton|get-nonce|tslib|classnames|detect-node-es)[\\/]/,
    priority: 25,
  },
  { name: "site-chrome", test: /app[\\/]modules[\\/]site[\\/]([\w-]+\.tsx?$|ui[\\/])/, priority: 10 },
];

/**
 * Scalar's standalone API reference for /api/docs (worker/api/api-docs.ts SCALAR_SCRIPT_PATH),
 * served from this origin (the CSP allows scripts from no other): copied from the installed
 * @scalar/api-reference into the client build, and answered by the dev server. Only that page
 * loads it; no route's bundle includes it (docs/decisions/030).
 */
function apiReferenceScript(): Plugin {
  const path = "/vendor/scalar-api-reference.js";
  const source = fileURLToPath(new URL("./node_modules/@scalar/api-reference/dist/browser/standalone.js", import.meta.url));
  return {
    name: "api-reference-script",
    configureServer(server) {
      server.middlewares.use(path, (_request, response) => {
        response.setHeader("Content-Type", "text/javascript; charset=utf-8");
        createReadStream(source).pipe(response);
      });
    },
    generateBundle() {
      if (this.environment.name !== "client") return;
      this.emitFile({ type: "asset", fileName: path.slice(1), source: readFileSync(source) });
    },
  };
}

export default defineConfig(({ command }) => {
  // `PORT=3000 npm run dev` (or `npm run dev -- --port 3000`, which scripts/dev.mjs turns
  // into PORT) moves the dev server, and the e-mailed links follow: the Worker's
  // PUBLIC_ORIGIN becomes this server's URL unless PUBLIC_ORIGIN is set in the environment.
  // Only while serving: the build's wrangler.json keeps wrangler.toml's vars.
  const port = command === "serve" ? parsePort(process.env.PORT, DEFAULT_DEV_PORT) : DEFAULT_DEV_PORT;
  const host = "localhost";
  const publicOrigin = localPublicOrigin(process.env.PUBLIC_ORIGIN, serverUrl(host, port));
  return {
    plugins: [
      cloudflare({
        viteEnvironment: { name: "ssr" },
        ...(command === "serve" && {
          config: { vars: { PUBLIC_ORIGIN: publicOrigin } }, // merged into wrangler.toml's [vars]
          // PERSIST_TO=<dir>: another local state directory than .wrangler/state (tests).
          persistState: process.env.PERSIST_TO ? { path: process.env.PERSIST_TO } : true,
        }),
      }),
      tailwindcss(),
      reactRouter(),
      apiReferenceScript(),
    ],
    resolve: { alias: aliases },
    environments: {
      client: {
        build: {
          // Plain import() for what loads lazily: Vite's preload helper (1.3 KB gzip) would
          // only prefetch the lazy chunk's imports, which are shared chunks already loaded.
          modulePreload: false,
          rolldownOptions: { output: { codeSplitting: { groups: CLIENT_CHUNKS } } },
        },
      },
    },
    server: { port, strictPort: true, host },
    optimizeDeps: {
      include: ["react", "react-dom", "react-dom/client", "react-router", "@radix-ui/themes", "@radix-ui/react-icons", "zod"],
    },
  };
});
