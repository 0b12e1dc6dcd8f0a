// `cloudflare:workers` for loading the Worker's API module graph in Node (tests/openapi):
// only what importing it needs (partyserver extends DurableObject); nothing here runs.
export class DurableObject {}
export class WorkerEntrypoint {}
export const env = {};
