import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { safeReturnPath } from "../../app/modules/auth/guards.server.ts";
import { safeRedirect } from "../../worker/api/auth.ts";
import { safeLocalPath, safeSitePath } from "../../worker/lib/safe-redirect.ts";
import { createUser } from "../factories/index.ts";
import { db, json, ORIGIN, request } from "../helpers.ts";

/** Values an attacker could put in ?redirectTo= / ?redirect_to= to leave the site or break the response. */
const HOSTILE: string[] = [
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r\n/evil.example",
  "/\r/evil.example",
  "/\0/x",
  "/\u0000",
  "\\\\evil.example",
  "\\evil.example",
  "/\\evil.example",
  "/\\/evil.example",
  "//evil.example",
  "///evil.example",
  "////evil.example/path",
  "/.//evil.example",
  "/./\\evil.example",
  "/..//evil.example",
  "/%2e//evil.example",
  "/%2e%2e//evil.example",
  "/%2F/evil.example",
  "/%2f%2fevil.example",
  "/%5Cevil.example",
  "/%5c%5cevil.example",
  "/%09/evil.example",
  "/%0d%0a/evil.example",
  "/%00/x",
  "/x%0d%0aSet-Cookie:%20a=b",
  "https://evil.example",
  "https://evil.example/dashboard",
  "http:/evil.example",
  "http:evil.example",
  "https:\\\\evil.example",
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  " /x",
  "\t/x",
  "/x\r\nSet-Cookie: a=b",
  "/x\nLocation: https://evil.example",
  "%2F%2Fevil.example",
  "evil.example",
  "/\u007f/evil.example",
  "/\u001b/x",
  "/\u2028/evil.example",
  "/auth?x",
  "/auth",
  "/auth/callback",
  "/AUTH",
  "",
];

/** Same-site paths that must come back exactly as given. */
const GOOD = ["/leads?lead=abc", "/dashboard#x", "/chat", "/leads?status=new&sort=-created_at", "/tasks/123"];

// eslint-disable-next-line no-control-regex -- the test looks for the control characters the code must drop
const CONTROL = /[\u0000-\u001F\u007F]/;

/** The properties every returned path must have, whatever the input. */
function expectSafePath(result: string) {
  expect(typeof result).toBe("string");
  expect(result.startsWith("/")).toBe(true);
  expect(result.startsWith("//")).toBe(false);
  expect(result.startsWith("/\\")).toBe(false);
  expect(CONTROL.test(result)).toBe(false);
  expect(new URL(result, "https://app.example").host).toBe("app.example");
  expect(new URL(result, "https://app.example").origin).toBe("https://app.example");
  expect(() => new Response(null, { status: 302, headers: { Location: result } })).not.toThrow();
}

describe("safeLocalPath", () => {
  it.each(HOSTILE.map((payload) => [JSON.stringify(payload), payload]))("keeps %s on this site", (_, payload) => {
    const result = safeLocalPath(payload);
    expectSafePath(result);
  });

  it.each(GOOD)("preserves %s exactly", (path) => {
    expect(safeLocalPath(path)).toBe(path);
    expectSafePath(safeLocalPath(path));
  });

  it("rejects non-strings and uses the given fallback", () => {
    for (const value of [null, undefined, 42, {}, ["/chat"], new URL("https://evil.example")]) {
      expect(safeLocalPath(value)).toBe("/dashboard");
      expect(safeLocalPath(value, "/auth")).toBe("/auth");
    }
  });

  it("is strict about control characters and encoded slashes", () => {
    expect(safeLocalPath("/\t/evil.example")).toBe("/dashboard");
    expect(safeLocalPath("/x\r\nSet-Cookie: a=b")).toBe("/dashboard");
    expect(safeLocalPath("/\0/x")).toBe("/dashboard");
    expect(safeLocalPath("/%09/evil.example")).toBe("/dashboard");
    expect(safeLocalPath("/%5Cevil.example")).toBe("/dashboard");
    expect(safeLocalPath("/%2F/evil.example")).toBe("/dashboard");
    expect(safeLocalPath("/x%0d%0aSet-Cookie:%20a=b")).toBe("/dashboard");
  });

  it("collapses a leading run of slashes produced by dot segments", () => {
    expect(safeLocalPath("/.//evil.example")).toBe("/evil.example");
    expect(safeLocalPath("/..//evil.example")).toBe("/evil.example");
  });
});

describe("safeReturnPath", () => {
  it.each(HOSTILE.map((payload) => [JSON.stringify(payload), payload]))("keeps %s on this site", (_, payload) => {
    expectSafePath(safeReturnPath(payload));
  });

  it.each(["/auth", "/auth?x", "/auth?type=recovery", "/auth/", "/auth/x", "/AUTH", "/auth#x", "/./auth"])(
    "never returns to the sign-in page (%s)",
    (path) => {
      expect(safeReturnPath(path)).toBe("/dashboard");
    },
  );

  it.each(GOOD)("preserves %s exactly", (path) => {
    expect(safeReturnPath(path)).toBe(path);
  });

  it("keeps paths that merely start with the letters auth", () => {
    expect(safeReturnPath("/authors")).toBe("/authors");
  });

  it("falls back for null and undefined", () => {
    expect(safeReturnPath(null)).toBe("/dashboard");
    expect(safeReturnPath(undefined)).toBe("/dashboard");
  });
});

