import { useCallback, useRef, useState } from "react";
import { useToast } from "~/components/ui/toaster";
import type { TranslationKey } from "~/i18n";
import { useI18n } from "~/i18n/react";
import { describeError } from "~/modules/crm/submit-failure";
import { useAnnounce } from "./announcer";

type WriteMessages = {
  /** The success toast's title; none when the change shows for itself. */
  success?: TranslationKey;
  /** A line under the success toast's title, decided once the write went through (e.g. "no reminder"). */
  note?: () => string | null;
  /** The error toast's title; its description is the API's reason (or "offline"). */
  failure: TranslationKey;
  /** Also told the reason (e.g. to show it under the field). */
  onFailure?: (reason: string) => void;
};

/**
 * One of the dialog's writes with the spec's toasts ('Arquivo enviado com sucesso!' /
 * 'Não foi possível enviar o arquivo' and the like, also said in the dialog's status region) and
 * a busy flag for its button.
 * `run` resolves true when the write went through.
 */
export function useWrite() {
  const { t } = useI18n();
  const toast = useToast();
  const announce = useAnnounce();
  const [busy, setBusy] = useState(false);
  const running = useRef(false);

  const run = useCallback(
    async (write: () => Promise<unknown>, { success, note, failure, onFailure }: WriteMessages): Promise<boolean> => {
      if (running.current) return false;
      running.current = true;
      setBusy(true);
      try {
        await write();
        if (success) {
          const description = note?.() ?? undefined;
          toast({ title: t(success), description, variant: "success" });
          announce(description ? `${t(success)} ${description}` : t(success));
        }
        return true;
      } catch (error) {
        const reason = describeError(error, t);
        onFailure?.(reason);
        toast({ title: t(failure), description: reason || undefined, variant: "destructive" });
        announce(reason ? `${t(failure)}: ${reason}` : t(failure));
        return false;
      } finally {
        running.current = false;
        setBusy(false);
      }
    },
    [t, toast, announce],
  );

  return { run, busy };
}
