import type { Dictionary } from "../../pt.ts";

export const plannerEn: Dictionary["site"]["planner"] = {
  meta: {
    title: "TODO",
    description: "TODO",
  },
};
