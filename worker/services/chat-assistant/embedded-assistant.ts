import type { ChatAssistantRequest, ChatLanguage, ChatTurn, ChatUserInfo } from "~/modules/chat/chat-types";
import { extractContact, guessName } from "~/modules/chat/contact-extraction";
import { understand, type Understanding } from "./intents.ts";
import { listTypes, REPLY_COPY } from "./replies.ts";
import {
  AVERAGE_DELIVERY_DAYS,
  CASE_STUDIES,
  CONTACT_WITHIN_HOURS,
  figures,
  landingWords,
  pagePaths,
  tierFacts,
  URGENCY_COST_PERCENT,
  URGENCY_FASTER_PERCENT,
} from "./site-facts.ts";
import { normalize, tokens } from "./text.ts";
import type { ChatAssistant, ChatAssistantReply, ChatIntent } from "./types.ts";

// The default assistant: no network, no model, the same answer for the same input. It reads
// the visitor's message (and the visitor's earlier turns), works out what it is about
// (intents.ts) and which contact details it carries (contact-extraction.ts), merges them into
// what is already known, and answers from the site's facts in the visitor's language, ending
// with the question that moves the conversation towards a qualified lead.

/** At most this many needs are kept (oldest first). */
export const MAX_NEEDS = 10;
const MAX_FIELD = 200;
const EMAIL_ONLY = /^[a-z0-9][a-z0-9._%+-]*@[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*\.[a-z]{2,}$/i;

/** Intents that say what the visitor needs (a need + an e-mail = a lead). */
const NEED_INTENTS: readonly ChatIntent[] = ["services", "pricing", "timeline", "roi"];
/** Needs that are not intents: the visitor asked to be contacted by the team. */
export const TALK_TO_TEAM = "talk_to_team";

type Known = { name: string | null; email: string | null; phone: string | null; company: string | null; needs: string[] };

const text = (value: unknown): string | null => {
  if (typeof value !== "string") return null;
  const trimmed = value.trim().slice(0, MAX_FIELD);
  return trimmed || null;
};

/** What the request says is known, cleaned: an e-mail that is not one is not known. */
export function knownFromUserInfo(info: ChatUserInfo | undefined): Known {
  const email = text(info?.email)?.toLowerCase() ?? null;
  return {
    name: text(info?.name),
    email: email && EMAIL_ONLY.test(email) ? email : null,
    phone: text(info?.phone),
    company: text(info?.company),
    needs: addNeeds(
      [],
      (info?.needsIdentified ?? []).filter((need): need is string => typeof need === "string").map((need) => need.trim().slice(0, 40)),
    ),
  };
}

function addNeeds(needs: readonly string[], more: readonly string[]): string[] {
  const out = [...needs];
  for (const need of more) if (need && !out.includes(need) && out.length < MAX_NEEDS) out.push(need);
  return out;
}

/** Newer values replace older ones; nothing known is ever dropped. */
export function mergeKnown(older: Known, newer: Partial<Known>): Known {
  return {
    name: newer.name ?? older.name,
    email: newer.email ?? older.email,
    phone: newer.phone ?? older.phone,
    company: newer.company ?? older.company,
    needs: addNeeds(older.needs, newer.needs ?? []),
  };
}

export const isQualified = (known: Pick<Known, "email" | "needs">) => Boolean(known.email) && known.needs.length > 0;

/** Words of a bot question for the visitor's name or contact details (folded like the visitor's). */
const DETAIL_WORDS = new Set(
  "nome nombre name names llamas chama chamo email e-mail correo contato contacto contact telefone telefono phone whatsapp"
    .split(" ")
    .map(normalize),
);

/** The bot's last turn asked for the visitor's name or contact details ("Qual é o seu nome?"). */
function askedForDetails(turn: ChatTurn | undefined): boolean {
  return Boolean(turn?.isBot) && tokens(turn?.content ?? "").some((word) => DETAIL_WORDS.has(word));
}

const withoutDetails = (message: string, email: string | null, phoneText: boolean) => {
  let rest = message;
  if (email) rest = rest.replace(new RegExp(email.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), "i"), " ");
  if (phoneText) rest = rest.replace(/\+?\s?\(?\d[\d\s().-]{6,20}\d/g, " ");
  return rest.replace(/\s+/g, " ").trim();
};

type Reading = { understanding: Understanding; found: Partial<Known>; intent: ChatIntent };

/** One visitor message: what it is about and what it tells about the visitor. */
function read(message: string, previous: ChatTurn | undefined): Reading {
  const contact = extractContact(message);
  const rest = withoutDetails(message, contact.email, Boolean(contact.phone));
  const understanding = understand(rest, Boolean(contact.email || contact.phone));
  let intent = understanding.intent;
  let name = contact.name;
  // Spec §5's name guess ("Maria Fernanda"), only as an answer to the bot's question for a
  // name or contact details, and only for a message about nothing else ("marketplace" is a
  // need, "asdfgh" and "cheers mate" are not names).
  if (!name && (intent === "unknown" || intent === "contact") && askedForDetails(previous)) {
    name = guessName(rest.replace(/^[,;\s-]+|[,;\s-]+$/g, ""));
    if (name && intent === "unknown") intent = "contact";
  }
  const needs: string[] = [];
  for (const need of NEED_INTENTS) {
    if (intent === need || (understanding.scores[need] ?? 0) >= 3) needs.push(need);
  }
  needs.push(...understanding.projectTypes);
  if (understanding.wantsContact) needs.push(TALK_TO_TEAM);
  return {
    understanding,
    intent,
    found: { name, email: contact.email, phone: contact.phone, company: contact.company, needs },
  };
}

/** What the visitor's earlier turns told (for a widget that did not keep userInfo). */
function knownFromHistory(conversation: readonly ChatTurn[]): Known {
  let known: Known = { name: null, email: null, phone: null, company: null, needs: [] };
  conversation.forEach((turn, index) => {
    if (turn.isBot || typeof turn.content !== "string") return;
    known = mergeKnown(known, read(turn.content, conversation[index - 1]).found);
  });
  return known;
}

/** The answer to the topic of the message, from the site's facts. */
function answer(intent: ChatIntent, u: Understanding, language: ChatLanguage): string | null {
  const copy = REPLY_COPY[language];
  const paths = pagePaths(language);
  switch (intent) {
    case "services":
      return copy.services(
        listTypes(
          language,
          u.projectTypes.filter((type) => type !== "other_project"),
        ),
      );
    case "pricing":
      return u.tier
        ? copy.pricingTier(tierFacts(u.tier), paths.planner)
        : copy.pricingGeneral(tierFacts("mvp"), tierFacts("saas"), paths.planner);
    case "timeline": {
      const base = u.tier
        ? copy.timelineTier(tierFacts(u.tier), AVERAGE_DELIVERY_DAYS, paths.planner)
        : copy.timelineGeneral(AVERAGE_DELIVERY_DAYS, tierFacts("mvp"), paths.planner);
      return u.urgent ? `${base} ${copy.urgent(URGENCY_FASTER_PERCENT, URGENCY_COST_PERCENT)}` : base;
    }
    case "guarantee":
      return copy.guarantee(landingWords(language).guarantee, figures(language).onTimeProjects, paths.guarantee);
    case "case_studies": {
      const match = CASE_STUDIES.find((fact) => u.industry !== null && fact.industries.includes(u.industry));
      if (match) return copy.caseStudy(match, match.summary[language], paths.caseStudy(match.slug));
      const [a, b] = CASE_STUDIES;
      return copy.caseStudies(`${a?.name} (${a?.summary[language]})`, `${b?.name} (${b?.summary[language]})`, paths.caseStudies);
    }
    case "process":
      return copy.process(landingWords(language).steps, paths.process);
    case "roi":
      return copy.roi(figures(language).roi, paths.roi);
    default:
      return null;
  }
}

const sentenceCount = (text: string) => text.split(/(?<=[.!?])\s+/).filter(Boolean).length;

/** The most specific topic of a message that also carries contact details (for the confirmation). */
function topicOf(u: Understanding): ChatIntent | null {
  const topics: ChatIntent[] = ["pricing", "timeline", "guarantee", "roi", "case_studies", "process"];
  const best = topics.filter((topic) => (u.scores[topic] ?? 0) >= 3).sort((a, b) => (u.scores[b] ?? 0) - (u.scores[a] ?? 0))[0];
  return best ?? null;
}

/** The reply, and whether this message made the visitor a lead (the reply confirms it). */
export type EmbeddedTurn = { reply: ChatAssistantReply; justQualified: boolean };

export function embeddedReply(request: ChatAssistantRequest): ChatAssistantReply {
  return embeddedTurn(request).reply;
}

export function embeddedTurn(request: ChatAssistantRequest): EmbeddedTurn {
  const language = request.language;
  const copy = REPLY_COPY[language];
  const paths = pagePaths(language);
  const conversation = Array.isArray(request.conversation) ? request.conversation : [];
  const before = mergeKnown(knownFromHistory(conversation), knownFromUserInfo(request.userInfo));
  const previousTurn = conversation[conversation.length - 1];
  const message = typeof request.message === "string" ? request.message : "";
  const { understanding: u, intent, found } = read(message, previousTurn);
  const known = mergeKnown(before, found);

  const qualified = isQualified(known);
  const justQualified = qualified && (!isQualified(before) || known.email !== before.email);
  const name = known.name;
  const sentences: string[] = [];

  if (justQualified) {
    sentences.push(copy.confirmed(name, known.email as string, CONTACT_WITHIN_HOURS));
    const topic = intent === "contact" ? topicOf(u) : intent;
    const extra = topic ? answer(topic, u, language) : null;
    // At most 3 sentences: a two-sentence answer gives way to the confirmation.
    if (extra && sentenceCount(extra) === 1) sentences.push(extra);
    sentences.push(copy.askMore(paths.caseStudies));
  } else {
    switch (intent) {
      case "greeting":
        sentences.push(copy.greeting(name));
        break;
      case "contact":
        if (found.email) sentences.push(copy.gotEmail(name));
        else if (found.phone) sentences.push(copy.gotPhone(name));
        else if (found.name && !u.wantsContact) sentences.push(copy.gotName(found.name));
        else sentences.push(copy.talk(CONTACT_WITHIN_HOURS, paths.contact));
        break;
      case "thanks":
        sentences.push(copy.thanks(name));
        break;
      case "goodbye":
        sentences.push(qualified ? copy.goodbyeQualified(name, CONTACT_WITHIN_HOURS) : copy.goodbye(name, paths.contact));
        break;
      case "unknown":
        sentences.push(copy.unknown);
        break;
      default:
        sentences.push(answer(intent, u, language) ?? copy.unknown);
    }
    // Every reply but a goodbye ends with the next qualifying question.
    if (intent !== "goodbye") {
      if (qualified) sentences.push(copy.askMore(paths.caseStudies));
      else if (known.needs.length === 0) sentences.push(copy.askNeed);
      else if (known.phone && !known.email) sentences.push(copy.askEmailToo);
      else sentences.push(name ? copy.askEmail : copy.askNameEmail);
    }
  }

  const reply: ChatAssistantReply = {
    response: sentences.join(" "),
    userInfo: {
      name: known.name,
      email: known.email,
      phone: known.phone,
      company: known.company,
      needsIdentified: known.needs,
    },
    shouldCreateLead: qualified,
    intent,
  };
  return { reply, justQualified };
}

export function createEmbeddedAssistant(): ChatAssistant {
  return { reply: async (request) => embeddedReply(request) };
}
