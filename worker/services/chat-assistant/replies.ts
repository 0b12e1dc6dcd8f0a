import type { ChatLanguage, ProjectType } from "~/modules/chat/chat-types";
import type { ProjectType as PlannerTier } from "~/modules/site/planner/project-planner";
import type { CaseStudyFact, PlannerTierFacts } from "./site-facts.ts";

// The embedded assistant's sentences in pt, es and en (pt is the source; es and en must have
// every entry, the type says so). They live here rather than in app/i18n because only the
// Worker says them and each is a small function of the site's facts (site-facts.ts), which
// the caller passes in: no figure is written twice. Spanish uses "tú", as the site does.

type Name = string | null;
type Tier = PlannerTierFacts;

export type ReplyCopy = {
  greeting(name: Name): string;
  services(types: string | null): string;
  projectTypes: Record<ProjectType, string>;
  tiers: Record<PlannerTier, string>;
  pricingTier(tier: Tier, planner: string): string;
  pricingGeneral(mvp: Tier, saas: Tier, planner: string): string;
  timelineTier(tier: Tier, days: number, planner: string): string;
  timelineGeneral(days: number, mvp: Tier, planner: string): string;
  urgent(fasterPercent: number, costPercent: number): string;
  guarantee(title: string, projects: number, path: string): string;
  caseStudy(fact: CaseStudyFact, summary: string, path: string): string;
  caseStudies(a: string, b: string, path: string): string;
  process(steps: readonly [string, string, string], path: string): string;
  roi(percent: string, path: string): string;
  talk(hours: number, contactPath: string): string;
  gotEmail(name: Name): string;
  gotPhone(name: Name): string;
  gotName(name: string): string;
  confirmed(name: Name, email: string, hours: number): string;
  thanks(name: Name): string;
  goodbye(name: Name, contactPath: string): string;
  goodbyeQualified(name: Name, hours: number): string;
  unknown: string;
  askNeed: string;
  askEmail: string;
  askNameEmail: string;
  askEmailToo: string;
  askMore(caseStudiesPath: string): string;
};

const comma = (name: Name) => (name ? `, ${name}` : "");

