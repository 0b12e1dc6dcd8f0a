import type { Dictionary } from "../../pt.ts";

// Empty on purpose: see ./pt.ts (the legal pages are English-only, copy in legal-content.ts).
export const legalEn: Dictionary["site"]["legal"] = {};
