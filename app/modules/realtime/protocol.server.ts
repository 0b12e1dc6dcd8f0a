// Server-side parsing of the realtime protocol (./protocol.ts holds the types). Server only:
// zod must never reach a browser chunk.
import { z } from "zod";
import { MAX_CLIENT_FRAME_CHARS, type ClientMessage } from "./protocol.ts";

export const clientMessageSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("ping") }).strict(),
  z.object({ type: z.literal("visibility"), visible: z.boolean() }).strict(),
]) satisfies z.ZodType<ClientMessage>;

/** A client's frame as a ClientMessage, or null for anything else (binary, too long, not JSON, unknown type). */
export function parseClientMessage(frame: string | ArrayBuffer | ArrayBufferView): ClientMessage | null {
  if (typeof frame !== "string" || frame.length > MAX_CLIENT_FRAME_CHARS) return null;
  let value: unknown;
  try {
    value = JSON.parse(frame);
  } catch {
    return null;
  }
  const parsed = clientMessageSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
