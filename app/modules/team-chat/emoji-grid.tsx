/** A small fixed set: no emoji library (weight budget), the ones a sales team uses. */
const EMOJIS = [
  "😀",
  "😂",
  "😊",
  "😍",
  "😉",
  "😎",
  "🤔",
  "😅",
  "😢",
  "😮",
  "😴",
  "🙏",
  "👍",
  "👎",
  "👏",
  "🙌",
  "💪",
  "🤝",
  "👀",
  "🎉",
  "🚀",
  "🔥",
  "✅",
  "❌",
  "⚠️",
  "💡",
  "📈",
  "📉",
  "💰",
  "📞",
  "📧",
  "📅",
  "⏰",
  "📌",
  "📎",
  "❤️",
  "⭐",
  "🏆",
  "☕",
  "🍕",
] as const;

/** The picker's grid, loaded when the picker first opens (it stays out of /chat's first load). */
export default function EmojiGrid({ onPick }: { onPick: (emoji: string) => void }) {
  return (
    <div className="grid grid-cols-8 gap-0.5" data-testid="chat-emoji-list">
      {EMOJIS.map((emoji) => (
        <button
          key={emoji}
          type="button"
          className="flex size-8 items-center justify-center rounded text-lg hover:bg-[var(--gray-a4)] focus-visible:outline-2"
          onClick={() => onPick(emoji)}
        >
          {emoji}
        </button>
      ))}
    </div>
  );
}
