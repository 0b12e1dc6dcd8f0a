// Opens the local D1 database (the same .wrangler/state that `npm run dev`, `npm start`
// and `wrangler d1 migrations apply --local` use) from Node through wrangler's platform proxy.
import { drizzle } from "drizzle-orm/d1";
import { getPlatformProxy } from "wrangler";
import * as schema from "../../worker/db/schema/index.ts";

/** `persistTo`: another state directory, as given to `wrangler … --persist-to` (default .wrangler/state). */
export async function openLocalDb(persistTo) {
  const persist = persistTo ? { path: `${persistTo}/v3` } : true;
  const proxy = await getPlatformProxy({ configPath: "wrangler.toml", persist });
  return { db: drizzle(proxy.env.DB, { schema }), dispose: () => proxy.dispose() };
}
