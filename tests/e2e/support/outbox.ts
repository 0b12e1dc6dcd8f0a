import { queryFirst } from "./d1.ts";

/** The newest e-mail the server under test queued for an address (the local transport only stores and prints them). */
export function latestEmailTo(address: string): Promise<{ subject: string; text_body: string } | null> {
  return queryFirst("select subject, text_body from email_outbox where to_address = ? order by created_at desc limit 1", address);
}
