import { useCallback } from "react";
import type { ToastInput } from "~/components/ui/toast";
import { useToast } from "~/components/ui/toaster";
import type { Translate } from "~/i18n";
import { useI18n } from "~/i18n/react";
import { ApiClientError, OfflineError } from "./api-client.ts";

// How the CRM's dialogs and panels put a failed request into words. Only code that loads on
// demand imports this module (dialogs, the lead detail, the notification panel): a screen's
// first load would pay for it as one more chunk.

/** The toast for a request that got no answer: every dialog words it the same way. */
const offlineToast = (t: Translate): ToastInput => ({ title: t("crm.shared.offline"), variant: "destructive" });

/**
 * What went wrong, for a toast's description: the offline sentence, the API's translated
 * message, or `fallback` for anything else.
 */
export function describeError(error: unknown, t: Translate, fallback = ""): string {
  if (error instanceof OfflineError) return t("crm.shared.offline");
  if (error instanceof ApiClientError) return error.message;
  return fallback;
}

/** The messages of the issues a form shows under its fields, by field. */
export function fieldMessages<Field extends string>(error: ApiClientError, fields: readonly Field[]): Partial<Record<Field, string>> {
  const messages: Partial<Record<Field, string>> = {};
  for (const field of fields) {
    const message = error.fieldMessage(field);
    if (message) messages[field] = message;
  }
  return messages;
}

type SubmitFailureOptions = {
  /** A 409 the form explains itself (a taken e-mail names its lead); true when it did. */
  onConflict?: (error: ApiClientError) => boolean;
  /**
   * The server refused the input: the form puts the issues under their fields. True when the
   * form shows the whole refusal itself, so no toast repeats it.
   */
  onRefused?: (error: ApiClientError) => boolean | void;
  /** The refusal toast's title; the generic error title by default. */
  title?: string;
  /** The description for a failure that is neither offline nor the server's answer. */
  unexpected?: string;
};

/**
 * What a CRM form shows when its submit fails, as the toast to show (null: the form shows it).
 * Offline, the one offline toast, and the dialog keeps what was typed; a conflict or the
 * server's field issues go to the form; otherwise the server's message under a title.
 */
export function submitFailure(error: unknown, t: Translate, options: SubmitFailureOptions = {}): ToastInput | null {
  if (error instanceof OfflineError) return offlineToast(t);
  if (error instanceof ApiClientError) {
    if (error.status === 409 && options.onConflict?.(error)) return null;
    if (options.onRefused?.(error)) return null;
    return { title: options.title ?? t("crm.shared.errorTitle"), description: error.message, variant: "destructive" };
  }
  return { title: t("crm.shared.errorTitle"), description: options.unexpected ?? t("errorScreen.message"), variant: "destructive" };
}

/** `submitFailure` with its toast shown: the catch of the CRM dialogs' submits. */
export function useSubmitFailure() {
  const { t } = useI18n();
  const toast = useToast();
  return useCallback(
    (error: unknown, options?: SubmitFailureOptions) => {
      const shown = submitFailure(error, t, options);
      if (shown) toast(shown);
    },
    [t, toast],
  );
}
