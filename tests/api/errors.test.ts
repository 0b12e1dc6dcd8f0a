import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { AppEnv } from "../../worker/api/context.ts";
import { isRouteErrorResponse } from "react-router";
import { throwRouteError } from "../../app/lib/route-errors.server.ts";
import { ApiError, onError, onNotFound } from "../../worker/api/errors.ts";
import { validate } from "../../worker/api/validate.ts";
import { AuthError } from "../../worker/auth/auth-error.ts";
import { requestLanguage } from "../../worker/lib/request-language.ts";
import {
  ConflictError,
  ForbiddenError,
  InvalidInputError,
  invalidFields,
  NotFoundError,
  RateLimitedError,
} from "../../worker/services/errors.ts";

// What services throw (worker/services/errors.ts), one of each kind.
const domainErrors: Record<string, () => Error> = {
  notFound: () => new NotFoundError(),
  forbidden: () => new ForbiddenError(),
  creatorOnly: () => new ForbiddenError("chat_creator_only"),
  conflict: () => new ConflictError(),
  leadExists: () => new ConflictError("lead_exists", { params: { name: "Ana" }, details: { lead: { id: "l1", name: "Ana" } } }),
  fields: () =>
    invalidFields([
      { path: "lead_id", message: "apiErrors.field.lead_not_found" },
      { path: "assigned_to", message: "apiErrors.field.assignee_unavailable" },
    ]),
  tooLarge: () => new InvalidInputError("file_too_large"),
  signature: () => new InvalidInputError("file_signature_mismatch", { params: { extension: "pdf" } }),
  limited: () => new RateLimitedError(61),
  captureLimited: () => new RateLimitedError(30, "apiErrors.lead_capture_rate_limited"),
  auth: () => new AuthError(429, "over_request_rate_limit", { retryAfterSeconds: 90 }),
};

// A small app wired exactly like worker/api: the same language middleware, validator and
// error handler, with routes that fail in each way a real handler can.
const app = new Hono<AppEnv>()
  .use(async (c, next) => {
    c.set("language", requestLanguage(c.req.raw));
    await next();
  })
  .post("/items", validate("json", z.object({ name: z.string().min(1), email: z.email() })), (c) =>
    c.json({ ok: true, item: c.req.valid("json") }, 201),
  )
  .get("/forbidden", () => {
    throw new ApiError(403, "forbidden");
  })
  .get("/limited", () => {
    throw new ApiError(429, "rate_limited", { headers: { "Retry-After": "30" } });
  })
  .get("/limited-long", () => {
    throw new ApiError(429, "rate_limited", { headers: { "Retry-After": "61" } });
  })
  .get("/domain/:case", (c) => {
    throw domainErrors[c.req.param("case")]!();
  })
  .get("/crash", () => {
    throw new Error("secret internal detail at /srv/app.ts:42");
  });
app.onError(onError);
app.notFound(onNotFound);

const json = (body: string, headers: Record<string, string> = {}) => ({
  method: "POST",
  headers: { "Content-Type": "application/json", ...headers },
  body,
});

describe("API error shape", () => {
  it("accepts valid input", async () => {
    const response = await app.request("/items", json(JSON.stringify({ name: "Ana", email: "ana@example.com" })));
    expect(response.status).toBe(201);
  });

  it("answers bad input with 400, a code, a translated message and the failing fields", async () => {
    const response = await app.request("/items", json(JSON.stringify({ name: "", email: "nope" })));
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: string; message: string; issues: { path: string }[] };
    expect(body.error).toBe("validation_failed");
    expect(body.message).toBe("Alguns campos são inválidos: name, email.");
    expect(body.issues.map((i) => i.path)).toEqual(["name", "email"]);
  });

  it("answers malformed JSON with 400 invalid_json", async () => {
    const response = await app.request("/items", json("{not json", { "Accept-Language": "en" }));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "invalid_json", message: "The request body is not valid JSON." });
  });

  it("keeps status, code and headers of thrown ApiErrors", async () => {
    const forbidden = await app.request("/forbidden?lang=es");
    expect(forbidden.status).toBe(403);
    expect(await forbidden.json()).toEqual({ error: "forbidden", message: "No tienes permiso para esta acción." });

    const limited = await app.request("/limited");
    expect(limited.status).toBe(429);
    expect(limited.headers.get("Retry-After")).toBe("30");
    expect(await limited.json()).toEqual({ error: "rate_limited", message: "Muitas tentativas. Tente novamente em 30 segundos." });
    // From a minute on the wait reads in whole minutes, rounded up; the header stays in seconds.
    const long = await app.request("/limited-long?lang=en");
    expect(long.headers.get("Retry-After")).toBe("61");
    expect(await long.json()).toEqual({ error: "rate_limited", message: "Too many attempts. Try again in 2 minutes." });
  });

  it("turns unexpected failures into a 500 without leaking details", async () => {
    const response = await app.request("/crash", { headers: { "Accept-Language": "en" } });
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ error: "internal_error", message: "Unexpected server error. Please try again." });
    expect(text).not.toContain("secret internal detail");
  });
});

