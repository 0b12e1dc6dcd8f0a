import type { Dictionary } from "../../pt.ts";

export const insightsEs: Dictionary["site"]["insights"] = {
  meta: {
    title: "TODO",
    description: "TODO",
  },
};
