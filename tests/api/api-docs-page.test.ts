// GET /api/docs, the API's reference page (issue 25, docs/decisions/030): signed-in staff only,
// under the pages' CSP (not the API's default-src 'none'), loading Scalar from this origin
// with no inline script. That it renders in Chromium without a CSP violation: tests/e2e/api-docs.test.ts.
import { describe, expect, it } from "vitest";
import { bearer, recoverySession, request, sessionCookie, signedInUser } from "../helpers.ts";

const html = { Accept: "text/html,application/xhtml+xml" };

describe("GET /api/docs", () => {
  it("sends a browser that is not signed in to sign in and back; anything else gets the API's 401", async () => {
    const page = await request("/api/docs", { headers: html, redirect: "manual" });
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe("/auth?redirectTo=%2Fapi%2Fdocs");
    const client = await request("/api/docs", { headers: { Accept: "application/json" } });
    expect(client.status).toBe(401);
    expect(await client.json()).toMatchObject({ error: "no_authorization", message: expect.any(String) });
  });

  it("a recovery link's session is sent to set its password, as on the CRM's pages", async () => {
    const { user } = await signedInUser("sales_rep");
    const recovery = await recoverySession(user.email, "198.51.100.90");
    const page = await request("/api/docs", { headers: { ...html, Cookie: sessionCookie(recovery) }, redirect: "manual" });
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe("/auth?type=recovery");
  });

  it("answers staff (any role, session cookie) with the page, under the pages' CSP, loading Scalar from this origin and no inline script", async () => {
    const { session } = await signedInUser("sales_rep");
    const page = await request("/api/docs?lang=es", { headers: { ...html, Cookie: sessionCookie(session) } });
    expect(page.status).toBe(200);
    expect(page.headers.get("Content-Type")).toMatch(/^text\/html/);
    const csp = page.headers.get("Content-Security-Policy") ?? "";
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(csp).toContain("connect-src 'self'");
    expect(csp).not.toContain("unsafe-eval");
    expect(page.headers.get("X-Frame-Options")).toBe("DENY");
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    const body = await page.text();
    expect(body).toContain('<html lang="es">');
    expect(body).toContain("<title>Referencia de la API</title>");
    const scripts = [...body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.map(([, attributes]) => /src="([^"]+)"/.exec(attributes!)?.[1] ?? null)).toEqual([
      null,
      "/vendor/api-docs-setup.js",
      "/vendor/scalar-api-reference.js",
    ]);
    // The one without src is data (type="application/json", never run), with Scalar's settings.
    expect(scripts[0]![1]).toContain('type="application/json"');
    expect(scripts[0]![2]).toBe("");
    expect(scripts[0]![1]).toContain('data-url="/api/openapi.json"');
  });

  it("the API's other answers keep the API's CSP", async () => {
    const { session } = await signedInUser("sales_rep");
    const document = await request("/api/openapi.json", { headers: bearer(session.access_token) });
    expect(document.headers.get("Content-Security-Policy")).toBe("default-src 'none'; frame-ancestors 'none'");
  });
});
