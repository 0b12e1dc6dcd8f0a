import type { D1Migration } from "cloudflare:test";

declare global {
  namespace Cloudflare {
    interface Env {
      /** Set by vitest.config.ts; applied by tests/setup/apply-migrations.ts. */
      TEST_MIGRATIONS?: D1Migration[];
    }
    interface GlobalProps {
      mainModule: typeof import("./worker-entry.ts");
    }
  }
}
