// Password hashing with PBKDF2-SHA-256 through WebCrypto (available in Workers and Node).
// Stored as a versioned string so the parameters can be raised later without a migration:
//   pbkdf2-sha256$<iterations>$<salt base64url>$<hash base64url>
// 100,000 iterations is the most Workers allow in production (local workerd does not
// enforce the cap, so never raise it above that here).

export const PBKDF2_ITERATIONS = 100_000;
const SCHEME = "pbkdf2-sha256";
const SALT_BYTES = 16;
const HASH_BITS = 256;

const encoder = new TextEncoder();

function toBase64Url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

function fromBase64Url(value: string): Uint8Array {
  const binary = atob(value.replaceAll("-", "+").replaceAll("_", "/"));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

async function derive(password: string, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(password), "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt: salt as BufferSource, iterations }, key, HASH_BITS);
  return new Uint8Array(bits);
}

export async function hashPassword(password: string, iterations = PBKDF2_ITERATIONS): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const hash = await derive(password, salt, iterations);
  return `${SCHEME}$${iterations}$${toBase64Url(salt)}$${toBase64Url(hash)}`;
}

/** Constant-time comparison of two byte arrays of any length. */
function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  let diff = a.length ^ b.length;
  for (let i = 0; i < Math.max(a.length, b.length); i++) diff |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return diff === 0;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, iterationsText, saltText, hashText] = stored.split("$");
  const iterations = Number(iterationsText);
  if (scheme !== SCHEME || !Number.isInteger(iterations) || iterations < 1 || !saltText || !hashText) return false;
  const actual = await derive(password, fromBase64Url(saltText), iterations);
  return equalBytes(actual, fromBase64Url(hashText));
}

/** True when a stored hash uses weaker parameters than today's and should be re-hashed. */
export function needsRehash(stored: string): boolean {
  const [scheme, iterationsText] = stored.split("$");
  return scheme !== SCHEME || Number(iterationsText) < PBKDF2_ITERATIONS;
}
