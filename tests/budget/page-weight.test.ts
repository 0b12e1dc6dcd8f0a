// Size budgets per route, read from the production build (run by `npm test` after
// `react-router build`): for each page, the gzipped JavaScript and CSS the browser loads
// before the page is interactive — the client entry and, for every route the URL matches,
// its module and the modules it imports statically (what <Links>/<Scripts> preload).
// Chunks behind a dynamic import() are loaded lazily and do not count. Bytes, not
// milliseconds, so the result does not depend on the machine's load. The browser suite
// (tests/e2e/budget.test.ts) measures the same pages from the served HTML.
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { gzipSync } from "node:zlib";
import { matchRoutes, type RouteObject } from "react-router";

const CLIENT = "build/client";

/** Gzipped kilobytes. Raise one deliberately, with the reason in the commit. */
export const PUBLIC_BUDGET = { js: 125, css: 15 };
// The public pages' JavaScript (gzip -9): /en/case-studies 124.4 (the heaviest), /es/planner
// 123.9, /pt/blog 123.7, /pt/solutions/… 123.1, /pt/contact 122.4, the landing and /en/about
// 121.2, /privacy and /terms 120.3, the 404 119.2. Every public page loads entry, root,
// app-core (with Vite's preload helper, 0.7 KB, which modulePreload: false does not remove),
// site-layout and site-chrome; an icon or state only one page draws stays out of site-chrome.
// Sign-in and the CRM carry Radix Themes' components (their stylesheet comes through the
// theme layout's `links`, which the browser suite's budget test measures from the HTML).
// Radix Themes is one chunk for every staff page (vite.config.ts): sign-in fetches all of it
// (186 KB instead of 144) for the CRM that follows, whose screens then load it from the cache.
// Settings carries the forms of its tabs in one route (Perfil's photo and password, Sistema's
// organisation settings); Usuários, push, API tokens and webhooks are chunks of their own
// (197.9 KB since Usuários moved out), so it keeps the CRM's 200. The chat, the
// heaviest screen, carries the frame's organisation (its name under the product's, its zone
// and currency for every screen) and people's photos (+0.2 KB gzip: 199.9 → 200.1): 201.
const STAFF_BUDGET: Record<string, number> = { "/auth": 190, "/unsubscribe": 190, "/chat": 201 };
const CRM_BUDGET = 200;

export const PUBLIC_PAGES = [
  "/pt",
  "/es",
  "/en",
  "/en/case-studies",
  "/pt/solutions/aura-health-mvp",
  "/es/planner",
  "/pt/blog",
  "/en/about",
  "/pt/contact",
  "/privacy",
  "/terms",
  "/pt/no-such-page",
];
const STAFF_PAGES = ["/auth", "/unsubscribe", "/dashboard", "/leads", "/tasks", "/chat", "/analytics", "/reports", "/settings"];

type ManifestRoute = { id: string; parentId?: string; path?: string; index?: boolean; module: string; imports?: string[]; css?: string[] };
type Manifest = { entry: { module: string; imports: string[]; css?: string[] }; routes: Record<string, ManifestRoute> };

function readManifest(): Manifest {
  const files = readdirSync(join(CLIENT, "assets")).filter((f) => /^manifest-.*\.js$/.test(f));
  assert.equal(files.length, 1, `one route manifest in ${CLIENT}/assets (run react-router build first): ${files.join(", ")}`);
  const window: { __reactRouterManifest?: Manifest } = {};
  new Function("window", readFileSync(join(CLIENT, "assets", files[0]!), "utf8"))(window);
  return window.__reactRouterManifest!;
}

function routeTree(manifest: Manifest): RouteObject[] {
  const byParent = new Map<string | undefined, ManifestRoute[]>();
  for (const route of Object.values(manifest.routes)) byParent.set(route.parentId, [...(byParent.get(route.parentId) ?? []), route]);
  const build = (parentId: string | undefined): RouteObject[] =>
    (byParent.get(parentId) ?? []).map((r) => (r.index ? { id: r.id, index: true } : { id: r.id, path: r.path, children: build(r.id) }));
  return build(undefined);
}

// gzip -9, as the issue measured.
const gzipKb = (file: string) => gzipSync(readFileSync(join(CLIENT, file)), { level: 9 }).byteLength / 1024;

export function pageWeight(manifest: Manifest, tree: RouteObject[], pathname: string) {
  const matches = matchRoutes(tree, pathname) ?? [];
  assert.ok(matches.length, `no route matches ${pathname}`);
  const js = new Set([manifest.entry.module, ...manifest.entry.imports]);
  const css = new Set(manifest.entry.css ?? []);
  for (const { route } of matches) {
    const entry = manifest.routes[route.id!]!;
    js.add(entry.module);
    for (const file of entry.imports ?? []) js.add(file);
    for (const file of entry.css ?? []) css.add(file);
  }
  const sum = (files: Set<string>) => [...files].reduce((total, file) => total + gzipKb(file), 0);
  return { routes: matches.map((m) => m.route.id!), js: sum(js), css: sum(css), cssFiles: [...css] };
}

describe("page weight per route (gzip, from the production build)", () => {
  const manifest = readManifest();
  const tree = routeTree(manifest);
  const check = (path: string, budget: { js: number; css: number }) => {
    const weight = pageWeight(manifest, tree, path);
    console.log(
      `  ${path.padEnd(32)} js ${weight.js.toFixed(1).padStart(6)} KB   css ${weight.css.toFixed(1).padStart(5)} KB   (${weight.routes.at(-1)})`,
    );
    assert.ok(weight.js <= budget.js, `${path}: JavaScript ${weight.js.toFixed(1)} KB > ${budget.js} KB`);
    assert.ok(weight.css <= budget.css, `${path}: CSS ${weight.css.toFixed(1)} KB > ${budget.css} KB`);
    return weight;
  };

  for (const path of PUBLIC_PAGES) {
    it(`${path}: ≤ ${PUBLIC_BUDGET.js} KB of JavaScript, ≤ ${PUBLIC_BUDGET.css} KB of CSS, no Radix Themes`, () => {
      const weight = check(path, PUBLIC_BUDGET);
      for (const file of weight.cssFiles) {
        assert.ok(!readFileSync(join(CLIENT, file), "utf8").includes(".radix-themes"), `${path} loads Radix Themes' stylesheet (${file})`);
      }
    });
  }
  for (const path of STAFF_PAGES) {
    const js = STAFF_BUDGET[path] ?? CRM_BUDGET;
    it(`${path}: ≤ ${js} KB of JavaScript`, () => {
      check(path, { js, css: PUBLIC_BUDGET.css });
    });
  }

  it("no browser chunk carries a dictionary of another language or a schema library", () => {
    const assets = readdirSync(join(CLIENT, "assets")).filter((f) => f.endsWith(".js"));
    for (const file of assets) {
      const code = readFileSync(join(CLIENT, "assets", file), "utf8");
      // Strings only the dictionaries hold (pt, es, en), and zod's internals.
      for (const marker of ["Algo deu errado", "Algo salió mal", "Oops! Page not found", "ZodError", "$ZodType"]) {
        assert.ok(!code.includes(marker), `${file} contains "${marker}"`);
      }
    }
  });
});
