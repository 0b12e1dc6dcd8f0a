/** The legal pages' few fixed labels (English, like the pages). */
export const LEGAL_LABELS = {
  updated: "Last updated",
  contents: "On this page",
  questions: "Questions about this document? Write to",
} as const;
