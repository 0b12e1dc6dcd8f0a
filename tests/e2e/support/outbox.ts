import type { D1Database } from "@cloudflare/workers-types";
import { getPlatformProxy } from "wrangler";

/**
 * Reads the e-mails the server under test queued, straight from the D1 state the e2e
 * runner created (E2E_STATE). The local e-mail transport only stores and prints them.
 */
export async function latestEmailTo(address: string): Promise<{ subject: string; text_body: string } | null> {
  const state = process.env.E2E_STATE;
  if (!state) throw new Error("E2E_STATE is not set: run the browser suite with `npm run test:e2e`");
  const proxy = await getPlatformProxy<{ DB: D1Database }>({ configPath: "wrangler.toml", persist: { path: `${state}/v3` } });
  try {
    return await proxy.env.DB.prepare(
      "select subject, text_body from email_outbox where to_address = ? order by created_at desc limit 1",
    )
      .bind(address)
      .first();
  } finally {
    await proxy.dispose();
  }
}
