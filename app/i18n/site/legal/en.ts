import type { Dictionary } from "../../pt.ts";

export const legalEn: Dictionary["site"]["legal"] = {
  meta: {
    title: "TODO",
    description: "TODO",
  },
};
