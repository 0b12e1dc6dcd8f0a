import { z } from "zod";

// Zod probes for `new Function` (to compile fast object parsers) unless it is jitless; the
// probe is caught, but the browser still reports it as a CSP violation under our strict
// script-src (no 'unsafe-eval'). App code imports zod from here, so the setting runs before
// any schema is built and zod reaches only the routes that use it (not every page, as an
// import in root.tsx would). The Worker's runtime has no eval either, so nothing is lost.
z.config({ jitless: true });

export { z };
