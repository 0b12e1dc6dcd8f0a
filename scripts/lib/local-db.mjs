// Opens the local D1 database (the same .wrangler/state that `npm run dev`, `npm start`
// and `wrangler d1 migrations apply --local` use) from Node through wrangler's platform proxy.
import { drizzle } from "drizzle-orm/d1";
import { getPlatformProxy } from "wrangler";
import * as schema from "../../worker/db/schema/index.ts";

export async function openLocalDb() {
  const proxy = await getPlatformProxy({ configPath: "wrangler.toml", persist: true });
  return { db: drizzle(proxy.env.DB, { schema }), dispose: () => proxy.dispose() };
}