const pt: ReplyCopy = {
  greeting: (name) =>
    `Olá${comma(name)}! Sou o assistente da Velox Labs e posso te ajudar com serviços, preços, prazos, nossa garantia e cases.`,
  services: (types) =>
    types
      ? `Sim, fazemos ${types} sob medida para startups e empresas, com preço fixo e entrega em 90 dias em média.`
      : "Desenvolvemos software sob medida (apps web e mobile, e-commerce e automação) para startups e empresas, com preço fixo e entrega em 90 dias em média.",
  projectTypes: {
    web_app: "sistemas e apps web",
    mobile_app: "apps mobile",
    ecommerce: "e-commerce",
    automation: "automações e integrações",
    other_project: "projetos sob medida",
  },
  tiers: { mvp: "um MVP", saas: "um SaaS", marketplace: "um marketplace", enterprise: "um sistema enterprise" },
  pricingTier: (tier, planner) =>
    `Trabalhamos com preço fixo: ${pt.tiers[tier.tier]} costuma ficar na faixa de ${tier.investment}, em ${tier.weeks} semanas; veja a estimativa do seu projeto em ${planner}.`,
  pricingGeneral: (mvp, saas, planner) =>
    `Trabalhamos com preço fixo: um MVP fica na faixa de ${mvp.investment} (${mvp.weeks} semanas) e um SaaS na de ${saas.investment} (${saas.weeks} semanas); simule o seu projeto em ${planner}.`,
  timelineTier: (tier, days, planner) =>
    `${capitalise(pt.tiers[tier.tier])} leva de ${tier.weeks.replace("-", " a ")} semanas, e em média entregamos em ${days} dias, contra 6 a 12 meses no desenvolvimento tradicional (veja o plano em ${planner}).`,
  timelineGeneral: (days, mvp, planner) =>
    `Entregamos em ${days} dias em média, contra 6 a 12 meses no desenvolvimento tradicional, e um MVP leva de ${mvp.weeks.replace("-", " a ")} semanas (veja o plano do seu projeto em ${planner}).`,
  urgent: (faster, cost) => `Com urgência dá para acelerar cerca de ${faster}%, com custo ${cost}% maior.`,
  guarantee: (title, projects, path) =>
    `${title}: o valor combinado é o valor pago, e se atrasarmos o próximo mês de trabalho é por nossa conta; já são ${projects} projetos consecutivos entregues no prazo (${path}).`,
  caseStudy: (fact, summary, path) => `Sim! A ${fact.name} é um bom exemplo: ${summary} (${path}).`,
  caseStudies: (a, b, path) => `Alguns cases: ${a}; e ${b}. Veja todos em ${path}.`,
  process: ([a, b, c], path) =>
    `Trabalhamos em 3 etapas: ${a}, ${b} e ${c}, com progresso visível toda semana (${path}); tudo começa com uma call de descoberta gratuita de 30 minutos.`,
  roi: (percent, path) => `Nossos clientes têm em média ${percent} de aumento no ROI; calcule o retorno do seu projeto em ${path}.`,
  talk: (hours, contact) => `Claro! Nossa equipe comercial fala com você em até ${hours} horas (se preferir, escreva em ${contact}).`,
  gotEmail: (name) => `Anotei seu e-mail${comma(name)}.`,
  gotPhone: (name) => `Anotei seu telefone${comma(name)}.`,
  gotName: (name) => `Prazer, ${name}!`,
  confirmed: (name, email, hours) => `Perfeito${comma(name)}: nossa equipe vai entrar em contato em até ${hours} horas pelo ${email}.`,
  thanks: (name) => `Eu que agradeço${comma(name)}!`,
  goodbye: (name, contact) => `Até logo${comma(name)}! Quando quiser, fale com a gente por aqui ou em ${contact}.`,
  goodbyeQualified: (name, hours) => `Até logo${comma(name)}! Nossa equipe fala com você em até ${hours} horas.`,
  unknown: "Não sei se entendi bem, mas posso te ajudar com serviços, preços, prazos, nossa garantia e cases.",
  askNeed: "Que tipo de projeto você tem em mente: app, sistema web, e-commerce ou automação?",
  askEmail: "Qual é o seu e-mail, para nossa equipe te enviar uma proposta de preço fixo?",
  askNameEmail: "Qual é o seu nome e e-mail, para nossa equipe te enviar uma proposta de preço fixo?",
  askEmailToo: "Pode me passar também seu e-mail, para enviarmos a proposta?",
  askMore: (path) => `Enquanto isso, quer ver nossos cases em ${path}?`,
};

