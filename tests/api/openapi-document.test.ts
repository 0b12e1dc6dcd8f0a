// GET /api/openapi.json (issue 25, docs/decisions/030): who may read it, that it is a valid
// OpenAPI 3.1 document by the specification's own JSON Schema, and that every route Hono
// serves is described in it (a route added without describe() fails here).
import { Validator, type Schema } from "@cfworker/json-schema";
import oas31 from "@seriousme/openapi-schema-validator/schemas/v3.1/schema.json";
import { Hono } from "hono";
import { beforeAll, describe as group, expect, it } from "vitest";
import { api } from "../../worker/api/index.ts";
import { requireAuth } from "../../worker/api/middleware.ts";
import { buildOpenApiDocument, describe, jsonResponse, TAGS } from "../../worker/api/openapi.ts";
import { LeadSchema } from "../../worker/api/schemas.ts";
import { bearer, request, signedInUser } from "../helpers.ts";
import { documentedOperations, readDocument, undocumentedRoutes, type Document } from "./openapi-support.ts";

let document: Document;
let rep: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  rep = await signedInUser("sales_rep");
  document = await readDocument(rep.session.access_token);
});

group("who reads the document", () => {
  it("is for signed-in staff: 401 {error, message} anonymous, the document for any role (sales rep here), also by bearer token", async () => {
    const anonymous = await request("/api/openapi.json");
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    const staff = await request("/api/openapi.json", { headers: bearer(rep.session.access_token) });
    expect(staff.status).toBe(200);
    expect(staff.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(document.openapi).toBe("3.1.0");
  });
});

group("a valid OpenAPI 3.1 document", () => {
  it("passes the specification's JSON Schema (OAS 3.1, checked by @cfworker/json-schema)", () => {
    const result = new Validator(oas31 as unknown as Schema, "2020-12", false).validate(document);
    expect(result.errors.slice(0, 5)).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("fails that check for a broken document (the check can fail)", () => {
    const broken = structuredClone(document) as unknown as Record<string, unknown>;
    (broken.paths as Record<string, Record<string, unknown>>)["/api/leads"]!.get = { responses: "none" };
    expect(new Validator(oas31 as unknown as Schema, "2020-12", false).validate(broken).valid).toBe(false);
  });

  it("every $ref points at a component that exists", () => {
    const refs = [...JSON.stringify(document).matchAll(/"\$ref":"#\/components\/([a-zA-Z]+)\/([^"]+)"/g)];
    expect(refs.length).toBeGreaterThan(50);
    const missing = refs.filter(([, kind, name]) => !(document.components as Record<string, Record<string, unknown>>)[kind!]?.[name!]);
    expect(missing.map(([ref]) => ref)).toEqual([]);
  });

  it("has unique operationIds and declares the security schemes it uses (session cookie and bearer token)", () => {
    const ids = [...documentedOperations(document).values()].map((operation) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(Object.keys(document.components?.securitySchemes ?? {}).sort()).toEqual(["bearerAuth", "cookieAuth"]);
    expect(document.components?.securitySchemes?.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
  });

  it("is the same document each time it is made", async () => {
    expect(await buildOpenApiDocument(api)).toEqual(document);
  });
});

group("every route is described", () => {
  it("every route Hono serves under /api has a described operation, and every operation a route", () => {
    expect(undocumentedRoutes(api, document)).toEqual([]);
    expect(documentedOperations(document).size).toBeGreaterThanOrEqual(97);
  });

  it("a route added without describe() fails that check", async () => {
    const app = new Hono().basePath("/api");
    app.get("/described", describe(TAGS.meta, { summary: "Described", responses: { 200: jsonResponse(LeadSchema, "A lead.") } }), (c) =>
      c.text(""),
    );
    app.get("/forgotten", requireAuth, (c) => c.text(""));
    app.post("/forgotten/:id", (c) => c.text(""));
    const built = await buildOpenApiDocument(app);
    expect(undocumentedRoutes(app, built)).toEqual([
      "GET /api/forgotten: no describe() (summary and tag)",
      "POST /api/forgotten/{id}: not in the document",
    ]);
  });

  it("staff routes declare the session cookie or bearer token and their 401; role-gated ones their 403; public ones no security", () => {
    const publicPaths = [
      "/api/health",
      "/api/case-studies",
      "/api/case-studies/{slug}",
      "/api/leads/capture",
      "/api/contact",
      "/api/newsletter",
      "/api/chat-assistant",
      "/api/unsubscribe",
      "/api/auth/token",
      "/api/auth/recover",
      "/api/auth/verify",
      "/api/session/refresh",
    ];
    for (const [key, operation] of documentedOperations(document)) {
      const path = key.split(" ")[1]!;
      if (path === "/api/session/refresh") {
        expect(operation.security, key).toEqual([{ cookieAuth: [] }]);
      } else if (path.startsWith("/api/tokens")) {
        // Token management: the browser's session only (any Authorization header is 403 api_token_not_allowed).
        expect(operation.security, key).toEqual([{ cookieAuth: [] }]);
        expect(Object.keys(operation.responses ?? {}), key).toEqual(expect.arrayContaining(["401", "403"]));
      } else if (publicPaths.includes(path)) {
        expect(operation.security, key).toEqual([]);
      } else {
        expect(operation.security, key).toEqual([{ bearerAuth: [] }, { cookieAuth: [] }]);
        expect(operation.responses?.["401"], key).toBeDefined();
      }
      if (operation["x-required-role"]) expect(operation.responses?.["403"], key).toBeDefined();
    }
    const roles = Object.fromEntries([...documentedOperations(document)].map(([key, operation]) => [key, operation["x-required-role"]]));
    expect(roles["GET /api/backups"]).toBe("admin");
    expect(roles["GET /api/exports/data"]).toBe("manager");
    expect(roles["POST /api/imports"]).toBe("manager");
    expect(roles["PUT /api/settings/system"]).toBe("admin");
    expect(roles["POST /api/webhooks"]).toBe("admin");
    expect(roles["POST /api/tokens"]).toBeUndefined();
    expect(roles["GET /api/leads"]).toBeUndefined();
  });

  it("request bodies and parameters come from the routes' zod schemas", () => {
    const operations = documentedOperations(document);
    const createLead = operations.get("POST /api/leads")!;
    const body = (
      createLead.requestBody as { content: Record<string, { schema: { properties: Record<string, unknown>; required: string[] } }> }
    ).content["application/json"]!.schema;
    expect(body.required).toContain("name");
    expect(Object.keys(body.properties)).toEqual(
      expect.arrayContaining(["name", "email", "status", "estimated_value", "currency", "tags"]),
    );
    const list = operations.get("GET /api/leads")!;
    expect((list.parameters as { name: string; in: string }[]).map((p) => `${p.in}:${p.name}`)).toEqual(
      expect.arrayContaining(["query:q", "query:status", "query:sort", "query:cursor", "query:limit"]),
    );
    expect(Object.keys(operations.get("POST /api/leads/{id}/attachments")!.requestBody!)).toContain("content");
  });
});
