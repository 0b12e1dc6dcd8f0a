// What the viewer has read, per channel, as the seq of the newest message seen there; kept in
// localStorage (per user), so the unread counts survive a reload and agree between tabs.
// unread = the channel's last_seq − seen. A channel never seen counts all its messages, except
// on the very first visit of the screen, when everything there is taken as read.

export type SeenMap = Record<string, number>;

const key = (userId: string) => `chat.seen.${userId}`;

/** The stored map, or null on the first visit (or when storage is unavailable). */
export function readSeen(userId: string): SeenMap | null {
  try {
    const raw = window.localStorage.getItem(key(userId));
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== "object") return null;
    const out: SeenMap = {};
    for (const [id, seq] of Object.entries(parsed)) if (typeof seq === "number" && Number.isFinite(seq)) out[id] = seq;
    return out;
  } catch {
    return null;
  }
}

export function writeSeen(userId: string, seen: SeenMap) {
  try {
    window.localStorage.setItem(key(userId), JSON.stringify(seen));
  } catch {
    // Private mode or a full quota: the counts still work for this page.
  }
}

export const isSeenKey = (storageKey: string | null, userId: string) => storageKey === key(userId);

/** Unread messages of a channel (never negative). */
export const unreadOf = (lastSeq: number, seen: number | undefined) => Math.max(0, lastSeq - (seen ?? 0));

/** The badge's text: the count, capped at '99+' (crm.md §9). */
export const badgeText = (count: number) => (count > 99 ? "99+" : String(count));
