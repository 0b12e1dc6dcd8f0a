import { env } from "cloudflare:workers";

// Every test file starts from an empty database in the state the migrations leave it in:
// the snapshot vitest.config.ts took once (tests/setup/migrated-schema.ts), in one batch.
const schema = env.TEST_SCHEMA ?? [];
await env.DB.batch(schema.map(({ sql, params }) => env.DB.prepare(sql).bind(...params)));
