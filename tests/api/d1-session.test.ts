import { describe, expect, it } from "vitest";
import { BOOKMARK_COOKIE, BOOKMARK_HEADER } from "../../worker/db/d1-session.ts";
import { bearer, json, request, sessionCookie, signedInUser } from "../helpers.ts";

const bookmarkCookieOf = (response: Response) => response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${BOOKMARK_COOKIE}=`));

describe("staff reads through a D1 session with a bookmark", () => {
  it("answers a signed-in request with the session's bookmark, which a write moves forward", async () => {
    const { session } = await signedInUser();
    const read = await request("/api/leads", { headers: bearer(session.access_token) });
    expect(read.status).toBe(200);
    const before = read.headers.get(BOOKMARK_HEADER);
    expect(before).toMatch(/^[0-9a-f-]+$/i);

    const write = await request(
      "/api/leads",
      json("POST", { name: "Bookmark Lead" }, { ...bearer(session.access_token), [BOOKMARK_HEADER]: before! }),
    );
    expect(write.status).toBe(201);
    const after = write.headers.get(BOOKMARK_HEADER);
    expect(after).toBeTruthy();
    expect(after! > before!).toBe(true);

    // A later read that carries the bookmark sees the write.
    const again = await request("/api/leads?q=Bookmark", { headers: { ...bearer(session.access_token), [BOOKMARK_HEADER]: after! } });
    expect(again.status).toBe(200);
    const { items } = (await again.json()) as { items: { name: string }[] };
    expect(items.map((lead) => lead.name)).toContain("Bookmark Lead");
  });

  it("keeps the bookmark in a cookie for the browser, set only when it changed", async () => {
    const { session } = await signedInUser();
    const cookie = sessionCookie(session);
    const write = await request("/api/leads", json("POST", { name: "Cookie Lead" }, { Cookie: cookie, Origin: "http://localhost" }));
    expect(write.status).toBe(201);
    const setCookie = bookmarkCookieOf(write);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    const bookmark = setCookie!.split(";")[0]!.split("=")[1]!;

    // A later request continues from it: never an older bookmark, and the cookie is only
    // rewritten when the bookmark moved.
    let current = bookmark;
    for (let i = 0; i < 3; i++) {
      const read = await request("/api/leads", { headers: { Cookie: `${cookie}; ${BOOKMARK_COOKIE}=${current}` } });
      expect(read.status).toBe(200);
      const answered = read.headers.get(BOOKMARK_HEADER)!;
      expect(answered >= current).toBe(true);
      if (answered === current) expect(bookmarkCookieOf(read)).toBeUndefined();
      else expect(bookmarkCookieOf(read)).toContain(answered);
      current = answered;
    }
  });

  it("ignores a malformed bookmark instead of failing", async () => {
    const { session } = await signedInUser();
    for (const bad of ["not a bookmark!", "x".repeat(500), "0000\u0001", "../../etc"]) {
      const response = await request("/api/leads", {
        headers: { ...bearer(session.access_token), Cookie: `${BOOKMARK_COOKIE}=${encodeURIComponent(bad)}` },
      });
      expect(response.status, bad).toBe(200);
    }
  });

  it("leaves anonymous visitors' requests without a session or a bookmark", async () => {
    const response = await request("/api/case-studies");
    expect(response.status).toBe(200);
    expect(response.headers.get(BOOKMARK_HEADER)).toBeNull();
    expect(bookmarkCookieOf(response)).toBeUndefined();
  });
});
