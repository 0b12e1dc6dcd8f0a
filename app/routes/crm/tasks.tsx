import { PlaceholderScreen } from "~/modules/crm/placeholder-screen";
import { crmScreenMeta, type CrmHandle } from "~/routes/staff/crm-layout";

export const handle: CrmHandle = { crmTitle: "crm.titles.tasks" };
export const meta = crmScreenMeta;

export default PlaceholderScreen;
