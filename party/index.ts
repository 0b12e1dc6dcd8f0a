// Durable Object classes served under /parties/<party>/<room> (partyserver). Each class is
// exported here (and so from the Worker entry), declared in wrangler.toml, and its
// kebab-case party name listed in PARTY_NAMES. Connections are authenticated before they
// reach an object (./connect-auth.ts); docs/decisions/014.
import { CHAT_PARTY, TEAM_PARTY, USER_PARTY } from "~/modules/realtime/protocol";

export { ChatRoom } from "./chat-room.ts";
export { UserRoom } from "./user-room.ts";
export { TeamRoom } from "./team-room.ts";

export const PARTY_NAMES: readonly string[] = [CHAT_PARTY, USER_PARTY, TEAM_PARTY];
