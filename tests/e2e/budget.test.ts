// Size budgets of the public pages, measured on the production build the suite serves:
// the gzipped bytes of every script and stylesheet a page's HTML references, and the HTML
// itself. Bytes, not milliseconds, so the result does not depend on the machine's load.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { gzipSync } from "node:zlib";
import { baseUrl } from "./support/chromium.ts";

/** Budgets in gzipped kilobytes; raise them deliberately, with a reason in the commit. */
const BUDGET_KB = { html: 40, js: 125, css: 15 };
const PAGES = [
  "/pt",
  "/en",
  "/en/case-studies",
  "/es/solutions/aura-health-mvp",
  "/es/planner",
  "/pt/planner",
  "/en/blog",
  "/es/about",
  "/en/contact",
  "/privacy",
  "/pt/no-such-page",
];

// gzip -9, the measure the budgets were set with.
const gzipKb = (bytes: Uint8Array) => gzipSync(bytes, { level: 9 }).byteLength / 1024;

async function pageWeight(path: string) {
  const response = await fetch(new URL(path, baseUrl()));
  assert.equal(response.status, path.includes("no-such-page") ? 404 : 200, path);
  const html = await response.text();
  const assets = new Set<string>();
  for (const m of html.matchAll(/<link[^>]+rel="(?:modulepreload|stylesheet)"[^>]*href="([^"]+)"/g)) assets.add(m[1]!);
  for (const m of html.matchAll(/<link[^>]+href="([^"]+)"[^>]*rel="(?:modulepreload|stylesheet)"/g)) assets.add(m[1]!);
  for (const m of html.matchAll(/<script[^>]+src="([^"]+)"/g)) assets.add(m[1]!);
  for (const m of html.matchAll(/import\("([^"]+\.js)"\)/g)) assets.add(m[1]!);
  let js = 0;
  let css = 0;
  let loadsRadix = false;
  for (const href of assets) {
    const asset = await fetch(new URL(href, baseUrl()));
    assert.equal(asset.status, 200, href);
    const bytes = new Uint8Array(await asset.arrayBuffer());
    if (href.endsWith(".css")) {
      css += gzipKb(bytes);
      loadsRadix ||= new TextDecoder().decode(bytes).includes(".radix-themes");
    } else js += gzipKb(bytes);
  }
  return { html: gzipKb(new TextEncoder().encode(html)), js, css, loadsRadix };
}

describe("public page weight", () => {
  for (const path of PAGES) {
    it(`${path} stays within ${BUDGET_KB.js} KB of JS, ${BUDGET_KB.css} KB of CSS and ${BUDGET_KB.html} KB of HTML (gzip)`, async () => {
      const weight = await pageWeight(path);
      console.log(`  ${path}: html ${weight.html.toFixed(1)} KB, js ${weight.js.toFixed(1)} KB, css ${weight.css.toFixed(1)} KB (gzip)`);
      assert.ok(weight.html <= BUDGET_KB.html, `HTML ${weight.html.toFixed(1)} KB`);
      assert.ok(weight.js <= BUDGET_KB.js, `JS ${weight.js.toFixed(1)} KB`);
      assert.ok(weight.css <= BUDGET_KB.css, `CSS ${weight.css.toFixed(1)} KB`);
      // Radix Themes' stylesheet belongs to the CRM only.
      assert.equal(weight.loadsRadix, false, "no Radix Themes stylesheet on a public page");
    });
  }
});
