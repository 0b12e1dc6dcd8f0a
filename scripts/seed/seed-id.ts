/** A stable UUID-shaped id for a seed key, so running the seed again inserts nothing new. */
export async function seedId(key: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`seed:${key}`)));
  digest[6] = (digest[6]! & 0x0f) | 0x80; // version 8 (custom)
  digest[8] = (digest[8]! & 0x3f) | 0x80; // RFC 4122 variant
  const hex = Array.from(digest.slice(0, 16), (b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}
