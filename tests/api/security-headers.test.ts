import { describe, expect, it } from "vitest";
import { createCaseStudy } from "../factories/index.ts";
import { bearer, db, json, request, sessionCookie, signedInUser } from "../helpers.ts";
import {
  contentSecurityPolicy,
  createNonce,
  HSTS,
  withApiSecurityHeaders,
  withDocumentSecurityHeaders,
} from "../../worker/http/security-headers.ts";

function expectApiHeaders(response: Response) {
  expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
  expect(response.headers.get("X-Frame-Options")).toBe("DENY");
  expect(response.headers.get("Content-Security-Policy")).toBe("default-src 'none'; frame-ancestors 'none'");
  expect(response.headers.get("Strict-Transport-Security")).toBeNull();
}

describe("API responses", () => {
  it("are nosniff, unframeable and no-store on sign-in", async () => {
    const user = await signedInUser();
    const response = await request(
      "/api/auth/token?grant_type=password",
      json("POST", { email: user.user.email, password: "crm-demo-2026" }),
    );
    expect(response.status).toBe(200);
    expectApiHeaders(response);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
  });

  it("are no-store for the session, with a bearer token or the cookie", async () => {
    const { session } = await signedInUser();
    for (const headers of [{ Cookie: sessionCookie(session) }, bearer(session.access_token)]) {
      const response = await request("/api/session", { headers });
      expectApiHeaders(response);
      expect(response.headers.get("Cache-Control")).toBe("no-store");
    }
    const signedOut = await request("/api/session");
    expect(signedOut.status).toBe(401);
    expect(signedOut.headers.get("Cache-Control")).toBe("no-store");
  });

  it("are no-store for 404s, cross-site refusals and unknown parties", async () => {
    const { session } = await signedInUser();
    const crossSite = { Origin: "https://evil.example", Cookie: sessionCookie(session) };
    for (const [status, response] of [
      [404, await request("/api/does-not-exist")],
      [404, await request("/parties/nope/room")],
      [403, await request("/api/session/refresh", json("POST", {}, crossSite))],
    ] as const) {
      expect(response.status).toBe(status);
      expectApiHeaders(response);
      expect(response.headers.get("Cache-Control")).toBe("no-store");
    }
  });

  it("keep the public case studies' own cache policy", async () => {
    const study = await createCaseStudy(db());
    for (const path of ["/api/case-studies", `/api/case-studies/${study.slug}`]) {
      const response = await request(path);
      expect(response.status).toBe(200);
      expectApiHeaders(response);
      expect(response.headers.get("Cache-Control")).toBe("public, max-age=60");
    }
  });

  it("send HSTS only over https", async () => {
    const response = await request("https://localhost/api/health");
    expect(response.headers.get("Strict-Transport-Security")).toBe(HSTS);
  });
});

describe("app (non-API) responses", () => {
  it("are private, no-store on staff paths and for a signed-in visitor, no-cache otherwise", async () => {
    const { session } = await signedInUser();
    expect((await request("/dashboard")).headers.get("Cache-Control")).toBe("private, no-store");
    expect((await request("/auth")).headers.get("Cache-Control")).toBe("private, no-store");
    expect((await request("/leads/123.data")).headers.get("Cache-Control")).toBe("private, no-store");
    expect((await request("/pt", { headers: { Cookie: sessionCookie(session) } })).headers.get("Cache-Control")).toBe("private, no-store");
    const pub = await request("/pt");
    expect(pub.headers.get("Cache-Control")).toBe("no-cache");
    expect(pub.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(pub.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
  });
});

describe("withDocumentSecurityHeaders", () => {
  const html = (init: ResponseInit = {}) =>
    new Response("<!doctype html>", { ...init, headers: { "Content-Type": "text/html; charset=utf-8", ...init.headers } });

  it("gives HTML a CSP with this response's nonce and the strict directives", () => {
    const request = new Request("http://localhost/pt");
    const [a, b] = [createNonce(), createNonce()];
    expect(a).not.toBe(b);
    expect(a).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    const first = withDocumentSecurityHeaders(html(), request, a).headers.get("Content-Security-Policy")!;
    const second = withDocumentSecurityHeaders(html(), request, b).headers.get("Content-Security-Policy")!;
    expect(first).toBe(contentSecurityPolicy(a));
    expect(first).toContain(`script-src 'self' 'nonce-${a}'`);
    expect(second).toContain(`'nonce-${b}'`);
    expect(first).not.toBe(second);
    for (const directive of [
      "default-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
      "connect-src 'self';",
    ]) {
      expect(first).toContain(directive);
    }
    expect(first).not.toContain("unsafe-eval");
    expect(first).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it("sets the other document headers and HSTS only for https", () => {
    const nonce = createNonce();
    const plain = withDocumentSecurityHeaders(html(), new Request("http://localhost/pt"), nonce).headers;
    expect(plain.get("Strict-Transport-Security")).toBeNull();
    expect(plain.get("X-Content-Type-Options")).toBe("nosniff");
    expect(plain.get("X-Frame-Options")).toBe("DENY");
    expect(plain.get("Permissions-Policy")).toMatch(/camera=\(\).*geolocation=\(\).*microphone=\(\).*payment=\(\).*usb=\(\)/);
    expect(plain.get("Permissions-Policy")).toContain("browsing-topics=()");
    const secure = withDocumentSecurityHeaders(html(), new Request("https://velox.example/pt"), nonce).headers;
    expect(secure.get("Strict-Transport-Security")).toBe("max-age=63072000; includeSubDomains");
  });

  it("keeps a public route's own Cache-Control but not on staff pages", () => {
    const nonce = createNonce();
    const own = html({ headers: { "Cache-Control": "public, max-age=300" } });
    expect(withDocumentSecurityHeaders(own, new Request("http://localhost/pt/blog"), nonce).headers.get("Cache-Control")).toBe(
      "public, max-age=300",
    );
    const staff = html({ headers: { "Cache-Control": "public, max-age=300" } });
    expect(withDocumentSecurityHeaders(staff, new Request("http://localhost/settings/team"), nonce).headers.get("Cache-Control")).toBe(
      "private, no-store",
    );
  });

  it("copies immutable responses and leaves WebSocket upgrades alone", () => {
    const redirect = Response.redirect("http://localhost/pt", 302);
    const copied = withDocumentSecurityHeaders(redirect, new Request("http://localhost/"), createNonce());
    expect(copied.status).toBe(302);
    expect(copied.headers.get("Location")).toBe("http://localhost/pt");
    expect(copied.headers.get("X-Content-Type-Options")).toBe("nosniff");
    const pair = new WebSocketPair();
    const upgrade = new Response(null, { status: 101, webSocket: pair[0] });
    expect(withApiSecurityHeaders(upgrade, new Request("http://localhost/parties/chat/x"))).toBe(upgrade);
    expect(withDocumentSecurityHeaders(upgrade, new Request("http://localhost/x"), "n")).toBe(upgrade);
  });
});
