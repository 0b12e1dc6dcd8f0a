import { useEffect, useState, type RefObject } from "react";
import { LeadFormDialog } from "~/modules/leads/lead-form-dialog";
import { loadAssignableUsers } from "~/modules/tasks/assignable-users";
import type { AssignableUserDto } from "@worker/services/crm-types";

/**
 * 'Nova ação' → 'Novo lead' (and 'Adicionar Lead'): the leads screen's form dialog, with the
 * assignee choices fetched when it opens. Focus goes back to what opened it.
 */
export function NewLeadDialog({
  onOpenChange,
  returnFocusTo,
  onSaved,
}: {
  onOpenChange: (open: boolean) => void;
  returnFocusTo: RefObject<HTMLElement | null>;
  onSaved: () => void;
}) {
  const [users, setUsers] = useState<AssignableUserDto[]>([]);
  useEffect(() => {
    let live = true;
    loadAssignableUsers().then(
      (list) => live && setUsers(list),
      () => undefined, // the form still works: only 'Nenhum' to choose
    );
    return () => {
      live = false;
    };
  }, []);

  // The lead dialog returns focus to its trigger, which it does not have here.
  useEffect(
    () => () => {
      const target = returnFocusTo.current;
      if (target?.isConnected) requestAnimationFrame(() => target.focus());
    },
    [returnFocusTo],
  );

  return <LeadFormDialog open onOpenChange={onOpenChange} assignableUsers={users} onSaved={() => onSaved()} />;
}
