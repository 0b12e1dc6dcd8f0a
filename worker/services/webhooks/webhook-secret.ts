// The Standard Webhooks signing secret of an endpoint (https://www.standardwebhooks.com):
// `whsec_` + base64 of 32 random bytes, shown to the admin once (at creation, at each rotation)
// and stored only encrypted: AES-256-GCM under a key derived with HKDF-SHA-256 from the
// AUTH_SECRET binding (its own salt and info, so the key serves nothing else), the endpoint's id
// as additional data (a secret copied onto another row does not decrypt). A database read alone
// (a backup, an export, a stolen D1 dump) therefore does not give a secret away; the Worker,
// which holds AUTH_SECRET, can sign. docs/decisions/032.

const encoder = new TextEncoder();
const SECRET_PREFIX = "whsec_";
const STORED_PREFIX = "v1.";

export function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
}

/** A new signing secret: whsec_ + base64(32 random bytes). */
export function newWebhookSecret(): string {
  return SECRET_PREFIX + toBase64(crypto.getRandomValues(new Uint8Array(32)));
}

const keys = new Map<string, Promise<CryptoKey>>();

/** The AES-GCM key of webhook secrets, derived from AUTH_SECRET (cached per isolate). */
function storageKey(env: Pick<Env, "AUTH_SECRET">): Promise<CryptoKey> {
  const secret = env.AUTH_SECRET;
  if (!secret || secret.length < 32) throw new Error("AUTH_SECRET must be set (at least 32 characters)");
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle
      .importKey("raw", encoder.encode(secret), "HKDF", false, ["deriveKey"])
      .then((material) =>
        crypto.subtle.deriveKey(
          { name: "HKDF", hash: "SHA-256", salt: encoder.encode("agency-edge/webhook-secrets"), info: encoder.encode("aes-256-gcm/v1") },
          material,
          { name: "AES-GCM", length: 256 },
          false,
          ["encrypt", "decrypt"],
        ),
      );
    keys.set(secret, key);
  }
  return key;
}

/** The secret as stored on the endpoint's row: "v1." + base64(12-byte iv ‖ ciphertext and tag). */
export async function sealWebhookSecret(env: Pick<Env, "AUTH_SECRET">, endpointId: string, secret: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = new Uint8Array(
    await crypto.subtle.encrypt(
      { name: "AES-GCM", iv, additionalData: encoder.encode(endpointId) },
      await storageKey(env),
      encoder.encode(secret),
    ),
  );
  const out = new Uint8Array(iv.length + sealed.length);
  out.set(iv);
  out.set(sealed, iv.length);
  return STORED_PREFIX + toBase64(out);
}

/** The stored secret back in clear; throws when it was not sealed for this endpoint with this AUTH_SECRET. */
export async function openWebhookSecret(env: Pick<Env, "AUTH_SECRET">, endpointId: string, stored: string): Promise<string> {
  if (!stored.startsWith(STORED_PREFIX)) throw new Error("unknown secret format");
  const bytes = fromBase64(stored.slice(STORED_PREFIX.length));
  const plain = await crypto.subtle.decrypt(
    { name: "AES-GCM", iv: bytes.slice(0, 12), additionalData: encoder.encode(endpointId) },
    await storageKey(env),
    bytes.slice(12),
  );
  return new TextDecoder().decode(plain);
}

/**
 * The webhook-signature header's value: "v1," + base64(HMAC-SHA256(key, "<id>.<timestamp>.<body>")),
 * the key being the base64 after whsec_ (Standard Webhooks, "Signature scheme").
 */
export async function signWebhook(secret: string, id: string, timestamp: number, body: string): Promise<string> {
  const raw = fromBase64(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret);
  const key = await crypto.subtle.importKey("raw", raw, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = await crypto.subtle.sign("HMAC", key, encoder.encode(`${id}.${timestamp}.${body}`));
  return `v1,${toBase64(new Uint8Array(mac))}`;
}
