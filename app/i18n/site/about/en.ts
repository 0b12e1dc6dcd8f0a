import type { Dictionary } from "../../pt.ts";

export const aboutEn: Dictionary["site"]["about"] = {
  meta: {
    title: "TODO",
    description: "TODO",
  },
};
