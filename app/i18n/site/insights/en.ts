import type { Dictionary } from "../../pt.ts";

export const insightsEn: Dictionary["site"]["insights"] = {
  meta: {
    title: "TODO",
    description: "TODO",
  },
};
