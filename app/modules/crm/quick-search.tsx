import { MagnifyingGlassIcon } from "@radix-ui/react-icons";
import { Button, Kbd } from "@radix-ui/themes";
import { Suspense, useEffect, useState } from "react";
import { useI18n } from "~/i18n/react";
import { lazyChunk } from "~/components/lazy-chunk";

const QuickSearchDialog = lazyChunk(() => import("./quick-search-dialog.tsx"));

/** True for Ctrl+K, and ⌘+K on a Mac. */
function isQuickSearchShortcut(event: Pick<KeyboardEvent, "key" | "ctrlKey" | "metaKey" | "altKey" | "shiftKey">) {
  return event.key.toLowerCase() === "k" && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey;
}

/**
 * The top bar's search button and the Ctrl/⌘+K shortcut, on every CRM screen. The dialog's
 * code loads on the first open (or when the pointer comes near the button).
 */
export function QuickSearch() {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isQuickSearchShortcut(event)) return;
      event.preventDefault();
      setWanted(true);
      setOpen((current) => !current);
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);

  return (
    <>
      <Button
        variant="soft"
        color="gray"
        aria-keyshortcuts="Control+K Meta+K"
        data-testid="quick-search-button"
        onPointerEnter={() => setWanted(true)}
        onFocus={() => setWanted(true)}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <MagnifyingGlassIcon width={16} height={16} aria-hidden />
        {/* The name is the visible word (read on a phone too, where only the icon shows). The
            shortcut hint is for the eyes; aria-keyshortcuts tells assistive technology. Radix
            styles are not in a cascade layer: responsive display goes on plain wrappers. */}
        <span className="sr-only sm:not-sr-only">{t("crm.search.open")}</span>
        <span className="hidden sm:inline-flex" aria-hidden>
          <Kbd size="1">{t("crm.search.shortcut")}</Kbd>
        </span>
      </Button>
      {wanted ? (
        <Suspense fallback={null}>
          <QuickSearchDialog open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
