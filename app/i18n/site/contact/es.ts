import type { Dictionary } from "../../pt.ts";

export const contactEs: Dictionary["site"]["contact"] = {
  meta: {
    title: "TODO",
    description: "TODO",
  },
};
