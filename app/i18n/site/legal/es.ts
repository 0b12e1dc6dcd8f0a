import type { Dictionary } from "../../pt.ts";

export const legalEs: Dictionary["site"]["legal"] = {
  meta: {
    title: "TODO",
    description: "TODO",
  },
};
