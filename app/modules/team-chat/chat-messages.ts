import type { ChatMessageDto } from "@worker/services/crm-types";

// The open channel's messages as the screen holds them: one copy of each (by id), in the
// channel's order (seq). Whatever brought a message (the first page, an older page, the POST
// that sent it, the live event, a reconnect backfill), merging it twice changes nothing.

/** `current` plus `incoming`, each message once (the newer copy wins), ordered by seq. */
export function mergeMessages(current: readonly ChatMessageDto[], incoming: readonly ChatMessageDto[]): ChatMessageDto[] {
  if (incoming.length === 0) return current as ChatMessageDto[];
  const byId = new Map(current.map((m) => [m.id, m]));
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.seq - b.seq);
}

/**
 * The message to resume from after a reconnect (`?after=`): the last one of the unbroken run
 * of seqs that starts at the oldest message held. A message that arrived out of turn (our own
 * POST's answer while the socket was down) is past a gap, so what was missed before it is
 * still fetched. Null when nothing is held.
 */
export function resumeCursor(messages: readonly ChatMessageDto[]): ChatMessageDto | null {
  let last: ChatMessageDto | null = null;
  for (const message of messages) {
    if (last && message.seq !== last.seq + 1) break;
    last = message;
  }
  return last;
}

/** Whether a live message skips past what is held (something was missed: fetch it). */
export function leavesGap(messages: readonly ChatMessageDto[], incoming: ChatMessageDto): boolean {
  const cursor = resumeCursor(messages);
  return cursor !== null && incoming.seq > cursor.seq + 1;
}

/** The first letter of a name for the avatar ("?" without one). */
export function initialOf(name: string | null | undefined): string {
  const letter = name?.trim().match(/\p{L}|\p{N}/u)?.[0];
  return letter ? letter.toLocaleUpperCase() : "?";
}

/** Consecutive messages of one author within this long show as one group (one avatar and name). */
const GROUP_WINDOW_MS = 5 * 60_000;

/**
 * Whether `message` starts a new group after `previous`: another author (or an unknown one),
 * more than GROUP_WINDOW_MS later, or out of order. (A new day starts one too: the pane
 * decides that, it knows the viewer's calendar.)
 */
export function startsGroup(previous: ChatMessageDto | null | undefined, message: ChatMessageDto): boolean {
  if (!previous || !message.user_id || previous.user_id !== message.user_id) return true;
  const gap = Date.parse(message.created_at) - Date.parse(previous.created_at);
  return !(gap >= 0 && gap <= GROUP_WINDOW_MS);
}
