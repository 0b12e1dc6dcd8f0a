import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { useI18n } from "~/i18n/react";
import { sitePath } from "./site-paths.ts";

/**
 * The controls a floating button must never cover: everything of a form (its fields and its
 * submit, the ROI calculator's and the planner's buttons included) and anything marked
 * `data-keep-clear`.
 */
const KEEP_CLEAR =
  "form button, form input:not([type=hidden]), form select, form textarea, form a[href], form summary, [data-keep-clear]";

/** Fields that raise a phone's keyboard (or its picker). */
const TYPING_FIELD = "textarea, select, input:not([type=button],[type=submit],[type=reset],[type=checkbox],[type=radio],[type=range],[type=hidden])";

/** Below Tailwind's lg breakpoint: a phone or a small tablet. */
const NARROW = "(max-width: 1023.98px)";

/** Space kept around the button, in px: a control this close counts as covered. */
const MARGIN = 8;

/**
 * Whether the floating button must step aside now: a form control lies under it (plus a
 * margin), or, on a narrow screen, the visitor is typing in a field (the keyboard is up and
 * the page is short). Never while focus is inside the slot itself (a keyboard user on the
 * button, or the coming chat widget open and in use).
 */
function mustStepAside(slot: HTMLElement): boolean {
  const active = document.activeElement;
  if (active && slot.contains(active)) return false;
  if (active instanceof Element && active.matches(TYPING_FIELD) && window.matchMedia(NARROW).matches) return true;
  const box = slot.getBoundingClientRect();
  if (box.width === 0) return false;
  for (const control of document.querySelectorAll(KEEP_CLEAR)) {
    if (slot.contains(control)) continue;
    const rect = control.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0) continue;
    if (
      rect.right > box.left - MARGIN &&
      rect.left < box.right + MARGIN &&
      rect.bottom > box.top - MARGIN &&
      rect.top < box.bottom + MARGIN
    ) {
      return true;
    }
  }
  return false;
}

/**
 * The floating button at the bottom right where the lead-qualification chat assistant
 * lives. Until the assistant arrives (its own issue) it takes the visitor to the contact
 * form, so it is never an inert control.
 *
 * Contract for the widget that will fill it: the slot is `#chat-assistant-slot`, fixed at
 * the bottom right, below the header's menus (z-30). It steps aside (hidden, not clickable)
 * whenever it would cover a form's control, or while a field has focus on a narrow screen,
 * so it never hides a submit button on a phone; without JavaScript (nothing can move it out
 * of the way) it is not shown on narrow screens at all.
 */
export function ChatButtonSlot() {
  const { language, t } = useI18n();
  const slot = useRef<HTMLDivElement>(null);
  const [aside, setAside] = useState(false);

  useEffect(() => {
    let frame = 0;
    const check = () => {
      frame = 0;
      if (slot.current) setAside(mustStepAside(slot.current));
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(check);
    };
    // Anything that can move a control under the button: scrolling, resizing, focus (the
    // keyboard), and the page changing (a new route, a step of the planner, a result).
    window.addEventListener("scroll", schedule, { passive: true });
    window.addEventListener("resize", schedule);
    document.addEventListener("focusin", schedule);
    document.addEventListener("focusout", schedule);
    const mutations = new MutationObserver(schedule);
    mutations.observe(document.body, { childList: true, subtree: true });
    const sizes = new ResizeObserver(schedule);
    sizes.observe(document.body);
    schedule();
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", schedule);
      window.removeEventListener("resize", schedule);
      document.removeEventListener("focusin", schedule);
      document.removeEventListener("focusout", schedule);
      mutations.disconnect();
      sizes.disconnect();
    };
  }, []);

  return (
    <div
      ref={slot}
      id="chat-assistant-slot"
      data-stepped-aside={aside || undefined}
      className={`fixed bottom-5 right-5 z-30 transition-[opacity,visibility] duration-150 noscript:max-lg:hidden ${
        aside ? "pointer-events-none invisible opacity-0" : "visible opacity-100"
      }`}
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