const es: ReplyCopy = {
  greeting: (name) =>
    `¡Hola${comma(name)}! Soy el asistente de Velox Labs y puedo ayudarte con servicios, precios, plazos, nuestra garantía y casos de éxito.`,
  services: (types) =>
    types
      ? `Sí, hacemos ${types} a medida para startups y empresas, con precio fijo y entrega en 90 días de media.`
      : "Desarrollamos software a medida (apps web y móviles, e-commerce y automatización) para startups y empresas, con precio fijo y entrega en 90 días de media.",
  projectTypes: {
    web_app: "sistemas y aplicaciones web",
    mobile_app: "apps móviles",
    ecommerce: "e-commerce",
    automation: "automatizaciones e integraciones",
    other_project: "proyectos a medida",
  },
  tiers: { mvp: "un MVP", saas: "un SaaS", marketplace: "un marketplace", enterprise: "un sistema enterprise" },
  pricingTier: (tier, planner) =>
    `Trabajamos con precio fijo: ${es.tiers[tier.tier]} suele costar en torno a ${tier.investment}, en ${tier.weeks} semanas; mira la estimación de tu proyecto en ${planner}.`,
  pricingGeneral: (mvp, saas, planner) =>
    `Trabajamos con precio fijo: un MVP cuesta en torno a ${mvp.investment} (${mvp.weeks} semanas) y un SaaS ${saas.investment} (${saas.weeks} semanas); simula tu proyecto en ${planner}.`,
  timelineTier: (tier, days, planner) =>
    `${capitalise(es.tiers[tier.tier])} lleva de ${tier.weeks.replace("-", " a ")} semanas, y de media entregamos en ${days} días, frente a 6 a 12 meses del desarrollo tradicional (mira el plan en ${planner}).`,
  timelineGeneral: (days, mvp, planner) =>
    `Entregamos en ${days} días de media, frente a 6 a 12 meses del desarrollo tradicional, y un MVP lleva de ${mvp.weeks.replace("-", " a ")} semanas (mira el plan de tu proyecto en ${planner}).`,
  urgent: (faster, cost) => `Si es urgente podemos acelerar cerca de un ${faster}%, con un coste un ${cost}% mayor.`,
  guarantee: (title, projects, path) =>
    `${title}: el precio acordado es el precio final y, si nos retrasamos, el próximo mes de trabajo corre de nuestra cuenta; llevamos ${projects} proyectos consecutivos entregados a tiempo (${path}).`,
  caseStudy: (fact, summary, path) => `¡Sí! ${fact.name} es un buen ejemplo: ${summary} (${path}).`,
  caseStudies: (a, b, path) => `Algunos casos: ${a}; y ${b}. Míralos todos en ${path}.`,
  process: ([a, b, c], path) =>
    `Trabajamos en 3 etapas: ${a}, ${b} y ${c}, con avances visibles cada semana (${path}); todo empieza con una llamada de descubrimiento gratuita de 30 minutos.`,
  roi: (percent, path) =>
    `Nuestros clientes tienen de media un ${percent} de aumento del ROI; calcula el retorno de tu proyecto en ${path}.`,
  talk: (hours, contact) =>
    `¡Claro! Nuestro equipo comercial te contactará en un plazo de ${hours} horas (si prefieres, escríbenos en ${contact}).`,
  gotEmail: (name) => `Anoté tu correo${comma(name)}.`,
  gotPhone: (name) => `Anoté tu teléfono${comma(name)}.`,
  gotName: (name) => `¡Encantado, ${name}!`,
  confirmed: (name, email, hours) => `Perfecto${comma(name)}: nuestro equipo te contactará en un plazo de ${hours} horas en ${email}.`,
  thanks: (name) => `¡Gracias a ti${comma(name)}!`,
  goodbye: (name, contact) => `¡Hasta luego${comma(name)}! Cuando quieras, escríbenos por aquí o en ${contact}.`,
  goodbyeQualified: (name, hours) => `¡Hasta luego${comma(name)}! Nuestro equipo te contactará en un plazo de ${hours} horas.`,
  unknown: "No estoy seguro de haberte entendido, pero puedo ayudarte con servicios, precios, plazos, nuestra garantía y casos de éxito.",
  askNeed: "¿Qué tipo de proyecto tienes en mente: app, sistema web, e-commerce o automatización?",
  askEmail: "¿Cuál es tu correo, para que nuestro equipo te envíe una propuesta de precio fijo?",
  askNameEmail: "¿Cómo te llamas y cuál es tu correo, para que nuestro equipo te envíe una propuesta de precio fijo?",
  askEmailToo: "¿Me das también tu correo, para enviarte la propuesta?",
  askMore: (path) => `Mientras tanto, ¿quieres ver nuestros casos de éxito en ${path}?`,
};

