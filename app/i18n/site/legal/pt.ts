// Portuguese copy of the public site's legal area (source of truth for its keys).
// No arrays in dictionaries: list items are keyed objects so every leaf is a dotted key.
export const legalPt = {
  meta: {
    title: "TODO",
    description: "TODO",
  },
} as const;
