// Settings → Perfil (issue 22): the user's photo. POST /api/users/me/avatar takes a PNG, JPEG
// or WebP decided by its bytes, at most 2 MB; a new photo replaces the old one in an order that
// never leaves the row pointing at a missing object; DELETE goes back to the initial; GET
// /api/avatars/… serves it to signed-in staff with its type, nosniff and a long immutable cache.
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { users } from "../../worker/db/schema/index.ts";
import { AVATAR_MAX_BYTES, setAvatar } from "../../worker/services/avatar-service.ts";
import type { ChatMessageDto, Page } from "../../worker/services/crm-types.ts";
import type { ProfileDto } from "../../worker/services/profile-service.ts";
import { bearer, db, json, request, sessionCookie, signedInUser } from "../helpers.ts";

type Staff = Awaited<ReturnType<typeof signedInUser>>;

const bytes = (...parts: (string | number[])[]) => {
  const chunks = parts.map((p) => (typeof p === "string" ? new TextEncoder().encode(p) : Uint8Array.from(p)));
  const out: Uint8Array<ArrayBuffer> = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
};
const PNG = bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], "IHDR png pixels");
const JPEG = bytes([0xff, 0xd8, 0xff, 0xe0], "JFIF jpeg pixels");
const WEBP = bytes("RIFF", [0x20, 0, 0, 0], "WEBPVP8 webp pixels");
const GIF = bytes("GIF89a", [1, 0, 1, 0]);
const SVG = bytes('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
/** A PNG signature followed by filler up to `size` bytes. */
const pngOfSize = (size: number) => {
  const out = new Uint8Array(size);
  out.set(PNG);
  return out;
};

const upload = (
  who: Staff,
  content: Uint8Array<ArrayBuffer>,
  name = "photo.png",
  type = "image/png",
  headers: Record<string, string> = {},
) => {
  const form = new FormData();
  form.append("file", new File([content], name, { type }));
  return request("/api/users/me/avatar", { method: "POST", headers: { ...bearer(who.session.access_token), ...headers }, body: form });
};
const uploaded = async (response: Response) => {
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json<{ profile: ProfileDto }>()).profile;
};
const avatarUrl = (userId: string) =>
  env.DB.prepare("select avatar_url from users where id = ?")
    .bind(userId)
    .first<{ avatar_url: string | null }>()
    .then((r) => r!.avatar_url);
const objectsOf = async (userId: string) => (await env.ATTACHMENTS.list({ prefix: `avatars/${userId}/` })).objects.map((o) => o.key);
const keyOf = (url: string) => `avatars/${url.slice("/api/avatars/".length)}`;
const get = (who: Staff, url: string) => request(url, { headers: bearer(who.session.access_token) });