const en: ReplyCopy = {
  greeting: (name) =>
    `Hi${comma(name)}! I'm the Velox Labs assistant and I can help with services, prices, timelines, our guarantee and case studies.`,
  services: (types) =>
    types
      ? `Yes, we build custom ${types} for startups and companies, at a fixed price and delivered in 90 days on average.`
      : "We build custom software (web and mobile apps, e-commerce and automation) for startups and companies, at a fixed price and delivered in 90 days on average.",
  projectTypes: {
    web_app: "web apps and systems",
    mobile_app: "mobile apps",
    ecommerce: "e-commerce",
    automation: "automation and integrations",
    other_project: "projects",
  },
  tiers: { mvp: "an MVP", saas: "a SaaS", marketplace: "a marketplace", enterprise: "an enterprise system" },
  pricingTier: (tier, planner) =>
    `We work at a fixed price: ${en.tiers[tier.tier]} usually costs ${tier.investment} over ${tier.weeks} weeks; see the estimate for your project at ${planner}.`,
  pricingGeneral: (mvp, saas, planner) =>
    `We work at a fixed price: an MVP costs ${mvp.investment} (${mvp.weeks} weeks) and a SaaS ${saas.investment} (${saas.weeks} weeks); try your project at ${planner}.`,
  timelineTier: (tier, days, planner) =>
    `${capitalise(en.tiers[tier.tier])} takes ${tier.weeks} weeks, and on average we deliver in ${days} days versus 6-12 months for traditional development (see the plan at ${planner}).`,
  timelineGeneral: (days, mvp, planner) =>
    `We deliver in ${days} days on average versus 6-12 months for traditional development, and an MVP takes ${mvp.weeks} weeks (see your project's plan at ${planner}).`,
  urgent: (faster, cost) => `If it's urgent we can go about ${faster}% faster, at ${cost}% more cost.`,
  guarantee: (title, projects, path) =>
    `${title}: the price we agree is the price you pay, and if we are late the next month of work is on us; that's ${projects} consecutive projects delivered on time (${path}).`,
  caseStudy: (fact, summary, path) => `Yes! ${fact.name} is a good example: ${summary} (${path}).`,
  caseStudies: (a, b, path) => `A few of our case studies: ${a}; and ${b}. See them all at ${path}.`,
  process: ([a, b, c], path) =>
    `We work in 3 steps: ${a}, ${b} and ${c}, with visible progress every week (${path}); it all starts with a free 30-minute discovery call.`,
  roi: (percent, path) => `Our clients see a ${percent} average ROI increase; calculate your project's return at ${path}.`,
  talk: (hours, contact) => `Of course! Our sales team will get in touch within ${hours} hours (or write to us at ${contact}).`,
  gotEmail: (name) => `Got your e-mail${comma(name)}.`,
  gotPhone: (name) => `Got your phone number${comma(name)}.`,
  gotName: (name) => `Nice to meet you, ${name}!`,
  confirmed: (name, email, hours) => `Great${comma(name)}: our team will contact you within ${hours} hours at ${email}.`,
  thanks: (name) => `You're welcome${comma(name)}!`,
  goodbye: (name, contact) => `Bye${comma(name)}! Whenever you like, write to us here or at ${contact}.`,
  goodbyeQualified: (name, hours) => `Bye${comma(name)}! Our team will contact you within ${hours} hours.`,
  unknown: "I'm not sure I understood, but I can help with services, prices, timelines, our guarantee and case studies.",
  askNeed: "What kind of project do you have in mind: an app, a web system, e-commerce or automation?",
  askEmail: "What's your e-mail, so our team can send you a fixed-price proposal?",
  askNameEmail: "What's your name and e-mail, so our team can send you a fixed-price proposal?",
  askEmailToo: "Could you also share your e-mail, so we can send you the proposal?",
  askMore: (path) => `Meanwhile, would you like to see our case studies at ${path}?`,
};

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export const REPLY_COPY: Record<ChatLanguage, ReplyCopy> = { pt, es, en };

/** "apps mobile e e-commerce" / "mobile apps and e-commerce". */
export function listTypes(language: ChatLanguage, types: readonly ProjectType[]): string | null {
  const labels = types.map((type) => REPLY_COPY[language].projectTypes[type]);
  if (labels.length === 0) return null;
  return new Intl.ListFormat(language, { type: "conjunction" }).format(labels);
}
