import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";

// Every test file starts from an empty database with all migrations applied.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS ?? []);
