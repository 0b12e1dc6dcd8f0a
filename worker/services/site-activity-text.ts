// The timeline entry the site's chat assistant writes (lead-capture-service: metadata.source
// "chat_assistant", no author) is stored as text under Portuguese headings (the summary, then
// "Conversa:" and "Visitante: …" / "Assistente: …" lines). An es or en reader gets it rewritten
// in their language when the timeline is read: each known heading line is written again with
// the reader's heading, the four answers from the keys kept in the entry's metadata (when the
// metadata has them), and the transcript's speaker labels swapped. What the visitor typed and
// the contact they gave stay as stored. Anything this cannot read is left as stored. (A line
// of a visitor's several-line message that itself begins with "Visitante: " is relabelled too.)
import { getTranslator } from "~/i18n/dictionaries.server";
import type { TranslationKey } from "~/i18n";
import type { Language } from "~/i18n/languages";
import type { ActivityDto } from "./crm-types.ts";

const stored = getTranslator("pt");

/** The summary's lines that carry a value: the heading's key and the metadata key of the answer. */
const VALUE_LINES = [
  { key: "leadCapture.projectType", answer: "projectType" },
  { key: "leadCapture.budget", answer: "budget" },
  { key: "leadCapture.timeline", answer: "timeline" },
  { key: "leadCapture.teamSize", answer: "teamSize" },
  { key: "leadCapture.contact", answer: null },
  { key: "leadCapture.language", answer: null },
] as const satisfies readonly { key: TranslationKey; answer: string | null }[];

/** "Tipo de projeto: {value}" → "Tipo de projeto: " (every value line ends with its value). */
const prefixOf = (key: TranslationKey) => stored(key, { value: "\u0000" }).split("\u0000")[0]!;

/** The chat assistant's entry in `language`; any other entry (or pt) unchanged. */
export function localizeSiteActivity(activity: ActivityDto, language: Language): ActivityDto {
  if (language === "pt" || activity.author !== null) return activity;
  const metadata = activity.metadata as Record<string, unknown> | null;
  if (metadata?.source !== "chat_assistant" || typeof activity.content !== "string") return activity;
  const t = getTranslator(language);
  const answerText = (answer: string | null, storedValue: string) => {
    const value = answer ? metadata[answer] : undefined;
    if (typeof value === "string" && value) {
      const key = `site.chatAssistant.options.${value}` as TranslationKey;
      const label = t(key);
      if (label !== key) return label;
    }
    return storedValue === stored("leadCapture.notInformed") ? t("leadCapture.notInformed") : storedValue;
  };
  const transcriptHeading = stored("leadCapture.transcript");
  const labels: [string, string][] = [
    [`${stored("leadCapture.visitor")}: `, `${t("leadCapture.visitor")}: `],
    [`${stored("leadCapture.assistant")}: `, `${t("leadCapture.assistant")}: `],
  ];
  let inTranscript = false;
  const lines = activity.content.split("\n").map((line) => {
    if (inTranscript) {
      const label = labels.find(([pt]) => line.startsWith(pt));
      return label ? label[1] + line.slice(label[0].length) : line;
    }
    if (line === transcriptHeading) {
      inTranscript = true;
      return t("leadCapture.transcript");
    }
    if (line === stored("leadCapture.heading")) return t("leadCapture.heading");
    for (const { key, answer } of VALUE_LINES) {
      const prefix = prefixOf(key);
      if (line.startsWith(prefix)) return t(key, { value: answerText(answer, line.slice(prefix.length)) });
    }
    return line;
  });
  return { ...activity, content: lines.join("\n") };
}
