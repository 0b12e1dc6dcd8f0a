import type { Dictionary } from "../../../pt.ts";

export const settingsUsersEn: Dictionary["crm"]["settings"]["users"] = {
  tab: "Users",
};
