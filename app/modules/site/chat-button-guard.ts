// Keeps the floating chat button (chat-button-slot.tsx) off the controls of forms. Every
// public page loads this, so it is kept small.

/**
 * The controls it must never cover: everything of a form (its fields and its submit, the
 * ROI calculator's and the planner's buttons included; hidden inputs have no box) and
 * anything marked `data-keep-clear`.
 */
const KEEP_CLEAR = "form :is(button,input,select,textarea,a,summary),[data-keep-clear]";

/** Fields that raise a phone's keyboard (or its picker). */
const TYPING_FIELD = "textarea,select,input:not([type=radio],[type=checkbox],[type=submit])";

/**
 * Whether the button must step aside now: a form control lies under it or within 8 px, or,
 * below the lg breakpoint (1024 px), the visitor is typing in a field (the keyboard is up and
 * the page is short). Never while focus is inside the slot (a keyboard user on the button,
 * or the chat panel open and in use).
 */
function mustStepAside(slot: HTMLElement): boolean {
  // The chat panel is open: the visitor is using it.
  if (slot.dataset.open) return false;
  const active = document.activeElement;
  if (active && slot.contains(active)) return false;
  if (active?.matches(TYPING_FIELD) && innerWidth < 1024) return true;
  const box = slot.getBoundingClientRect();
  return [...document.querySelectorAll(KEEP_CLEAR)].some((control) => {
    const r = control.getBoundingClientRect();
    return r.width > 0 && r.right > box.left - 8 && r.left < box.right + 8 && r.bottom > box.top - 8 && r.top < box.bottom + 8;
  });
}

/**
 * Watches everything that can move a control under the button (scrolling, resizing, focus,
 * the page changing: a new route, a step of the planner, a result) and reports, at most once
 * per frame, whether it must step aside. Returns the function that stops watching.
 */
export function watchChatButton(slot: HTMLElement, report: (aside: boolean) => void): () => void {
  let frame = 0;
  const schedule = () => {
    frame ||= requestAnimationFrame(() => {
      frame = 0;
      report(mustStepAside(slot));
    });
  };
  const events = ["scroll", "resize", "focusin", "focusout"];
  for (const type of events) addEventListener(type, schedule);
  const mutations = new MutationObserver(schedule);
  mutations.observe(document.body, { childList: true, subtree: true });
  // At once, not on the next frame: a slot that mounts over a form control (the launcher
  // taking the link's place) must not show for one frame where a tap could reach it.
  report(mustStepAside(slot));
  return () => {
    cancelAnimationFrame(frame);
    for (const type of events) removeEventListener(type, schedule);
    mutations.disconnect();
  };
}
