import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { bodyLimitFor, DEFAULT_BODY_LIMIT, guardRequestBody, limitRequestBody } from "../../worker/http/request-body.ts";
import { cookieFromHeader, parseCookies } from "../../worker/lib/cookies.ts";
import { isSingleLine, toSingleLine } from "../../app/lib/single-line.ts";
import { ORIGIN, json, request } from "../helpers.ts";

// Requests that must never break the Worker: malformed cookies, oversize or chunked bodies,
// bodies no handler reads, and header-breaking characters in single-line fields.

type ErrorBody = { error: string; message: string; issues?: { path: string; message: string }[] };

const MALFORMED_COOKIES = [
  "crm-access=%ZZ",
  "crm-refresh=%E0%A4%A",
  "language=%",
  "crm-access=%ZZ; crm-refresh=%E0%A4%A; language=%; theme=%%",
];

/** A body stream with no Content-Length: `size` bytes in 64 KiB chunks. */
function streamOf(size: number) {
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= size) return controller.close();
      const chunk = new Uint8Array(Math.min(64 * 1024, size - sent)).fill(97);
      sent += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
}

describe("malformed cookies", () => {
  it("are ignored by the one cookie reader instead of throwing", () => {
    expect(parseCookies("a=%ZZ; b=ok; c=%E0%A4%A; d=%; e=caf%C3%A9")).toEqual(
      new Map([
        ["b", "ok"],
        ["e", "café"],
      ]),
    );
    expect(cookieFromHeader("language=%", "language")).toBeNull();
    expect(cookieFromHeader('language="es"', "language")).toBe("es");
    expect(cookieFromHeader(null, "language")).toBeNull();
  });

  for (const cookie of MALFORMED_COOKIES) {
    it(`never make a 5xx: ${cookie}`, async () => {
      for (const [method, path] of [
        ["GET", "/api/session"],
        ["POST", "/api/session"],
        ["GET", "/api/auth/user"],
        ["GET", "/api/health"],
        ["GET", "/api/case-studies"],
        ["POST", "/api/contact"],
      ] as const) {
        const response = await request(path, { method, headers: { Cookie: cookie, Origin: ORIGIN } });
        expect(response.status, `${method} ${path}`).toBeLessThan(500);
        await response.body?.cancel();
      }
    });
  }

  it("a malformed language cookie falls back to Accept-Language", async () => {
    const response = await request("/api/nope", { headers: { Cookie: "language=%E0%A4%A", "Accept-Language": "en" } });
    expect(response.status).toBe(404);
    expect((await response.json<ErrorBody>()).error).toBe("not_found");
  });
});

describe("request body limits", () => {
  it("1 MiB by default, 25 MiB for lead attachments", () => {
    expect(bodyLimitFor("/api/contact")).toBe(1024 * 1024);
    expect(bodyLimitFor("/pt/contact")).toBe(DEFAULT_BODY_LIMIT);
    expect(bodyLimitFor("/api/leads/abc/attachments")).toBe(25 * 1024 * 1024);
    expect(bodyLimitFor("/api/leads/abc/notes")).toBe(DEFAULT_BODY_LIMIT);
  });

  it("a 2 MiB body to /api/contact is 413 payload_too_large in the caller's language", async () => {
    const body = JSON.stringify({ name: "Ana", email: "ana@example.com", message: "x".repeat(2 * 1024 * 1024) });
    for (const [language, message] of [
      ["pt", "O conteúdo enviado é grande demais."],
      ["es", "El contenido enviado es demasiado grande."],
      ["en", "The uploaded content is too large."],
    ] as const) {
      const response = await request(
        "/api/contact",
        json("POST", JSON.parse(body), { "Accept-Language": language, "CF-Connecting-IP": "203.0.113.90" }),
      );
      expect(response.status).toBe(413);
      expect(await response.json()).toEqual({ error: "payload_too_large", message });
    }
    expect((await env.DB.prepare("select count(*) as n from contact_messages").first<{ n: number }>())!.n).toBe(0);
  });

  it("a page gets a plain-text 413 in the request's language", async () => {
    const response = await request("/en/contact", {
      method: "POST",
      headers: { "Content-Length": String(2 * 1024 * 1024), "Accept-Language": "en", "Content-Type": "application/x-www-form-urlencoded" },
      body: "a".repeat(2 * 1024 * 1024),
    });
    expect(response.status).toBe(413);
    expect(response.headers.get("Content-Type")).toContain("text/plain");
    expect(await response.text()).toBe("The uploaded content is too large.");
  });

  it("a body without Content-Length is read up to the limit: 413 beyond, handed on intact within", async () => {
    const over = await limitRequestBody(new Request(`${ORIGIN}/api/contact`, { method: "POST", body: streamOf(DEFAULT_BODY_LIMIT + 1) }));
    expect(over).toBeInstanceOf(Response);
    expect((over as Response).status).toBe(413);

    const within = await limitRequestBody(
      new Request(`${ORIGIN}/api/contact`, { method: "POST", headers: { "X-Test": "1" }, body: streamOf(DEFAULT_BODY_LIMIT) }),
    );
    expect(within).toBeInstanceOf(Request);
    const rewrapped = within as Request;
    expect(rewrapped.headers.get("X-Test")).toBe("1");
    expect(rewrapped.headers.get("Content-Length")).toBe(String(DEFAULT_BODY_LIMIT));
    expect((await rewrapped.arrayBuffer()).byteLength).toBe(DEFAULT_BODY_LIMIT);
  });

  it("a chunked oversize body through the Worker is 413", async () => {
    const response = await request("/api/contact", {
      method: "POST",
      headers: { "Content-Type": "application/json", "CF-Connecting-IP": "203.0.113.91" },
      body: streamOf(2 * 1024 * 1024),
      // @ts-expect-error: workerd needs no duplex, undici-style types ask for it
      duplex: "half",
    });
    expect(response.status).toBe(413);
    expect((await response.json<ErrorBody>()).error).toBe("payload_too_large");
  });
});

