import type { Dictionary } from "../../pt.ts";

export const plannerEs: Dictionary["site"]["planner"] = {
  meta: {
    title: "TODO",
    description: "TODO",
  },
};
