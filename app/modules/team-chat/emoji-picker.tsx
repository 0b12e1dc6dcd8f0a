import { FaceIcon } from "./chat-icons";
import { IconButton, Popover } from "@radix-ui/themes";
import { Suspense, useState } from "react";
import { useI18n } from "~/i18n/react";
import { lazyChunk } from "~/components/lazy-chunk";

const loadGrid = () => import("./emoji-grid.tsx");
const EmojiGrid = lazyChunk(loadGrid);

/** The composer's emoji button: a grid of emojis; a pick is inserted at the caret. */
export function EmojiPicker({ onPick }: { onPick: (emoji: string) => void }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger>
        <IconButton
          type="button"
          size="3"
          variant="ghost"
          color="gray"
          aria-label={t("crm.teamChat.pane.emoji")}
          data-testid="chat-emoji"
          onPointerEnter={() => void loadGrid()}
          onFocus={() => void loadGrid()}
        >
          <FaceIcon width={18} height={18} />
        </IconButton>
      </Popover.Trigger>
      <Popover.Content
        size="1"
        side="top"
        align="start"
        className="w-[17.5rem] max-w-[calc(100vw-1.5rem)]"
        aria-label={t("crm.teamChat.pane.emojiList")}
      >
        {/* Its size while the grid's code arrives (the first open only). */}
        <Suspense fallback={<div className="h-[8.5rem]" />}>
          <EmojiGrid
            onPick={(emoji) => {
              onPick(emoji);
              setOpen(false);
            }}
          />
        </Suspense>
      </Popover.Content>
    </Popover.Root>
  );
}
