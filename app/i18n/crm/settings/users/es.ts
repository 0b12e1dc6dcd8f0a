import type { Dictionary } from "../../../pt.ts";

export const settingsUsersEs: Dictionary["crm"]["settings"]["users"] = {
  tab: "Usuarios",
};
