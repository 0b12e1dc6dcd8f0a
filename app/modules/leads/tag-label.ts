import { PREDEFINED_TAGS } from "@worker/db/schema/enums";
import type { Translate } from "~/i18n";

/** The dictionary key of each predefined tag (stored as its Portuguese value, PREDEFINED_TAGS). */
const TAG_KEYS = {
  Urgente: "urgent",
  Qualificado: "qualified",
  Interessado: "interested",
  Aguardando: "waiting",
  Retorno: "followUp",
  Orçamento: "quote",
  Proposta: "proposal",
  Concorrente: "competitor",
} as const satisfies Record<(typeof PREDEFINED_TAGS)[number], string>;

/**
 * A tag as the reader sees it: a predefined tag (its stored value, exactly) in the reader's
 * language (crm.shared.tags); any other tag as it was typed. The stored value never changes
 * (filters, exports and the API keep it). docs/decisions/025.
 */
export function tagLabel(tag: string, t: Translate): string {
  return Object.hasOwn(TAG_KEYS, tag) ? t(`crm.shared.tags.${TAG_KEYS[tag as keyof typeof TAG_KEYS]}`) : tag;
}
