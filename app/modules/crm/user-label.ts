import type { Translate } from "~/i18n";
import type { UserRef } from "../../../worker/services/crm-types.ts";

/** A user's name as a lead or task shows it: 'Ana (inativo)' once the account is deactivated. */
export const userLabel = (user: UserRef, t: Translate) => (user.inactive ? t("crm.shared.inactiveUser", { name: user.name }) : user.name);
