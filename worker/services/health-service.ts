import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";

/** True when D1 answers a real query (the users table exists and can be read). */
export async function checkDatabase(db: Db): Promise<boolean> {
  try {
    const row = await db.get<{ ok: number }>(sql`select count(*) >= 0 as ok from users`);
    return row?.ok === 1;
  } catch (error) {
    console.error("health: database check failed", error);
    return false;
  }
}
