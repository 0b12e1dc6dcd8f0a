// Durable Object classes served under /parties/* (partyserver). Each one is exported from
// the Worker entry and declared in wrangler.toml; none exists yet.
export {};
