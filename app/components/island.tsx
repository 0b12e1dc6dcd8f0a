import { lazy, Suspense, type ComponentType } from "react";

const waiting = new Set<() => void>();
let interacted = false;

/**
 * The visitor's first interaction (a tap, a click, a key, focus moving) wakes every island
 * still waiting: an interaction can lead to a navigation or a revalidation, and React can
 * only apply an update to a part of the page once it has hydrated it.
 */
function onFirstInteraction() {
  if (interacted) return;
  interacted = true;
  for (const wake of waiting) wake();
  waiting.clear();
  for (const type of INTERACTIONS) document.removeEventListener(type, onFirstInteraction, true);
}
const INTERACTIONS = ["pointerdown", "keydown", "focusin"] as const;

/**
 * Resolves when the element with this id comes near the viewport or the visitor first
 * interacts with the page (at once where the element is not in the document, e.g. on a
 * client-side navigation, or IntersectionObserver is missing).
 */
function whenNeeded(id: string): Promise<void> {
  return new Promise((resolve) => {
    const element = document.getElementById(id);
    if (interacted || !element || typeof IntersectionObserver === "undefined") return resolve();
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) wake();
      },
      { rootMargin: "300px 0px" },
    );
    const wake = () => {
      observer.disconnect();
      waiting.delete(wake);
      resolve();
    };
    waiting.add(wake);
    if (waiting.size === 1) for (const type of INTERACTIONS) document.addEventListener(type, onFirstInteraction, true);
    observer.observe(element);
  });
}

/**
 * A part of a page rendered on the server like any other, whose code the browser loads only
 * when it scrolls near the viewport or the visitor first interacts: until then React keeps
 * the server's HTML as it is (links and GET forms work as plain HTML), then hydrates it. For what is below the fold
 * (the landing's sections under the hero), so it is not in the page's first JavaScript.
 */
export function island<P extends object>(id: string, load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Lazy = lazy(async () => {
    if (typeof document !== "undefined") await whenNeeded(id);
    return { default: await load() };
  });
  function Island(props: P) {
    return (
      <div id={id}>
        <Suspense fallback={null}>
          <Lazy {...props} />
        </Suspense>
      </div>
    );
  }
  Island.displayName = `Island(${id})`;
  return Island;
}
