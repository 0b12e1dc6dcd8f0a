import type { Dictionary } from "../../pt.ts";

export const caseStudiesEn: Dictionary["site"]["caseStudies"] = {
  meta: {
    title: "TODO",
    description: "TODO",
  },
};
