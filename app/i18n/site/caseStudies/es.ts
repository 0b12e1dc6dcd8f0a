import type { Dictionary } from "../../pt.ts";

export const caseStudiesEs: Dictionary["site"]["caseStudies"] = {
  meta: {
    title: "TODO",
    description: "TODO",
  },
};
