import { describe, expect, it } from "vitest";
import type { ChatAssistantRequest, ChatLanguage, ChatTurn, ChatUserInfo } from "../../app/modules/chat/chat-types.ts";
import { createEmbeddedAssistant } from "../../worker/services/chat-assistant/index.ts";
import { EVAL_SET, HELD_OUT_2_SET, HELD_OUT_SET, UNTUNED_SET } from "./eval-set.ts";

const assistant = createEmbeddedAssistant();
const LANGUAGES = ["pt", "es", "en"] as const;

const ask = (message: string, language: ChatLanguage = "pt", userInfo: ChatUserInfo = {}, conversation: ChatTurn[] = []) =>
  assistant.reply({ message, language, userInfo, conversation });

/** Sentences of a reply ("Sim!" counts; the dots of an e-mail or a path do not). */
const sentences = (text: string) => text.split(/(?<=[.!?])\s+/).filter(Boolean);

describe("embedded assistant: userInfo", () => {
  it("merges what the message says into what is known, never dropping a field", async () => {
    const reply = await ask("meu email é ana@padaria.com", "pt", {
      name: "Ana",
      phone: "+5511987654321",
      company: "Padaria Central",
      needsIdentified: ["pricing"],
    });
    expect(reply.userInfo).toEqual({
      name: "Ana",
      email: "ana@padaria.com",
      phone: "+5511987654321",
      company: "Padaria Central",
      needsIdentified: ["pricing"],
    });
  });

  it("replaces an older e-mail with a newer one and confirms the new address", async () => {
    const reply = await ask("na verdade é melhor ana.souza@empresa.com.br", "pt", {
      email: "ana@antigo.com",
      needsIdentified: ["pricing"],
    });
    expect(reply.userInfo.email).toBe("ana.souza@empresa.com.br");
    expect(reply.shouldCreateLead).toBe(true);
    expect(reply.response).toContain("ana.souza@empresa.com.br");
    expect(reply.response).toContain("24");
  });

  it("records needs (intents and project types) once each, at most 10", async () => {
    const first = await ask("quanto custa um app mobile com loja virtual?");
    expect(first.userInfo.needsIdentified).toEqual(expect.arrayContaining(["pricing", "mobile_app", "ecommerce"]));
    const again = await ask("e quanto custa o app?", "pt", first.userInfo);
    expect(again.userInfo.needsIdentified?.filter((need) => need === "pricing")).toHaveLength(1);
    const full = Array.from({ length: 10 }, (_, index) => `need_${index}`);
    const capped = await ask("quanto custa?", "pt", { needsIdentified: full });
    expect(capped.userInfo.needsIdentified).toEqual(full);
  });

  it("reads details and needs from the visitor's earlier turns when userInfo lost them", async () => {
    const conversation: ChatTurn[] = [
      { content: "quero um app de delivery", isBot: false },
      { content: "Qual é o seu nome e e-mail?", isBot: true },
    ];
    const reply = await ask("Bruno, bruno@delivery.com", "pt", {}, conversation);
    expect(reply.userInfo.name).toBe("Bruno");
    expect(reply.userInfo.email).toBe("bruno@delivery.com");
    expect(reply.userInfo.needsIdentified).toContain("mobile_app");
    expect(reply.shouldCreateLead).toBe(true);
  });

  it("does not trust a userInfo e-mail that is not an e-mail", async () => {
    const reply = await ask("quanto custa?", "en", { email: "not-an-email", needsIdentified: ["pricing"] });
    expect(reply.userInfo.email).toBeNull();
    expect(reply.shouldCreateLead).toBe(false);
  });
});

describe("embedded assistant: shouldCreateLead (an e-mail and a need)", () => {
  it("is false with an e-mail and no need, and asks what the project is", async () => {
    const reply = await ask("my email is john@acme.com", "en");
    expect(reply.shouldCreateLead).toBe(false);
    expect(reply.response).toMatch(/what kind of project/i);
  });

  it("is true with an e-mail and a need in the same message, and promises contact within 24 hours", async () => {
    for (const [language, message, promise] of [
      ["pt", "quero um orçamento pra um app, meu email é ana@x.com", /em até 24 horas/],
      ["es", "quiero cotizar una app, mi correo es ana@x.com", /en un plazo de 24 horas/],
      ["en", "how much for an app? email me at ana@x.com", /within 24 hours/],
    ] as const) {
      const reply = await ask(message, language);
      expect(reply.shouldCreateLead, message).toBe(true);
      expect(reply.response, message).toMatch(promise);
    }
  });

  it("counts a need from an earlier turn", async () => {
    const first = await ask("how long does an mvp take?", "en");
    expect(first.shouldCreateLead).toBe(false);
    const second = await ask("ok, john@acme.com", "en", first.userInfo, [
      { content: "how long does an mvp take?", isBot: false },
      { content: first.response, isBot: true },
    ]);
    expect(second.shouldCreateLead).toBe(true);
  });

  it("with only a phone asks for an e-mail too", async () => {
    for (const [language, word] of [
      ["pt", "e-mail"],
      ["es", "correo"],
      ["en", "e-mail"],
    ] as const) {
      const reply = await ask("11 98765-4321", language, { needsIdentified: ["pricing"] });
      expect(reply.userInfo.phone).toBe("+5511987654321");
      expect(reply.shouldCreateLead).toBe(false);
      expect(reply.response).toContain(word);
      expect(reply.response.trim().endsWith("?")).toBe(true);
    }
  });

  it("stays true once qualified without repeating the confirmation", async () => {
    const reply = await ask("e quanto tempo leva?", "pt", { email: "ana@x.com", needsIdentified: ["pricing"] });
    expect(reply.shouldCreateLead).toBe(true);
    expect(reply.response).not.toMatch(/entrar em contato em até 24 horas/);
  });
});

