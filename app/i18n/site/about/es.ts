import type { Dictionary } from "../../pt.ts";

export const aboutEs: Dictionary["site"]["about"] = {
  meta: {
    title: "TODO",
    description: "TODO",
  },
};
