import type { Dictionary } from "../../pt.ts";

export const landingEs: Dictionary["site"]["landing"] = {
  meta: {
    title: "TODO",
    description: "TODO",
  },
};
