import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ComponentType, type KeyboardEvent, type MouseEvent } from "react";
import { Link } from "react-router";
import { useI18n } from "~/i18n/react";
import { watchChatButton } from "~/modules/site/chat-button-guard";
import { sitePath } from "~/modules/site/site-paths";
import type { ChatPanelProps } from "./chat-panel.tsx";

const PANEL_ID = "chat-assistant-panel";
/** Closed this long, the button pulses and shows a red dot (§2 Chat assistant, §9). */
const ATTENTION_AFTER_MS = 5000;

const loadPanel = () => import("./chat-panel.tsx").then((m) => m.ChatPanel);

/**
 * The chat assistant's button once the page is idle (app/modules/site/chat-button-slot.tsx
 * shows a plain link until then): it opens and closes the panel, says whether it is open, and
 * while closed pulses with a red dot after 5 seconds. The panel, the flow and their copy load
 * on first open (already on hover or focus, so the open feels instant). It keeps the slot's
 * contract: `#chat-assistant-slot` steps aside while closed whenever it would cover a form's
 * control (chat-button-guard.ts), and sits above the page while open.
 */
export function ChatLauncher({ focusButton = false, initiallyAside = false }: { focusButton?: boolean; initiallyAside?: boolean }) {
  const { language, t } = useI18n();
  const slot = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLAnchorElement>(null);
  const [aside, setAside] = useState(initiallyAside);
  const [open, setOpen] = useState(false);
  const [attention, setAttention] = useState(false);
  const [Panel, setPanel] = useState<ComponentType<ChatPanelProps> | null>(null);

  // Before the first paint: the slot must never show for a frame over a form control.
  useLayoutEffect(() => watchChatButton(slot.current!, setAside), []);

  // Opening or closing ends the attention pulse; closed, it starts again after a while.
  const [attentionFor, setAttentionFor] = useState(open);
  if (attentionFor !== open) {
    setAttentionFor(open);
    setAttention(false);
  }
  useEffect(() => {
    if (open) return;
    const id = window.setTimeout(() => setAttention(true), ATTENTION_AFTER_MS);
    return () => window.clearTimeout(id);
  }, [open]);

  // The panel's code, fetched once; if it cannot be fetched, the button is the contact link
  // it is without JavaScript.
  const loading = useRef<Promise<unknown>>(null);
  const prepare = () => {
    loading.current ??= loadPanel().then(
      (component) => setPanel(() => component),
      () => {
        loading.current = null;
        if (button.current?.getAttribute("aria-expanded") === "true") location.assign(button.current.href);
      },
    );
  };

  // Opened by a click before this code arrived: fetch the panel now.
  // Focused before this code arrived: focus stays on the button.
  useEffect(() => {
    if (focusButton) button.current?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Focus goes back to the button once it is shown again (on a phone the panel covers it).
  const close = useCallback(() => {
    setOpen(false);
    requestAnimationFrame(() => button.current?.focus());
  }, []);

  const toggle = (event: MouseEvent | KeyboardEvent) => {
    event.preventDefault();
    if (open) return close();
    prepare();
    setOpen(true);
  };

  return (
    <div
      ref={slot}
      id="chat-assistant-slot"
      data-open={open || undefined}
      data-stepped-aside={aside || undefined}
      data-chat-ready
      // Hidden at once (not faded), so it can never take a tap meant for the control below.
      className={`fixed bottom-5 right-5 noscript:max-lg:hidden ${open ? "z-[60]" : "z-30"} ${aside && !open ? "invisible" : ""}`}
      onKeyDown={(event) => {
        if (event.key === "Escape" && open) close();
      }}
    >
      {Panel ? <Panel open={open} language={language} onClose={close} id={PANEL_ID} /> : null}
      <Link
        ref={button}
        to={sitePath(language, "/contact")}
        onClick={toggle}
        // A button says so and answers Space too (Enter already follows the link's click).
        onKeyDown={(event) => {
          if (event.key === " ") toggle(event);
        }}
        onPointerEnter={prepare}
        onFocus={prepare}
        role="button"
        aria-expanded={open}
        aria-busy={(open && !Panel) || undefined}
        aria-controls={Panel ? PANEL_ID : undefined}
        aria-label={open ? t("site.chat.close") : t("site.chat.open")}
        title={open ? t("site.chat.close") : t("site.chat.open")}
        data-attention={attention || undefined}
        className={`relative flex h-14 w-14 items-center justify-center rounded-full bg-brand-600 text-white shadow-xl shadow-brand-600/30 transition hover:scale-105 hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
          attention ? "motion-safe:animate-pulse" : ""
        } ${open ? "max-sm:hidden" : ""}`}
      >
        {open ? (
          <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="1.8">
            <path d="M5 5l10 10M15 5 5 15" />
          </svg>
        ) : (
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="1.8">
            <path d="M4 5.5A2.5 2.5 0 0 1 6.5 3h11A2.5 2.5 0 0 1 20 5.5v8a2.5 2.5 0 0 1-2.5 2.5H10l-4.5 4v-4h0A1.5 1.5 0 0 1 4 14.5z" />
          </svg>
        )}
        {attention ? (
          <span aria-hidden="true" data-testid="chat-ping" className="absolute -right-0.5 -top-0.5 flex h-3.5 w-3.5">
            <span className="absolute inline-flex h-full w-full rounded-full bg-red-400 opacity-75 motion-safe:animate-ping" />
            <span className="relative inline-flex h-3.5 w-3.5 rounded-full border-2 border-white bg-red-500" />
          </span>
        ) : null}
      </Link>
    </div>
  );
}
