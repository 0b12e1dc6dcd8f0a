// Shared by the OpenAPI tests (docs/decisions/030): reading GET /api/openapi.json, comparing
// Hono's registered routes with its operations, and checking a body against a declared schema
// with @cfworker/json-schema (a JSON Schema 2020-12 validator that needs no eval, so it runs
// in workerd).
import { Validator, type Schema } from "@cfworker/json-schema";
import type { Hono } from "hono";
import type { OpenAPIV3_1 } from "openapi-types";
import { bearer, request } from "../helpers.ts";

export type Document = OpenAPIV3_1.Document;
export type Operation = OpenAPIV3_1.OperationObject & { "x-required-role"?: string };

export const METHODS = ["get", "put", "post", "delete", "patch"] as const;

/**
 * Routes Hono serves under /api that are not API operations, each with its reason. Nothing
 * else may be missing from the document.
 */
export const NOT_OPERATIONS: Record<string, string> = {
  "GET /api/docs": "the reference page itself: HTML for people, not an operation of the API it shows",
};

/** The document as a signed-in staff member reads it. */
export async function readDocument(accessToken: string): Promise<Document> {
  const response = await request("/api/openapi.json", { headers: bearer(accessToken) });
  if (response.status !== 200) throw new Error(`GET /api/openapi.json: ${response.status}`);
  return response.json();
}

/** "/api/leads/:id" → "/api/leads/{id}" (Hono's path pattern as OpenAPI writes it). */
export const openApiPath = (honoPath: string) => honoPath.replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?\??/g, "{$1}");

/** Every "METHOD /path" an app answers (its handlers, not the middleware mounted with .use()). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any app (its env and schema do not matter)
export function registeredRoutes(app: Hono<any, any, any>): string[] {
  const keys = app.routes.filter((route) => route.method !== "ALL").map((route) => `${route.method} ${openApiPath(route.path)}`);
  return [...new Set(keys)];
}

/** Every "METHOD /path" of the document. */
export function documentedOperations(document: Document): Map<string, Operation> {
  const operations = new Map<string, Operation>();
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item?.[method];
      if (operation) operations.set(`${method.toUpperCase()} ${path}`, operation as Operation);
    }
  }
  return operations;
}

/**
 * What is wrong between an app's routes and the document: a route with no operation, or
 * one whose operation was not described (no describe(): no summary, tag or success answer),
 * and an operation no route serves.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any app (its env and schema do not matter)
export function undocumentedRoutes(app: Hono<any, any, any>, document: Document): string[] {
  const operations = documentedOperations(document);
  const problems: string[] = [];
  const routes = registeredRoutes(app);
  for (const route of routes) {
    if (route in NOT_OPERATIONS) continue;
    const operation = operations.get(route);
    if (!operation) problems.push(`${route}: not in the document`);
    else if (!operation.summary || !operation.tags?.length) problems.push(`${route}: no describe() (summary and tag)`);
    else if (!Object.keys(operation.responses ?? {}).some((status) => /^[23]/.test(status))) problems.push(`${route}: no success answer`);
  }
  for (const key of operations.keys()) if (!routes.includes(key)) problems.push(`${key}: in the document, served by no route`);
  return problems;
}

/** A validator for one schema of the document (its $refs to components resolved). */
export function schemaValidator(document: Document, schema: object): Validator {
  const text = JSON.stringify({ ...schema, $defs: document.components?.schemas ?? {} }).replaceAll("#/components/schemas/", "#/$defs/");
  return new Validator(JSON.parse(text) as Schema, "2020-12", false);
}

/** The declared response of an operation for a status ("2XX"-style ranges are not used by this API). */
export function declaredResponse(operation: Operation, status: number): OpenAPIV3_1.ResponseObject | undefined {
  return operation.responses?.[String(status)] as OpenAPIV3_1.ResponseObject | undefined;
}
