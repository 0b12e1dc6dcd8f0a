// GET /api/openapi.json's document checked by an independent OpenAPI parser,
// @seriousme/openapi-schema-validator (Ajv against the OpenAPI 3.1 schema, and every $ref
// resolved), which compiles its validators with Function() and so cannot run in workerd: here
// in Node, with the Worker's API module graph loaded through Vite (its aliases, and a stub for
// cloudflare:workers). The workers-pool tests (tests/api/openapi-*.test.ts) check the same
// document served, and real answers against it. Run by `npm test` (scripts/checks.mjs).
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import { Validator } from "@seriousme/openapi-schema-validator";
import { createServer, type ViteDevServer } from "vite";
import { aliases } from "../../vite.config.ts";

let server: ViteDevServer;
let document: Record<string, unknown>;

before(async () => {
  server = await createServer({
    configFile: false,
    root: fileURLToPath(new URL("../..", import.meta.url)),
    logLevel: "silent",
    appType: "custom",
    server: { middlewareMode: true, hmr: false, watch: null },
    optimizeDeps: { noDiscovery: true, include: [] },
    resolve: { alias: { ...aliases, "cloudflare:workers": fileURLToPath(new URL("./cloudflare-workers-stub.ts", import.meta.url)) } },
    ssr: { noExternal: ["partyserver"] },
  });
  // Typed loosely here: this file is type-checked with the Node project, not the Worker's.
  const { api } = (await server.ssrLoadModule("/worker/api/index.ts")) as { api: unknown };
  const { buildOpenApiDocument } = (await server.ssrLoadModule("/worker/api/openapi.ts")) as {
    buildOpenApiDocument: (app: unknown) => Promise<Record<string, unknown>>;
  };
  document = await buildOpenApiDocument(api);
});

after(async () => {
  await server?.close();
});

describe("the OpenAPI document, by @seriousme/openapi-schema-validator", () => {
  it("is valid OpenAPI 3.1 with every $ref resolving", async () => {
    const validator = new Validator();
    const result = await validator.validate(document);
    assert.deepEqual(result.errors ?? [], [], "no errors");
    assert.equal(result.valid, true);
    assert.equal(validator.version, "3.1");
    assert.doesNotThrow(() => validator.resolveRefs(), "every $ref resolves");
    const operations = Object.values(document.paths as Record<string, object>).flatMap((item) => Object.keys(item));
    assert.ok(operations.length >= 86, `every operation is there (${operations.length})`);
  });

  it("refuses a broken one, and a $ref to nothing (the checks can fail)", async () => {
    const broken = structuredClone(document) as { paths: Record<string, Record<string, unknown>> };
    broken.paths["/api/leads"]!.get = { responses: "none" };
    assert.equal((await new Validator().validate(broken)).valid, false);

    const dangling = structuredClone(document) as { paths: Record<string, Record<string, unknown>> };
    dangling.paths["/api/leads"]!.get = {
      responses: { 200: { description: "x", content: { "application/json": { schema: { $ref: "#/components/schemas/Nothing" } } } } },
    };
    const validator = new Validator();
    await validator.validate(dangling);
    assert.throws(() => validator.resolveRefs());
  });
});
