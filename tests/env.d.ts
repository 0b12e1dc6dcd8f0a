import type { D1Migration } from "cloudflare:test";

declare global {
  namespace Cloudflare {
    interface Env {
      /** Every migration, as read by vitest.config.ts (for tests that apply one themselves). */
      TEST_MIGRATIONS?: D1Migration[];
      /** The migrated state as statements; applied by tests/setup/apply-schema.ts. */
      TEST_SCHEMA?: { sql: string; params: (string | number | null)[] }[];
      /** A second, empty database: tests/db/migrations.test.ts applies the real migrations to it. */
      MIGRATIONS_DB?: D1Database;
    }
    interface GlobalProps {
      mainModule: typeof import("./worker-entry.ts");
    }
  }
}
