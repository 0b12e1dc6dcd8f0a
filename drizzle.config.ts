import { defineConfig } from "drizzle-kit";

// `npm run db:generate` writes SQL migrations into migrations/, which
// `wrangler d1 migrations apply` reads (locally, in tests and when deploying).
export default defineConfig({
  dialect: "sqlite",
  schema: "./worker/db/schema/index.ts",
  out: "./migrations",
});
