import type { Dictionary } from "../../../pt.ts";

export const settingsSystemEs: Dictionary["crm"]["settings"]["system"] = {
  tab: "Sistema",
};