describe("safeRedirect (API redirect_to)", () => {
  const requestUrl = `${ORIGIN}/api/auth/recover?redirect_to=x`;
  const publicOrigin = "https://app.example";

  it.each(HOSTILE.map((payload) => [JSON.stringify(payload), payload]))("keeps %s on this site", (_, payload) => {
    const result = safeRedirect(requestUrl, payload, publicOrigin);
    expectSafePath(result);
  });

  it("reduces same-origin absolute URLs (request origin or PUBLIC_ORIGIN) to their path", () => {
    expect(safeRedirect(requestUrl, `${ORIGIN}/auth`, publicOrigin)).toBe("/auth");
    expect(safeRedirect(requestUrl, `${ORIGIN}/auth?x=1#y`, publicOrigin)).toBe("/auth?x=1#y");
    expect(safeRedirect(requestUrl, "https://app.example/auth", publicOrigin)).toBe("/auth");
    expect(safeRedirect(requestUrl, "https://app.example/auth", `${publicOrigin}/`)).toBe("/auth");
  });

  it("rejects other origins, including near misses", () => {
    for (const target of [
      "https://evil.example/auth",
      "http://app.example/auth",
      "https://app.example.evil.example/auth",
      "https://app.example:8443/auth",
      `${ORIGIN}:8080/auth`,
      "https://localhost@evil.example/auth",
      "https://app.example\t/auth",
    ]) {
      expect(safeRedirect(requestUrl, target, publicOrigin)).toBe("/auth");
    }
  });

  it("falls back to /auth for missing targets", () => {
    expect(safeRedirect(requestUrl, undefined, publicOrigin)).toBe("/auth");
    expect(safeRedirect(requestUrl, null)).toBe("/auth");
    expect(safeRedirect(requestUrl, "")).toBe("/auth");
  });

  it("passes relative paths through the same check", () => {
    expect(safeRedirect(requestUrl, "/leads?lead=abc")).toBe("/leads?lead=abc");
    expect(safeRedirect(requestUrl, "/.//evil.example")).toBe("/evil.example");
    expect(safeRedirect(requestUrl, "/\t/evil.example")).toBe("/auth");
  });

  it("ignores an unusable allowed origin", () => {
    expect(safeSitePath("null/x", ["null"], "/auth")).toBe("/auth");
    expect(safeSitePath("javascript:alert(1)", ["javascript:alert(1)"], "/auth")).toBe("/auth");
  });
});

describe("POST /api/auth/recover?redirect_to=<hostile>", () => {
  it("answers 200 (never 5xx) for every payload, for a real account and an unknown address", async () => {
    const user = await createUser(db());
    const payloads = [...HOSTILE, ...GOOD, `${ORIGIN}/auth`, "https://evil.example/steal"];
    for (const [i, payload] of payloads.entries()) {
      for (const email of [user.email, "ghost@demo.test"]) {
        const ip = `203.0.113.${i + 1}`;
        const response = await request(
          `/api/auth/recover?${new URLSearchParams({ redirect_to: payload })}`,
          json("POST", { email }, { "CF-Connecting-IP": ip }),
        );
        expect({ payload, email, status: response.status }).toEqual({ payload, email, status: 200 });
        await response.body?.cancel();
      }
    }
    // ~110 sequential requests: generous on a loaded 2-core machine.
  }, 30_000);

  it("never mails a link to another site", async () => {
    const user = await createUser(db());
    for (const [i, payload] of HOSTILE.entries()) {
      const response = await request(
        `/api/auth/recover?${new URLSearchParams({ redirect_to: payload })}`,
        json("POST", { email: user.email }, { "CF-Connecting-IP": `198.51.100.${i + 1}` }),
      );
      expect(response.status).toBe(200);
    }
    // The e-mail is written after the answer (waitUntil): wait for all of them.
    const read = () =>
      env.DB.prepare("select text_body from email_outbox where kind = 'password_recovery' and to_address = ?1")
        .bind(user.email)
        .all<{ text_body: string }>();
    const deadline = Date.now() + 5000;
    let mails = await read();
    while (mails.results.length < HOSTILE.length && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      mails = await read();
    }
    expect(mails.results.length).toBe(HOSTILE.length);
    for (const { text_body } of mails.results) {
      const link = new URL(text_body.match(/https?:\/\/\S+/)![0]);
      expect(link.origin).toBe(new URL(env.PUBLIC_ORIGIN).origin);
      expect(link.host).not.toContain("evil.example");
      expect(link.pathname.startsWith("//")).toBe(false);
    }
  }, 30_000);
});
