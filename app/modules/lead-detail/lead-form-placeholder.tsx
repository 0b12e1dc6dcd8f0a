// Placeholder until app/modules/leads/lead-form-dialog.tsx (the leads screen's) lands.
import type { AssignableUserDto, LeadDto } from "@worker/services/crm-types";

export type LeadFormDialogProps = {
  open: boolean;
  lead: LeadDto;
  assignableUsers: AssignableUserDto[];
  onOpenChange: (open: boolean) => void;
  onSaved: (lead: LeadDto) => void;
};

export default function LeadFormDialog(_props: LeadFormDialogProps) {
  return null;
}
