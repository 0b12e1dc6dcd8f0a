// /api/docs (worker/api/api-docs.ts), before Scalar's script: the zod inside Scalar probes
// whether it may compile code with Function(""), which the page's CSP refuses (no
// 'unsafe-eval'), and the browser reports as a violation. Jitless, it never asks.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