describe("domain errors of the services", () => {
  const get = (path: string, language: string) => app.request(`${path}?lang=${language}`);

  it("each kind gets its status, code and a message in the caller's language", async () => {
    const cases: [string, string, number, Record<string, unknown>][] = [
      ["notFound", "es", 404, { error: "not_found", message: "El recurso solicitado no existe." }],
      ["forbidden", "pt", 403, { error: "forbidden", message: "Você não tem permissão para esta ação." }],
      ["creatorOnly", "en", 403, { error: "chat_creator_only", message: "Only the channel's creator can add members." }],
      ["conflict", "en", 409, { error: "conflict", message: "This record conflicts with an existing one." }],
      [
        "leadExists",
        "pt",
        409,
        { error: "lead_exists", message: "Já existe um lead com este e-mail: Ana.", lead: { id: "l1", name: "Ana" } },
      ],
      [
        "fields",
        "en",
        400,
        {
          error: "validation_failed",
          message: "Some fields are invalid: lead_id, assigned_to.",
          issues: [
            { path: "lead_id", message: "The selected lead no longer exists." },
            { path: "assigned_to", message: "The selected assignee does not exist or is inactive." },
          ],
        },
      ],
      ["tooLarge", "pt", 413, { error: "file_too_large", message: "O arquivo passa do limite de 10 MB." }],
      ["signature", "en", 400, { error: "file_signature_mismatch", message: "The file's content does not match its .pdf extension." }],
    ];
    for (const [name, language, status, body] of cases) {
      const response = await get(`/domain/${name}`, language);
      expect(response.status, name).toBe(status);
      expect(await response.json(), name).toEqual(body);
      expect(response.headers.get("Retry-After"), name).toBeNull();
    }
  });

  it("rate limited: 429, Retry-After in seconds and the purpose's sentence with the wait in words", async () => {
    const limited = await get("/domain/limited", "es");
    expect(limited.status).toBe(429);
    expect(limited.headers.get("Retry-After")).toBe("61");
    expect(await limited.json()).toEqual({ error: "rate_limited", message: "Demasiados intentos. Inténtalo de nuevo en 2 minutos." });

    const capture = await get("/domain/captureLimited", "en");
    expect(capture.headers.get("Retry-After")).toBe("30");
    expect(await capture.json()).toEqual({
      error: "rate_limited",
      message: "We received many submissions in a short time. Please try again in 30 seconds.",
    });
  });

  it("a loader or action answers the same status, body and Retry-After as the API (throwRouteError)", async () => {
    for (const name of Object.keys(domainErrors)) {
      for (const language of ["pt", "es", "en"] as const) {
        const api = await get(`/domain/${name}`, language);
        let thrown: unknown;
        try {
          throwRouteError(domainErrors[name]!(), language);
        } catch (error) {
          thrown = error;
        }
        // data(body, init) as React Router hands it to the route's ErrorBoundary.
        const { data: body, init } = thrown as { data: unknown; init: ResponseInit };
        expect(init.status, `${name} ${language}`).toBe(api.status);
        expect(new Headers(init.headers).get("Retry-After"), `${name} ${language}`).toBe(api.headers.get("Retry-After"));
        expect(body, `${name} ${language}`).toEqual(await api.json());
      }
    }
  });

  it("anything else is thrown on as it was, for the fallback error screen", () => {
    const bug = new TypeError("x is undefined");
    expect(() => throwRouteError(bug, "pt")).toThrow(bug);
    expect(isRouteErrorResponse(bug)).toBe(false);
  });
});
