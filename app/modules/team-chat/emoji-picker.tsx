import { FaceIcon } from "./chat-icons";
import { IconButton, Popover } from "@radix-ui/themes";
import { useState } from "react";
import { useI18n } from "~/i18n/react";

/** A small fixed set: no emoji library (weight budget), the ones a sales team uses. */
const EMOJIS = [
  "😀", "😂", "😊", "😍", "😉", "😎", "🤔", "😅",
  "😢", "😮", "😴", "🙏", "👍", "👎", "👏", "🙌",
  "💪", "🤝", "👀", "🎉", "🚀", "🔥", "✅", "❌",
  "⚠️", "💡", "📈", "📉", "💰", "📞", "📧", "📅",
  "⏰", "📌", "📎", "❤️", "⭐", "🏆", "☕", "🍕",
] as const;

/** The composer's emoji button: a grid of emojis; a pick is inserted at the caret. */
export function EmojiPicker({ onPick }: { onPick: (emoji: string) => void }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger>
        <IconButton type="button" size="3" variant="ghost" color="gray" aria-label={t("crm.teamChat.pane.emoji")} data-testid="chat-emoji">
          <FaceIcon width={18} height={18} />
        </IconButton>
      </Popover.Trigger>
      <Popover.Content size="1" side="top" align="start" className="w-[17.5rem] max-w-[calc(100vw-1.5rem)]" aria-label={t("crm.teamChat.pane.emojiList")}>
        <div className="grid grid-cols-8 gap-0.5" data-testid="chat-emoji-list">
          {EMOJIS.map((emoji) => (
            <button
              key={emoji}
              type="button"
              className="flex size-8 items-center justify-center rounded text-lg hover:bg-[var(--gray-a4)] focus-visible:outline-2"
              onClick={() => {
                onPick(emoji);
                setOpen(false);
              }}
            >
              {emoji}
            </button>
          ))}
        </div>
      </Popover.Content>
    </Popover.Root>
  );
}
