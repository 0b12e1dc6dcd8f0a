import type { Dictionary } from "../../pt.ts";

export const contactEn: Dictionary["site"]["contact"] = {
  meta: {
    title: "TODO",
    description: "TODO",
  },
};
