import { describe, expect, it } from "vitest";
import { initialOf, leavesGap, mergeMessages, resumeCursor, startsGroup } from "../../app/modules/team-chat/chat-messages.ts";
import { badgeText, unreadOf } from "../../app/modules/team-chat/unread-store.ts";
import type { ChatMessageDto } from "../../worker/services/crm-types.ts";

const msg = (seq: number, content = `m${seq}`): ChatMessageDto => ({
  id: `id-${seq}`,
  channel_id: "c",
  content,
  created_at: "2026-01-01T12:00:00.000Z",
  user_id: "u",
  author_name: "Ana",
  author_email: "ana@x.test",
  author_avatar_url: null,
  seq,
});

describe("the chat screen's message merging", () => {
  it("keeps one copy of each message, in seq order, whatever brought it and in whatever order", () => {
    const shown = [msg(1), msg(2), msg(3)];
    // The POST's answer and then the live event of the same message.
    const once = mergeMessages(mergeMessages(shown, [msg(4)]), [msg(4, "m4 again")]);
    expect(once.map((m) => m.seq)).toEqual([1, 2, 3, 4]);
    expect(once.at(-1)!.content).toBe("m4 again");
    // An older page (prepended), a backfill overlapping what is shown, out of order.
    expect(mergeMessages(once, [msg(6), msg(5), msg(3), msg(0)]).map((m) => m.seq)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(mergeMessages(shown, [])).toBe(shown);
  });

  it("resumes after the last message of the unbroken run, so what was missed before an out-of-turn one is fetched", () => {
    expect(resumeCursor([])).toBeNull();
    expect(resumeCursor([msg(7), msg(8), msg(9)])!.seq).toBe(9);
    // Our own POST (seq 12) arrived while the socket was down and 10-11 were missed.
    expect(resumeCursor([msg(8), msg(9), msg(12)])!.seq).toBe(9);
  });

  it("sees a gap when a live message skips seqs", () => {
    expect(leavesGap([msg(1), msg(2)], msg(3))).toBe(false);
    expect(leavesGap([msg(1), msg(2)], msg(2))).toBe(false);
    expect(leavesGap([msg(1), msg(2)], msg(5))).toBe(true);
    expect(leavesGap([], msg(5))).toBe(false);
  });

  it("takes the avatar's initial from the first letter or digit", () => {
    expect(initialOf("ana")).toBe("A");
    expect(initialOf("  Élida")).toBe("É");
    expect(initialOf("🎉 Time")).toBe("T");
    expect(initialOf(null)).toBe("?");
    expect(initialOf("  ")).toBe("?");
  });

  it("counts unread from last_seq and the seq seen, never below 0, with a '99+' badge", () => {
    expect(unreadOf(10, 7)).toBe(3);
    expect(unreadOf(10, undefined)).toBe(10);
    expect(unreadOf(3, 9)).toBe(0);
    expect(badgeText(99)).toBe("99");
    expect(badgeText(100)).toBe("99+");
  });
});

describe("grouping consecutive messages", () => {
  const at = (seq: number, user: string | null, iso: string): ChatMessageDto => ({ ...msg(seq), user_id: user as string, created_at: iso });
  it("groups one author's messages within five minutes; a new author, a longer pause, an unknown author or the first message start a group", () => {
    const a1 = at(1, "ana", "2026-01-01T12:00:00.000Z");
    expect(startsGroup(null, a1)).toBe(true);
    expect(startsGroup(a1, at(2, "ana", "2026-01-01T12:04:59.000Z"))).toBe(false);
    expect(startsGroup(a1, at(2, "ana", "2026-01-01T12:05:00.000Z"))).toBe(false);
    expect(startsGroup(a1, at(2, "ana", "2026-01-01T12:05:01.000Z"))).toBe(true);
    expect(startsGroup(a1, at(2, "bia", "2026-01-01T12:00:10.000Z"))).toBe(true);
    expect(startsGroup(at(1, null, "2026-01-01T12:00:00.000Z"), at(2, null, "2026-01-01T12:00:10.000Z"))).toBe(true);
    expect(startsGroup(a1, at(2, "ana", "2026-01-01T11:59:00.000Z")), "out of order").toBe(true);
  });
});