describe("uploading a photo", () => {
  it("a PNG, JPEG or WebP by its bytes, whatever its name or declared type; served with its type, nosniff and an immutable cache", async () => {
    const me = await signedInUser("sales_rep");
    const colleague = await signedInUser("manager");
    for (const [content, name, declared, type] of [
      [PNG, "renamed.jpg", "image/jpeg", "image/png"],
      [JPEG, "foto.png", "application/octet-stream", "image/jpeg"],
      [WEBP, "no-extension", "text/plain", "image/webp"],
    ] as const) {
      const profile = await uploaded(await upload(me, content, name, declared));
      expect(profile.avatarUrl).toMatch(new RegExp(`^/api/avatars/${me.user.id}/[0-9a-f]{16}-[0-9a-z]{8}\\.(png|jpg|webp)$`));
      expect(await avatarUrl(me.user.id)).toBe(profile.avatarUrl);
      // Any signed-in colleague sees it (chat, timeline), by bearer or by the browser's cookies.
      for (const response of [
        await get(colleague, profile.avatarUrl!),
        await request(profile.avatarUrl!, { headers: { Cookie: sessionCookie(me.session) } }),
      ]) {
        expect(response.status).toBe(200);
        expect(response.headers.get("Content-Type")).toBe(type);
        expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
        expect(response.headers.get("Cache-Control")).toBe("private, max-age=31536000, immutable");
        expect(new Uint8Array(await response.arrayBuffer())).toEqual(content);
      }
    }
  });

  it("the same image uploaded again gets a new URL, and the row never points at a missing object", async () => {
    const me = await signedInUser("sales_rep");
    const first = await uploaded(await upload(me, PNG));
    const second = await uploaded(await upload(me, PNG));
    expect(second.avatarUrl).not.toBe(first.avatarUrl);
    // Same content: same hash part, different version part.
    expect(second.avatarUrl!.split("/").pop()!.slice(0, 16)).toBe(first.avatarUrl!.split("/").pop()!.slice(0, 16));
    expect(await objectsOf(me.user.id)).toEqual([keyOf(second.avatarUrl!)]);
    expect((await get(me, first.avatarUrl!)).status).toBe(404);
    expect((await get(me, second.avatarUrl!)).status).toBe(200);
  });

  it("a replacement deletes the old object after the row points at the new one; simultaneous uploads leave one photo and a row that resolves", async () => {
    const me = await signedInUser("admin");
    const old = await uploaded(await upload(me, PNG));
    const replaced = await uploaded(await upload(me, JPEG, "new.jpg", "image/jpeg"));
    expect(await objectsOf(me.user.id)).toEqual([keyOf(replaced.avatarUrl!)]);
    expect(await env.ATTACHMENTS.head(keyOf(old.avatarUrl!))).toBeNull();

    const burst = await Promise.all([PNG, JPEG, WEBP, PNG, JPEG].map((content) => upload(me, content)));
    expect(burst.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const current = await avatarUrl(me.user.id);
    expect(await env.ATTACHMENTS.head(keyOf(current!))).not.toBeNull();
    // Each upload deleted exactly what it replaced (read in the same transaction): nothing orphaned.
    expect(await objectsOf(me.user.id)).toEqual([keyOf(current!)]);
  });

  it("an old URL that is not ours (seeded, external) is replaced without touching R2", async () => {
    const me = await signedInUser("sales_rep");
    await env.DB.prepare("update users set avatar_url = 'https://example.com/me.png' where id = ?").bind(me.user.id).run();
    const profile = await uploaded(await upload(me, WEBP));
    expect(await avatarUrl(me.user.id)).toBe(profile.avatarUrl);
  });
});

describe("the order of a replacement, when R2 fails", () => {
  /** The real bucket, with `put` or `delete` failing. */
  const failing = (what: "put" | "delete") =>
    new Proxy(env.ATTACHMENTS, {
      get(target, property) {
        if (property === what) return () => Promise.reject(new Error(`R2 ${what} failed`));
        const value = Reflect.get(target, property) as unknown;
        return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
  const actor = async (userId: string) => ({
    user: (await db().query.users.findFirst({ where: eq(users.id, userId) }))!,
    session: { id: "s", method: "password" as const, expiresAt: 0 },
  });
  const file = (content: Uint8Array<ArrayBuffer>) => new File([content], "p.png");

  it("the old object cannot be deleted: the row points at the new one (which exists), the old one is an orphan", async () => {
    const me = await signedInUser("sales_rep");
    const old = await uploaded(await upload(me, PNG));
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const profile = await setAvatar({ db: db(), env: { ...env, ATTACHMENTS: failing("delete") } }, await actor(me.user.id), file(JPEG));
    expect(await avatarUrl(me.user.id)).toBe(profile.avatarUrl);
    expect(await env.ATTACHMENTS.head(keyOf(profile.avatarUrl!))).not.toBeNull();
    expect((await objectsOf(me.user.id)).sort()).toEqual([keyOf(old.avatarUrl!), keyOf(profile.avatarUrl!)].sort());
    expect(logged).toHaveBeenCalledWith(expect.stringContaining("orphan"), keyOf(old.avatarUrl!), expect.any(Error));
    logged.mockRestore();
  });

  it("the new object cannot be stored: the row keeps the old photo, which still resolves", async () => {
    const me = await signedInUser("sales_rep");
    const old = await uploaded(await upload(me, PNG));
    await expect(
      setAvatar({ db: db(), env: { ...env, ATTACHMENTS: failing("put") } }, await actor(me.user.id), file(JPEG)),
    ).rejects.toThrow("R2 put failed");
    expect(await avatarUrl(me.user.id)).toBe(old.avatarUrl);
    expect(await objectsOf(me.user.id)).toEqual([keyOf(old.avatarUrl!)]);
  });
});

describe("refused images (nothing stored, the row unchanged)", () => {
  it("text named .png, a GIF, an SVG, an empty file, 2 MB + 1 byte, no file: 400 avatar_invalid in the caller's language", async () => {
    const me = await signedInUser("sales_rep");
    const kept = await uploaded(await upload(me, PNG));
    const cases: [Uint8Array<ArrayBuffer>, string][] = [
      [bytes("not an image, just text"), "photo.png"],
      [GIF, "anim.gif"],
      [SVG, "logo.svg"],
      [new Uint8Array(0), "empty.png"],
      [pngOfSize(AVATAR_MAX_BYTES + 1), "big.png"],
      [bytes("RIFF", [0, 0, 0, 0], "WAVEfmt "), "sound.webp"],
    ];
    for (const [content, name] of cases) {
      const response = await upload(me, content, name, "image/png", { "Accept-Language": "pt-BR" });
      expect(response.status, name).toBe(400);
      expect(await response.json(), name).toEqual({ error: "avatar_invalid", message: "Envie uma imagem PNG, JPEG ou WebP de até 2 MB." });
    }
    const none = await request("/api/users/me/avatar", {
      method: "POST",
      headers: { ...bearer(me.session.access_token), "Accept-Language": "en" },
      body: new FormData(),
    });
    expect(none.status).toBe(400);
    expect(await none.json()).toEqual({ error: "avatar_invalid", message: "Upload a PNG, JPEG or WebP image of up to 2 MB." });
    const es = await upload(me, GIF, "a.gif", "image/gif", { "Accept-Language": "es" });
    expect(((await es.json()) as { message: string }).message).toBe("Envía una imagen PNG, JPEG o WebP de hasta 2 MB.");

    expect(await avatarUrl(me.user.id)).toBe(kept.avatarUrl);
    expect(await objectsOf(me.user.id)).toEqual([keyOf(kept.avatarUrl!)]);
  });

  it("exactly 2 MB is accepted", async () => {
    const me = await signedInUser("sales_rep");
    const profile = await uploaded(await upload(me, pngOfSize(AVATAR_MAX_BYTES)));
    expect((await env.ATTACHMENTS.head(keyOf(profile.avatarUrl!)))!.size).toBe(AVATAR_MAX_BYTES);
  });

  it("a body far over the limit: 413 before it is read", async () => {
    const me = await signedInUser("sales_rep");
    const response = await upload(me, pngOfSize(4 * 1024 * 1024));
    expect(response.status).toBe(413);
    expect(await objectsOf(me.user.id)).toEqual([]);
  });
});

describe("removing the photo", () => {
  it("back to the initial: the row first, then the object; removing again is harmless", async () => {
    const me = await signedInUser("manager");
    const profile = await uploaded(await upload(me, PNG));
    const removed = await request("/api/users/me/avatar", { method: "DELETE", headers: bearer(me.session.access_token) });
    expect(removed.status).toBe(200);
    expect(await removed.json()).toMatchObject({ profile: { id: me.user.id, avatarUrl: null } });
    expect(await avatarUrl(me.user.id)).toBeNull();
    expect(await objectsOf(me.user.id)).toEqual([]);
    expect((await get(me, profile.avatarUrl!)).status).toBe(404);
    const again = await request("/api/users/me/avatar", { method: "DELETE", headers: bearer(me.session.access_token) });
    expect(again.status).toBe(200);
  });
});

describe("where the photo shows", () => {
  it("on the author's chat messages, earlier ones included (read with the author), and gone when removed", async () => {
    const me = await signedInUser("sales_rep");
    const auth = bearer(me.session.access_token);
    const created = await request("/api/chat/channels", json("POST", { name: "fotos" }, auth));
    const { channel } = (await created.json()) as { channel: { id: string } };
    const post = async (content: string) => {
      const response = await request(`/api/chat/channels/${channel.id}/messages`, json("POST", { content }, auth));
      return ((await response.json()) as { message: ChatMessageDto }).message;
    };
    const list = async () =>
      ((await (await request(`/api/chat/channels/${channel.id}/messages`, { headers: auth })).json()) as Page<ChatMessageDto>).items.map(
        (m) => m.author_avatar_url,
      );
    expect((await post("antes da foto")).author_avatar_url).toBeNull();
    const profile = await uploaded(await upload(me, PNG));
    expect(await list()).toEqual([profile.avatarUrl]);
    // A new message (and the live event made from the same DTO) carries it too.
    expect((await post("depois da foto")).author_avatar_url).toBe(profile.avatarUrl);
    await request("/api/users/me/avatar", { method: "DELETE", headers: auth });
    expect(await list()).toEqual([null, null]);
  });

  it("in the pickers' list of users (add members, assignees)", async () => {
    const me = await signedInUser("sales_rep");
    const colleague = await signedInUser("manager");
    const profile = await uploaded(await upload(me, WEBP));
    const response = await request("/api/users/assignable", { headers: bearer(colleague.session.access_token) });
    const { users } = (await response.json()) as { users: { id: string; avatar_url: string | null }[] };
    expect(users.find((u) => u.id === me.user.id)?.avatar_url).toBe(profile.avatarUrl);
    expect(users.find((u) => u.id === colleague.user.id)?.avatar_url).toBeNull();
  });
});

describe("who", () => {
  it("anonymous: 401 on upload, removal and the image itself; only one's own photo changes", async () => {
    const me = await signedInUser("sales_rep");
    const other = await signedInUser("admin");
    const profile = await uploaded(await upload(me, PNG));
    const form = new FormData();
    form.append("file", new File([PNG], "p.png"));
    expect((await request("/api/users/me/avatar", { method: "POST", body: form })).status).toBe(401);
    expect((await request("/api/users/me/avatar", { method: "DELETE" })).status).toBe(401);
    const anonymous = await request(profile.avatarUrl!);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("Content-Type")).toMatch(/^application\/json/);
    // An admin's upload is theirs: my row and object stay.
    await uploaded(await upload(other, JPEG));
    expect(await avatarUrl(me.user.id)).toBe(profile.avatarUrl);
    expect(await objectsOf(me.user.id)).toEqual([keyOf(profile.avatarUrl!)]);
  });

  it("only avatar keys are served: attachments and made-up paths are 404", async () => {
    const me = await signedInUser("sales_rep");
    await env.ATTACHMENTS.put("lead-1/123.pdf", "%PDF-1.7");
    for (const path of [
      `/api/avatars/${me.user.id}/nothing.png`,
      `/api/avatars/${me.user.id}/0123456789abcdef-abcdefgh.gif`,
      `/api/avatars/${me.user.id}/0123456789abcdef-abcdefgh.png`,
      "/api/avatars/lead-1/123.pdf",
      "/api/avatars/..%2Flead-1/123.pdf",
    ]) {
      expect((await get(me, path)).status, path).toBe(404);
    }
  });
});
