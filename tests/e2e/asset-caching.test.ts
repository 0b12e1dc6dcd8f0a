// A returning visitor's browser keeps the hashed build files (/assets/*) for a year without
// asking the server again (public/_headers), while pages and the unhashed files in public/
// are revalidated, so a deploy is seen at once.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { baseUrl } from "./support/chromium.ts";

/** The /assets/ URLs of the scripts and stylesheets a page links to. */
async function assetUrls(path: string) {
  const html = await (await fetch(baseUrl() + path)).text();
  const urls = [...html.matchAll(/(?:href|src)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
  return [...new Set(urls)];
}

describe("static asset caching", () => {
  it("serves every hashed script and stylesheet a public page loads as immutable for a year", async () => {
    const urls = await assetUrls("/pt");
    assert.ok(
      urls.some((u) => u.endsWith(".css")) && urls.some((u) => u.endsWith(".js")),
      `scripts and a stylesheet linked from /pt: ${urls.join(", ")}`,
    );
    for (const url of urls) {
      const response = await fetch(baseUrl() + url);
      assert.equal(response.status, 200, url);
      assert.equal(response.headers.get("cache-control"), "public, max-age=31536000, immutable", url);
    }
  });

  it("keeps revalidating pages and the unhashed files of public/", async () => {
    for (const path of ["/pt", "/favicon.svg", "/og-image.jpg"]) {
      const response = await fetch(baseUrl() + path);
      assert.equal(response.status, 200, path);
      assert.doesNotMatch(response.headers.get("cache-control") ?? "", /immutable|max-age=[1-9]/, path);
    }
  });

  it("does not publish the headers file itself", async () => {
    const response = await fetch(baseUrl() + "/_headers");
    assert.equal(response.status, 404);
  });
});
