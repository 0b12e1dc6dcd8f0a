import { z } from "zod";

// Zod probes for `new Function` (to compile fast object parsers) unless it is jitless; the
// probe is caught, but the browser still reports it as a CSP violation under our strict
// script-src (no 'unsafe-eval'). Imported first by app/root.tsx so it runs before any schema
// is built. The Worker's runtime has no eval either, so nothing is lost on the server.
z.config({ jitless: true });
