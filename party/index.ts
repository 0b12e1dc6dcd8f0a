// Durable Object classes served under /parties/<party>/<room> (partyserver). Each class is
// exported here (and so from the Worker entry), declared in wrangler.toml, and its
// kebab-case party name listed in PARTY_NAMES. None exists yet.
export const PARTY_NAMES: readonly string[] = [];
