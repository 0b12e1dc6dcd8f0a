// Settings → Perfil: the signed-in user's photo (crm.md §2 'Settings'; issue 22). Images live
// in R2 (the ATTACHMENTS bucket, under `avatars/{userId}/`), users.avatar_url holds the URL
// the Worker serves them at. Each upload gets a key of its own (`{sha256 prefix}-{random}`),
// so the URL changes with the image and can be cached for a year (immutable), and a key
// once replaced is never written to the row again.
import { eq } from "drizzle-orm";
import { users } from "../db/schema/index.ts";
import { DomainError, NotFoundError } from "./errors.ts";
import { matchesSignature } from "./lead-detail-service.ts";
import { toProfileDto, type ProfileDto } from "./profile-service.ts";
import type { Authenticated, ServiceContext } from "./service-context.ts";

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

/** The image types accepted, decided by the bytes' signature (never the name or the declared type). */
export const AVATAR_TYPES = { png: "image/png", jpg: "image/jpeg", webp: "image/webp" } as const;
export type AvatarExtension = keyof typeof AVATAR_TYPES;

/** Where the Worker serves avatars (GET /api/avatars/:userId/:file). */
export const AVATAR_URL_PREFIX = "/api/avatars/";
const KEY_PREFIX = "avatars/";
/** `{16 hex of the content's SHA-256}-{8 random base-36}.{png|jpg|webp}` */
const FILE_PATTERN = /^[0-9a-f]{16}-[0-9a-z]{8}\.(png|jpg|webp)$/;
const USER_ID_PATTERN = /^[0-9A-Za-z_-]{1,64}$/;

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));
const at = (bytes: Uint8Array, offset: number, signature: number[]) => signature.every((b, i) => bytes[offset + i] === b);

/** PNG, JPEG (the attachments' signatures) or WebP (RIFF….WEBP); null for anything else. */
export function avatarImageType(bytes: Uint8Array): AvatarExtension | null {
  if (matchesSignature("png", bytes)) return "png";
  if (matchesSignature("jpg", bytes)) return "jpg";
  if (bytes.length >= 16 && at(bytes, 0, ascii("RIFF")) && at(bytes, 8, ascii("WEBP"))) return "webp";
  return null;
}

/** The R2 key behind one of our avatar URLs; null for anything else (an old external URL, null). */
export function avatarKey(url: string | null | undefined): string | null {
  if (!url?.startsWith(AVATAR_URL_PREFIX)) return null;
  const [userId, file, ...rest] = url.slice(AVATAR_URL_PREFIX.length).split("/");
  if (rest.length > 0 || !userId || !file || !USER_ID_PATTERN.test(userId) || !FILE_PATTERN.test(file)) return null;
  return `${KEY_PREFIX}${userId}/${file}`;
}

const invalidImage = () => new DomainError("invalid_input", "avatar_invalid");
const profileNotFound = () => new DomainError("not_found", "profile_not_found");

async function contentVersion(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  const hash = Array.from(digest.subarray(0, 8), (b) => b.toString(16).padStart(2, "0")).join("");
  const random = Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) => (b % 36).toString(36)).join("");
  return `${hash}-${random}`;
}

/** Removes a replaced image; a failure leaves an orphan object (logged), never a broken row. */
async function deleteReplaced(ctx: ServiceContext, url: string | null, keep: string | null) {
  const key = avatarKey(url);
  if (!key || key === keep) return;
  try {
    await ctx.env.ATTACHMENTS.delete(key);
  } catch (error) {
    console.error("avatar: the replaced image stays in R2 as an orphan", key, error);
  }
}

/**
 * Sets the actor's photo. Refused before anything is stored (avatar_invalid, 400): empty,
 * over 2 MB, or not a PNG, JPEG or WebP by its signature. Then, in this order, so the row
 * never points at a missing object: the new object is put; the row is pointed at it in one
 * D1 batch that also reads what it pointed at before (a batch is one transaction, so that is
 * exactly the value replaced, even with uploads at the same moment); then the replaced
 * object is deleted. When the row cannot be written the new object is deleted again.
 */
export async function setAvatar(ctx: ServiceContext, actor: Authenticated, file: File): Promise<ProfileDto> {
  if (file.size === 0 || file.size > AVATAR_MAX_BYTES) throw invalidImage();
  const bytes = new Uint8Array(await file.arrayBuffer());
  const extension = avatarImageType(bytes);
  if (!extension) throw invalidImage();

  const userId = actor.user.id;
  const url = `${AVATAR_URL_PREFIX}${userId}/${await contentVersion(bytes)}.${extension}`;
  const key = avatarKey(url)!;
  await ctx.env.ATTACHMENTS.put(key, bytes, { httpMetadata: { contentType: AVATAR_TYPES[extension] } });

  const { db } = ctx;
  let before: { avatarUrl: string | null }[];
  let after: (typeof users.$inferSelect)[];
  try {
    [before, after] = await db.batch([
      db.select({ avatarUrl: users.avatarUrl }).from(users).where(eq(users.id, userId)),
      db.update(users).set({ avatarUrl: url, updatedAt: new Date().toISOString() }).where(eq(users.id, userId)).returning(),
    ]);
  } catch (error) {
    await ctx.env.ATTACHMENTS.delete(key);
    throw error;
  }
  const row = after[0];
  if (!row) {
    await ctx.env.ATTACHMENTS.delete(key);
    throw profileNotFound();
  }
  await deleteReplaced(ctx, before[0]?.avatarUrl ?? null, key);
  return toProfileDto(row);
}

/** Back to the initial: the row first (avatar_url null), then the object it pointed at. */
export async function removeAvatar(ctx: ServiceContext, actor: Authenticated): Promise<ProfileDto> {
  const { db } = ctx;
  const userId = actor.user.id;
  const [before, after] = await db.batch([
    db.select({ avatarUrl: users.avatarUrl }).from(users).where(eq(users.id, userId)),
    db.update(users).set({ avatarUrl: null, updatedAt: new Date().toISOString() }).where(eq(users.id, userId)).returning(),
  ]);
  const row = after[0];
  if (!row) throw profileNotFound();
  await deleteReplaced(ctx, before[0]?.avatarUrl ?? null, null);
  return toProfileDto(row);
}

export type AvatarImage = { body: ArrayBuffer; contentType: string; size: number; etag: string };

/** A stored avatar by its URL's parts (any signed-in staff member; not found otherwise). */
export async function getAvatar(ctx: ServiceContext, userId: string, file: string): Promise<AvatarImage> {
  const key = avatarKey(`${AVATAR_URL_PREFIX}${userId}/${file}`);
  if (!key) throw new NotFoundError();
  const object = await ctx.env.ATTACHMENTS.get(key);
  if (!object) throw new NotFoundError();
  const extension = file.slice(file.lastIndexOf(".") + 1) as AvatarExtension;
  return {
    body: await object.arrayBuffer(),
    // Our own type for the key's extension (chosen from the signature at upload), not whatever metadata says.
    contentType: AVATAR_TYPES[extension],
    size: object.size,
    etag: object.httpEtag,
  };
}
