import type { Dictionary } from "../../pt.ts";

export const landingEn: Dictionary["site"]["landing"] = {
  meta: {
    title: "TODO",
    description: "TODO",
  },
};
