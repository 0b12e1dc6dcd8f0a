import { Link } from "react-router";
import { useI18n } from "~/i18n/react";
import { sitePath } from "./site-paths.ts";

/**
 * The floating button at the bottom right where the lead-qualification chat assistant
 * lives. Until the assistant arrives (its own issue) it takes the visitor to the contact
 * form, so it is never an inert control.
 */
export function ChatButtonSlot() {
  const { language, t } = useI18n();
  return (
    <div id="chat-assistant-slot" className="fixed bottom-5 right-5 z-40">
      <Link
        to={sitePath(language, "/contact")}
        aria-label={t("site.chat.open")}
        title={t("site.chat.open")}
        className="flex h-14 w-14 items-center justify-center rounded-full bg-brand-600 text-white shadow-xl shadow-brand-600/30 transition hover:scale-105 hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="1.8">
          <path d="M4 5.5A2.5 2.5 0 0 1 6.5 3h11A2.5 2.5 0 0 1 20 5.5v8a2.5 2.5 0 0 1-2.5 2.5H10l-4.5 4v-4h0A1.5 1.5 0 0 1 4 14.5z" />
        </svg>
      </Link>
    </div>
  );
}