describe("unread request bodies", () => {
  it("are read to the end after the response", async () => {
    const req = new Request(`${ORIGIN}/nope`, { method: "POST", body: "a".repeat(100 * 1024) });
    const response = await guardRequestBody(req, async () => new Response("no", { status: 404 }));
    expect(response.status).toBe(404);
    expect(req.bodyUsed).toBe(true);
  });

  it("an oversize body is read and dropped after the 413, not cancelled (wrangler dev breaks on cancel)", async () => {
    const declared = new Request(`${ORIGIN}/api/contact`, { method: "POST", body: "a".repeat(2 * 1024 * 1024) });
    expect((await guardRequestBody(declared, async () => new Response("unreached"))).status).toBe(413);
    expect(declared.bodyUsed).toBe(true);
    const chunked = new Request(`${ORIGIN}/api/contact`, { method: "POST", body: streamOf(2 * 1024 * 1024) });
    expect((await guardRequestBody(chunked, async () => new Response("unreached"))).status).toBe(413);
    expect(chunked.bodyUsed).toBe(true);
  });

  it("30 unread POSTs to 404 and 401 routes leave the Worker answering", async () => {
    const body = "a".repeat(100 * 1024);
    for (let i = 0; i < 30; i++) {
      const path = ["/api/nope", "/nope", "/api/auth/user", "/api/users"][i % 4]!;
      const response = await request(path, { method: "POST", headers: { "Content-Type": "text/plain" }, body });
      // A page's POST that is not a form is refused unread too (415, worker/http/form-body.ts).
      expect(path === "/nope" ? [415] : [401, 404, 405]).toContain(response.status);
      await response.body?.cancel();
    }
    const health = await request("/api/health");
    expect(health.status).toBe(200);
  });
});

describe("single-line fields", () => {
  it("control characters are detected and stripped", () => {
    expect(isSingleLine("Ana Souza")).toBe(true);
    for (const bad of ["Ana\r\nBcc: x", "Ana\n", "Ana\u0000", "a\tb", "a\u007fb"]) expect(isSingleLine(bad)).toBe(false);
    expect(toSingleLine(" Ana\r\nBcc: x@evil.example\u0000 ")).toBe("Ana Bcc: x@evil.example");
  });

  it("POST /api/contact refuses a name with CR/LF; no e-mail subject ever carries one", async () => {
    const response = await request(
      "/api/contact?lang=en",
      json(
        "POST",
        { name: "Ana\r\nBcc: x@evil.example", email: "ana@example.com", message: "Queremos um app de agendamento para 30 clínicas." },
        { "CF-Connecting-IP": "203.0.113.92" },
      ),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: "validation_failed",
      issues: [{ path: "name", message: "Your name must fit on one line, without control characters." }],
    });

    const injected = await request(
      "/api/contact",
      json(
        "POST",
        { name: "Ana", email: "ana\r\nbcc@example.com", message: "Queremos um app de agendamento." },
        { "CF-Connecting-IP": "203.0.113.92" },
      ),
    );
    expect(injected.status).toBe(400);

    const rows = await env.DB.prepare("select to_address, subject from email_outbox").all<{ to_address: string; subject: string }>();
    for (const row of rows.results) {
      expect(row.subject).not.toMatch(/[\r\n\0]/);
      expect(row.to_address).not.toMatch(/[\r\n\0]/);
    }
  });

  it("queueEmail strips CR, LF and NUL from the recipient and the subject", async () => {
    const { queueEmail } = await import("../../worker/services/email-service.ts");
    const { db } = await import("../helpers.ts");
    const sent: { to: string; subject: string }[] = [];
    const row = await queueEmail(
      { db: db(), env },
      { to: "team@demo.test\r\nBcc: x@evil.example", subject: "Nova\r\nBcc: x@evil.example\0", text: "corpo\nlinhas", kind: "test" },
      { name: "memory", send: async (m) => void sent.push(m) },
    );
    expect(row.subject).toBe("Nova Bcc: x@evil.example");
    expect(row.toAddress).not.toMatch(/[\r\n\0]/);
    // Signed with the organisation's name (Settings → Sistema).
    expect(row.textBody).toBe("corpo\nlinhas\n\n-- \nMinha Empresa");
    expect(sent[0]!.subject).toBe("Nova Bcc: x@evil.example");
  });
});
