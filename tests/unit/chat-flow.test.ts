// The chat assistant's guided flow (site-and-sign-in.md §4, §5, §9) as the widget drives it.
import { describe, expect, it } from "vitest";
import { chatAssistantEn } from "~/i18n/site/chatAssistant/en";
import { chatAssistantPt } from "~/i18n/site/chatAssistant/pt";
import { translate } from "~/i18n/translate";
import {
  contactStepMessage,
  INITIAL_CHAT_STATE,
  mergeUserInfo,
  pressButton,
  replyDelay,
  stepButtons,
  welcomeReply,
  type ChatCopy,
  type ChatState,
} from "~/modules/chat/chat-flow";
import { BUDGETS, estimatedValueForBudget, PROJECT_TYPES, TEAM_SIZES, TIMELINES } from "~/modules/chat/chat-types";

const pt: ChatCopy = (key, params) => translate(chatAssistantPt, key, params);
const en: ChatCopy = (key, params) => translate(chatAssistantEn, key, params);
const values = (reply: { buttons?: { value: string }[] }) => reply.buttons?.map((b) => b.value);

describe("the guided flow", () => {
  it("welcome → project type → budget → timeline → team size → provide_contact or learn_more", () => {
    expect(values(welcomeReply(pt))).toEqual(["start_conversation"]);
    let step = pressButton(INITIAL_CHAT_STATE, "start_conversation", pt);
    expect(step.state.currentStep).toBe("project_type");
    expect(values(step.reply)).toEqual([...PROJECT_TYPES]);
    step = pressButton(step.state, "mobile_app", pt);
    expect(step.state).toMatchObject({ projectType: "mobile_app", currentStep: "budget" });
    expect(values(step.reply)).toEqual([...BUDGETS]);
    step = pressButton(step.state, "budget_50k", pt);
    expect(step.state).toMatchObject({ budget: "budget_50k", currentStep: "timeline" });
    expect(values(step.reply)).toEqual([...TIMELINES]);
    step = pressButton(step.state, "timeline_3months", pt);
    expect(step.state).toMatchObject({ timeline: "timeline_3months", currentStep: "team_size" });
    expect(values(step.reply)).toEqual([...TEAM_SIZES]);
    step = pressButton(step.state, "team_medium", pt);
    expect(step.state).toMatchObject({ teamSize: "team_medium", currentStep: "contact" });
    expect(values(step.reply)).toEqual(["provide_contact", "learn_more"]);
    expect(step.reply.content).toContain("App mobile");
    expect(step.reply.content).toContain("Média 51-200");

    expect(pressButton(step.state, "provide_contact", pt).reply.content).toBe(chatAssistantPt.askContact);
    const more = pressButton(step.state, "learn_more", pt);
    expect(values(more.reply)).toEqual(["schedule_call", "view_portfolio"]);
    expect(pressButton(step.state, "schedule_call", pt).reply.open).toBe("/contact");
    expect(pressButton(step.state, "view_portfolio", pt).reply.open).toBe("/case-studies");
  });

  it("labels the team sizes Startup 1-10, Small 11-50, Medium 51-200, Large 200+ (en)", () => {
    const step = pressButton({ ...INITIAL_CHAT_STATE, currentStep: "timeline" }, "timeline_urgent", en);
    expect(step.reply.buttons?.map((b) => b.text)).toEqual(["Startup 1-10", "Small 11-50", "Medium 51-200", "Large 200+"]);
  });

  it("answers an unknown button value with the default message and leaves the state alone", () => {
    const state: ChatState = { ...INITIAL_CHAT_STATE, currentStep: "budget", projectType: "web_app" };
    const step = pressButton(state, "budget_1m", pt);
    expect(step.state).toEqual(state);
    expect(step.reply.content).toBe(chatAssistantPt.unknownOption);
    expect(step.reply.buttons).toBeUndefined();
  });
});

describe("the contact step", () => {
  const contact: ChatState = { ...INITIAL_CHAT_STATE, currentStep: "contact", budget: "budget_25k" };

  it("with an e-mail: the lead is to be captured and the bot confirms, within 24 hours, with a schedule-call button", () => {
    const step = contactStepMessage(contact, "Sou a Maria, maria@empresa.com.br, (21) 99876-5432", pt);
    expect(step.capture).toBe(true);
    expect(step.state).toMatchObject({ email: "maria@empresa.com.br", phone: "+5521998765432" });
    expect(step.reply?.content).toContain("24 horas");
    expect(step.reply?.content).toContain("maria@empresa.com.br");
    expect(values(step.reply!)).toEqual(["schedule_call"]);
  });

  it("does not capture twice for the same e-mail", () => {
    const step = contactStepMessage({ ...contact, email: "a@b.co", capturedEmail: "a@b.co" }, "meu telefone é 11 98765-4321", pt);
    expect(step.capture).toBe(false);
  });

  it("takes at most 3 words with nothing else as the name, then asks for the e-mail", () => {
    const step = contactStepMessage(contact, "Carla Mendes", pt);
    expect(step.state.name).toBe("Carla Mendes");
    expect(step.capture).toBeUndefined();
    expect(step.reply?.content).toBe("Obrigado, Carla! Qual é o melhor e-mail para falarmos com você?");
  });

  it("asks for the e-mail when only a phone is given", () => {
    const step = contactStepMessage(contact, "+55 11 98765-4321", pt);
    expect(step.state.phone).toBe("+5511987654321");
    expect(step.reply?.content).toBe("Obrigado! Qual é o melhor e-mail para falarmos com você?");
  });

  it("hands a longer message without contact details to the assistant", () => {
    const step = contactStepMessage(contact, "quanto tempo leva para fazer um app de delivery?", pt);
    expect(step).toEqual({ state: contact, ask: true });
  });
});

describe("state and constants", () => {
  it("maps budgets to the lead's estimated value (§9), anything else to 0", () => {
    expect(BUDGETS.map(estimatedValueForBudget)).toEqual([15000, 37500, 75000, 150000]);
    for (const other of ["budget_1m", "", null, undefined, "toString", "__proto__"]) expect(estimatedValueForBudget(other)).toBe(0);
  });

  it("merges what the assistant learned without forgetting what is known", () => {
    const known: ChatState = { ...INITIAL_CHAT_STATE, name: "Ana", phone: "+5511987654321", needsIdentified: ["pricing"] };
    const merged = mergeUserInfo(known, { email: "ana@x.com", name: null, needsIdentified: ["pricing", "timeline"] });
    expect(merged).toMatchObject({ name: "Ana", phone: "+5511987654321", email: "ana@x.com", needsIdentified: ["pricing", "timeline"] });
  });

  it("waits 1000 ms plus up to 1000 ms before a reply", () => {
    expect(replyDelay(() => 0)).toBe(1000);
    expect(replyDelay(() => 0.999)).toBe(1999);
  });
});

describe("free text in the middle of the flow", () => {
  it("offers the current step's options again under the answer", () => {
    expect(values({ buttons: stepButtons(INITIAL_CHAT_STATE, pt) })).toEqual(["start_conversation"]);
    expect(values({ buttons: stepButtons({ ...INITIAL_CHAT_STATE, currentStep: "budget" }, pt) })).toEqual([...BUDGETS]);
    expect(values({ buttons: stepButtons({ ...INITIAL_CHAT_STATE, currentStep: "team_size" }, pt) })).toEqual([...TEAM_SIZES]);
    expect(stepButtons({ ...INITIAL_CHAT_STATE, currentStep: "contact" }, pt)).toBeUndefined();
  });
});
