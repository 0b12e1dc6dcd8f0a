import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { NotificationDto, NotificationListDto } from "../../worker/services/crm-types.ts";
import { createNotification } from "../factories/index.ts";
import { bearer, db, request, signedInUser } from "../helpers.ts";

type Session = Awaited<ReturnType<typeof signedInUser>>;

const auth = (s: Session) => bearer(s.session.access_token);
const send = (method: string, path: string, s: Session | null) => request(path, { method, headers: s ? auth(s) : {} });
const list = async (s: Session) => {
  const response = await send("GET", "/api/notifications", s);
  expect(response.status).toBe(200);
  return (await response.json()) as NotificationListDto;
};
const readFlag = (id: string) =>
  env.DB.prepare("select read from notifications where id = ?").bind(id).first<{ read: number }>().then((r) => r?.read);
const unreadIn = (userId: string) =>
  env.DB.prepare("select count(*) as n from notifications where user_id = ? and read = 0").bind(userId).first<{ n: number }>().then((r) => r!.n);

/** An ISO instant `minutes` after a fixed start, so the order is known. */
const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 12, 0) + minutes * 60_000).toISOString();

let anonTarget: string;

beforeAll(async () => {
  const someone = await signedInUser("sales_rep");
  anonTarget = (await createNotification(db(), { userId: someone.user.id })).id;
});

describe("anonymous", () => {
  it("gets 401 on every notifications route and changes nothing", async () => {
    for (const [method, path] of [
      ["GET", "/api/notifications"],
      ["GET", "/api/notifications/unread-count"],
      ["PATCH", `/api/notifications/${anonTarget}/read`],
      ["POST", "/api/notifications/read-all"],
    ] as const) {
      const response = await send(method, path, null);
      expect(response.status, `${method} ${path}`).toBe(401);
      expect(await response.json()).toEqual({ error: "no_authorization", message: "Sessão de autenticação ausente!" });
    }
    expect(await readFlag(anonTarget)).toBe(0);
  });
});

describe("list", () => {
  it("shows only the caller's own, newest first, with the DTO's fields", async () => {
    const me = await signedInUser("sales_rep");
    const other = await signedInUser("admin");
    await createNotification(db(), { userId: other.user.id, title: "Do outro", createdAt: at(5) });
    const older = await createNotification(db(), { userId: me.user.id, type: "new_lead", title: "Antigo", createdAt: at(1) });
    const newer = await createNotification(db(), {
      userId: me.user.id,
      type: "task_assigned",
      title: "Novo",
      message: "Uma tarefa para você",
      link: "/tasks?task=abc",
      read: true,
      createdAt: at(2),
    });
    const body = await list(me);
    expect(body.items).toEqual<NotificationDto[]>([
      { id: newer.id, type: "task_assigned", title: "Novo", message: "Uma tarefa para você", link: "/tasks?task=abc", read: true, created_at: at(2) },
      { id: older.id, type: "new_lead", title: "Antigo", message: "Mensagem de teste.", link: null, read: false, created_at: at(1) },
    ]);
    expect(body.unread_count).toBe(1);
    expect((await list(other)).items.map((n) => n.title)).toEqual(["Do outro"]);
  });

  it("gives the 50 newest, and the unread count of all of them (not only the 50)", async () => {
    const me = await signedInUser("manager");
    // 60 unread: minute 0 … 59; plus 5 read ones, older still.
    for (let i = 0; i < 60; i++) await createNotification(db(), { userId: me.user.id, title: `n${i}`, createdAt: at(100 + i) });
    for (let i = 0; i < 5; i++) await createNotification(db(), { userId: me.user.id, title: `r${i}`, read: true, createdAt: at(i) });
    const body = await list(me);
    expect(body.items).toHaveLength(50);
    expect(body.items.map((n) => n.title)).toEqual(Array.from({ length: 50 }, (_, i) => `n${59 - i}`));
    expect(body.unread_count).toBe(60);
    const count = await send("GET", "/api/notifications/unread-count", me);
    expect(await count.json()).toEqual({ unread_count: 60 });
  });

  it("never hands out a link that leaves the app", async () => {
    const me = await signedInUser("sales_rep");
    for (const link of ["https://evil.test/x", "//evil.test", "javascript:alert(1)", "/\\evil.test"]) {
      await createNotification(db(), { userId: me.user.id, link });
    }
    expect((await list(me)).items.map((n) => n.link)).toEqual([null, null, null, null]);
  });
});

describe("mark read", () => {
  it("marks one of the caller's read (twice is fine); the count drops by one", async () => {
    const me = await signedInUser("sales_rep");
    const one = await createNotification(db(), { userId: me.user.id, link: "/leads?lead=x" });
    await createNotification(db(), { userId: me.user.id });
    const response = await send("PATCH", `/api/notifications/${one.id}/read`, me);
    expect(response.status).toBe(200);
    const { notification } = (await response.json()) as { notification: NotificationDto };
    expect(notification).toMatchObject({ id: one.id, read: true, link: "/leads?lead=x" });
    expect(await readFlag(one.id)).toBe(1);
    expect((await list(me)).unread_count).toBe(1);
    expect((await send("PATCH", `/api/notifications/${one.id}/read`, me)).status).toBe(200);
    expect((await list(me)).unread_count).toBe(1);
  });

  it("is 404 for another user's notification (which stays unread) and for an unknown id", async () => {
    const me = await signedInUser("admin");
    const other = await signedInUser("sales_rep");
    const theirs = await createNotification(db(), { userId: other.user.id });
    const response = await send("PATCH", `/api/notifications/${theirs.id}/read`, me);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: "not_found" });
    expect(await readFlag(theirs.id)).toBe(0);
    expect((await send("PATCH", "/api/notifications/no-such-id/read", me)).status).toBe(404);
  });

  it("marks all of the caller's read and nobody else's", async () => {
    const me = await signedInUser("sales_rep");
    const other = await signedInUser("sales_rep");
    for (let i = 0; i < 3; i++) await createNotification(db(), { userId: me.user.id });
    await createNotification(db(), { userId: me.user.id, read: true });
    for (let i = 0; i < 2; i++) await createNotification(db(), { userId: other.user.id });
    const response = await send("POST", "/api/notifications/read-all", me);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ updated: 3 });
    expect(await unreadIn(me.user.id)).toBe(0);
    expect(await unreadIn(other.user.id)).toBe(2);
    expect((await list(me)).unread_count).toBe(0);
    expect(await (await send("POST", "/api/notifications/read-all", me)).json()).toEqual({ updated: 0 });
  });
});
