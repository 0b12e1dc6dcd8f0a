import type { Dictionary } from "../../../pt.ts";

export const settingsSystemEn: Dictionary["crm"]["settings"]["system"] = {
  tab: "System",
};