describe("embedded assistant: answers and links in the visitor's language", () => {
  const cases: [string, Record<ChatLanguage, string>][] = [
    ["quanto custa um app?", { pt: "/pt/planner", es: "/es/planner", en: "/en/planner" }],
    ["qual o roi medio?", { pt: "/pt#roi", es: "/es#roi", en: "/en#roi" }],
    ["tem garantia?", { pt: "/pt#guarantee", es: "/es#guarantee", en: "/en#guarantee" }],
    ["como funciona o processo?", { pt: "/pt#process", es: "/es#process", en: "/en#process" }],
    ["vcs tem portfolio?", { pt: "/pt/case-studies", es: "/es/case-studies", en: "/en/case-studies" }],
    [
      "any case studies in healthcare?",
      { pt: "/pt/solutions/aura-health-mvp", es: "/es/solutions/aura-health-mvp", en: "/en/solutions/aura-health-mvp" },
    ],
    ["quero falar com um atendente", { pt: "/pt/contact", es: "/es/contact", en: "/en/contact" }],
  ];
  for (const [message, paths] of cases) {
    it(`${message} → ${Object.values(paths).join(", ")}`, async () => {
      for (const language of LANGUAGES) {
        const reply = await ask(message, language);
        expect(reply.response).toContain(paths[language]);
        const others = LANGUAGES.filter((other) => other !== language);
        for (const other of others) expect(reply.response).not.toMatch(new RegExp(`/${other}(/|#|\\b)`));
      }
    });
  }

  it("quotes the site's facts: fixed price and the planner tiers, the guarantee's own words", async () => {
    const pricing = await ask("how much does a marketplace cost?", "en");
    expect(pricing.response).toContain("$60K-160K");
    expect(pricing.response).toContain("fixed price");
    const guarantee = await ask("e se atrasar?", "pt");
    expect(guarantee.response).toContain("No prazo, no orçamento, ou o próximo mês é grátis");
    const timeline = await ask("lo necesito urgente, cuanto tardan?", "es");
    expect(timeline.response).toContain("90 días");
    expect(timeline.response).toContain("25%");
  });

  it("answers the same question in the language asked for", async () => {
    const replies = await Promise.all(LANGUAGES.map((language) => ask("quanto custa?", language)));
    expect(replies[0]?.response).toContain("preço fixo");
    expect(replies[1]?.response).toContain("precio fijo");
    expect(replies[2]?.response).toContain("fixed price");
  });
});

describe("embedded assistant: never empty, short, ends with a question", () => {
  const odd = ["", "   ", "???", "🙂", "a".repeat(1000), "<script>alert(1)</script>", "1234"];
  it("answers odd input in every language with a helpful, non-empty reply", async () => {
    for (const language of LANGUAGES) {
      for (const message of odd) {
        const reply = await ask(message, language);
        expect(reply.response.trim().length, JSON.stringify(message)).toBeGreaterThan(20);
        expect(reply.response.trim().endsWith("?"), reply.response).toBe(true);
        expect(reply.response).not.toContain("<script>");
      }
    }
  });

  it("keeps every reply of the evaluation sets to 1-3 sentences, and ends with a question unless the visitor is leaving", async () => {
    for (const item of [...EVAL_SET, ...HELD_OUT_SET, ...HELD_OUT_2_SET, ...UNTUNED_SET]) {
      const request: ChatAssistantRequest = {
        message: item.message,
        language: item.language,
        conversation: item.conversation ?? [],
        userInfo: {},
      };
      const reply = await assistant.reply(request);
      const count = sentences(reply.response).length;
      expect(count, reply.response).toBeGreaterThanOrEqual(1);
      expect(count, reply.response).toBeLessThanOrEqual(3);
      if (reply.intent !== "goodbye") expect(reply.response.trim().endsWith("?"), reply.response).toBe(true);
    }
  });

  it("greets and offers what it can do", async () => {
    const reply = await ask("hola", "es");
    expect(reply.intent).toBe("greeting");
    expect(reply.response).toMatch(/precios/);
    expect(reply.response).toMatch(/\?$/);
  });
});
