import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import { migratedSchema } from "./tests/setup/migrated-schema.ts";
import { aliases } from "./vite.config.ts";

// Tests run inside workerd with the real bindings of wrangler.toml (D1, R2, Durable
// Objects), each test file on its own fresh storage in the state every migration leaves it
// in (migrated once here, copied into each file's database by tests/setup/apply-schema.ts).
export default defineConfig(async () => {
  const migrations = await readD1Migrations("./migrations");
  const vapid = await testVapidKeys();
  return {
    plugins: [
      cloudflareTest({
        // The real entry minus the React Router SSR handler, whose virtual build module
        // only exists under Vite's app build; SSR is proven by the browser suite.
        main: "./tests/worker-entry.ts",
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: {
          bindings: {
            APP_ENV: "test",
            // Not the request origin (http://localhost): e-mailed links must use this one.
            PUBLIC_ORIGIN: "https://crm.example.test",
            AUTH_SECRET: "test-secret-0123456789abcdef0123456789abcdef",
            EMAIL_HTTP_ENDPOINT: "",
            EMAIL_HTTP_API_KEY: "",
            // Web Push (tests/api/push.test.ts): a key pair made for this run.
            VAPID_PUBLIC_KEY: vapid.publicKey,
            VAPID_PRIVATE_KEY: vapid.privateKey,
            VAPID_SUBJECT: "mailto:team@demo.test",
            // Webhooks (tests/api/webhooks.test.ts): a receiver on 127.0.0.1 may be registered (docs/decisions/032).
            WEBHOOKS_ALLOW_LOOPBACK: "1",
            TEST_MIGRATIONS: migrations,
            TEST_SCHEMA: migratedSchema(migrations),
          },
          d1Databases: { MIGRATIONS_DB: "migrations-check" },
        },
      }),
    ],
    resolve: { alias: aliases },
    test: {
      include: ["tests/**/*.test.ts"],
      // tests/openapi runs under node:test (npm run test:openapi): its parser needs eval.
      exclude: ["tests/e2e/**", "tests/budget/**", "tests/openapi/**", "node_modules/**"],
      // drain-queues: a file ends only once the queue messages it sent were delivered (a dispatch
      // still on its way when a runner is disposed hangs the run at exit; docs/decisions/026).
      setupFiles: ["./tests/setup/apply-schema.ts", "./tests/setup/drain-queues.ts"],
      // A file's first request loads the Worker's whole module graph into workerd: about a
      // second on a quiet two-core machine, 5-20 s when it is busy. No test measures time.
      testTimeout: 20_000,
      // Each runner keeps its workerd and the Worker's loaded modules from one file to the next
      // (Vitest re-runs the setup file, which gives every file an empty migrated database):
      // 82 s instead of 201 s, 115 instead of 292 CPU-seconds on two cores, because a new
      // Miniflare and a fresh import of the whole Worker per file was most of the work.
      // No file relies on what another left: `vitest run --sequence.shuffle.files` passes.
      isolate: false,
      // One workerd runner per core (Vitest's default leaves one core idle: 322 s instead of
      // 232 s on two cores); the tests wait on workerd's I/O much of the time.
      maxWorkers: availableParallelism(),
      hookTimeout: 30_000,
    },
  };
});

/** A VAPID key pair (RFC 8292, P-256): the raw public key and the private scalar, base64url. */
async function testVapidKeys() {
  const pair = await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign", "verify"]);
  const jwk = await crypto.subtle.exportKey("jwk", pair.privateKey);
  const raw = new Uint8Array(await crypto.subtle.exportKey("raw", pair.publicKey));
  return { publicKey: Buffer.from(raw).toString("base64url"), privateKey: jwk.d! };
}
