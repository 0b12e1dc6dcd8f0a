import { useEffect, useRef, useState, type ComponentType } from "react";
import { Link } from "react-router";
import { useI18n } from "~/i18n/react";
import { watchChatButton } from "./chat-button-guard.ts";
import { sitePath } from "./site-paths.ts";

type Launcher = ComponentType<{ focusButton?: boolean; initiallyAside?: boolean }>;
const loadLauncher = () => import("~/modules/chat/chat-launcher").then((m) => m.ChatLauncher);

/**
 * The floating button at the bottom right where the lead-qualification chat assistant lives,
 * at the cost of a link: the page carries only this, and the assistant's launcher
 * (app/modules/chat/chat-launcher.tsx) replaces it once the browser is idle (a second or so
 * after the page loads). Until then, and without JavaScript, the link leads to the contact
 * form, so it is never an inert control.
 *
 * Contract of the slot, `#chat-assistant-slot`, fixed at the bottom right, below the header's
 * menus (z-30): it steps aside (hidden, not clickable) whenever it would cover a form's
 * control, or while a field has focus on a narrow screen, so it never hides a submit button
 * on a phone; without JavaScript (nothing can move it out of the way) it is not shown on
 * narrow screens at all.
 */
export function ChatButtonSlot() {
  const { language, t } = useI18n();
  const slot = useRef<HTMLDivElement>(null);
  const [aside, setAside] = useState(false);
  const [launcher, setLauncher] = useState<{ Launcher: Launcher; focused: boolean } | null>(null);

  // A keyboard user on this link keeps focus on the launcher's button.
  const hasFocus = () => !!slot.current?.contains(document.activeElement);

  useEffect(() => {
    if (launcher) return;
    const stop = watchChatButton(slot.current!, setAside);
    const load = () =>
      loadLauncher().then(
        (Launcher) => setLauncher({ Launcher, focused: hasFocus() }),
        () => undefined, // stays the contact link
      );
    const idle = window.requestIdleCallback?.(load, { timeout: 2000 }) ?? window.setTimeout(load, 500);
    return () => {
      stop();
      (window.cancelIdleCallback ?? window.clearTimeout)(idle);
    };
  }, [launcher]);

  if (launcher) return <launcher.Launcher focusButton={launcher.focused} initiallyAside={aside} />;
  return (
    <div
      ref={slot}
      id="chat-assistant-slot"
      data-stepped-aside={aside || undefined}
      // Hidden at once (not faded), so it can never take a tap meant for the control below.
      className={`fixed bottom-5 right-5 z-30 noscript:max-lg:hidden ${aside ? "invisible" : ""}`}
    >
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
