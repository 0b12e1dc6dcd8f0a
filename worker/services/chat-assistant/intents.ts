import { PROJECT_TYPES, type ProjectType } from "~/modules/chat/chat-types";
import type { ProjectType as PlannerTier } from "~/modules/site/planner/project-planner";
import { compilePattern, phraseAt, tokens } from "./text.ts";
import type { ChatIntent } from "./types.ts";

// What a message is about, by keyword and phrase scoring over folded words (./text.ts):
// language-blind (pt, es and en words sit in one table, so mixed messages work), typo-
// tolerant, deterministic. Each intent sums the weights of the patterns found; project
// nouns ("app", "loja virtual") only add a little to `services`, so "quanto custa um app"
// is about the price. Ties go to the earlier intent in PRIORITY.

type Scored = ChatIntent | "jobs";
type Table = Partial<Record<Scored, ReadonlyArray<readonly [number, string]>>>;

const w = (weight: number, ...patterns: string[]) => patterns.map((pattern) => [weight, pattern] as const);

const TABLE: Table = {
  greeting: [
    ...w(1, "oi", "ola", "hola", "hi", "hello", "hey", "hei", "eai", "e ai", "buenas", "saludos", "greetings", "howdy"),
    ...w(1, "bom dia", "boa tarde", "boa noite", "buenos dias", "buen dia", "buenas tardes", "buenas noches"),
    ...w(1, "good morning", "good afternoon", "good evening", "tudo bem", "tudo bom", "como estan", "como esta", "que tal"),
    ...w(1, "anyone around", "anybody there", "anyone there", "alguem ai", "hay alguien", "how are you"),
    ...w(1, "eae", "iae", "opa", "salve", "fala", "blz", "beleza", "whats up", "sup", "hiya"),
  ],
  // Words that are about building software on their own. "Do you do …?", "we need …" are
  // in SERVICE_ASKERS: they count only next to these or a project noun ("vcs fazem
  // tatuagem?" is not a services question).
  services: [
    ...w(3, "servico*", "servicio*", "services", "what do you do", "o que voces fazem", "que hacen", "a que se dedican"),
    ...w(3, "looking for a team", "procuro uma empresa", "busco una empresa", "dev team", "development team", "equipe de desenvolvimento"),
    ...w(3, "equipo de desarrollo", "tirar do papel", "sob medida", "a medida", "custom software", "software house", "fabrica de software"),
    ...w(2, "desenvolv*", "desarroll*", "develop*", "software", "startup*", "ideia", "idea", "produto digital", "producto digital"),
    ...w(1, "empresa*", "negocio*", "business*", "company", "companies", "cliente*", "clients", "customers"),
  ],
  pricing: [
    ...w(3, "quanto custa", "quanto custaria", "quanto sai", "quanto fica", "quanto cobram", "quanto voces cobram", "qual o valor"),
    ...w(3, "preco*", "precio*", "price*", "pricing", "orcamento*", "presupuesto*", "cotiza*", "cotacao", "quote", "budget"),
    ...w(3, "cuanto cuesta", "cuanto vale", "cuanto cobran", "cuanto sale", "how much", "valor", "valores", "ballpark"),
    ...w(2, "saldria", "sairia", "costaria", "custaria", "would it cost", "what would it cost"),
    ...w(1, "quanto", "cuanto"),
    ...w(2, "custa", "custo*", "cuesta", "costo*", "cost", "costs", "cobra*", "investimento", "tarifa*", "rates", "fee", "fees"),
    ...w(3, "caro", "barato", "expensive", "cheap", "afford*", "cobram menos", "cobran menos"),
  ],
  timeline: [
    ...w(3, "prazo*", "plazo*", "timeline", "timeframe", "quanto tempo", "cuanto tiempo", "how long", "how fast", "how soon"),
    ...w(3, "demora*", "tarda*", "asap", "mes que vem", "mes que viene", "next month", "quando fica pronto", "cuando estaria"),
    ...w(2, "tempo", "tiempo", "pronto", "listo", "ready", "entrega*", "deliver", "delivered", "semanas", "weeks", "meses", "months"),
    ...w(2, "urgente", "urgent", "rapido", "quick*", "deadline", "done by", "ate quando", "para cuando", "by when"),
    ...w(1, "take", "leva", "lleva", "quando", "cuando", "when"),
    ...w(1, "antes de", "before", "lanzar", "lancar", "launch"),
    ...w(2, "comecar", "comecam", "comecamos", "empezar", "empiezan", "empezamos", "start", "kickoff", "kick off"),
    ...w(
      2,
      "janeiro",
      "fevereiro",
      "marco",
      "abril",
      "maio",
      "junho",
      "julho",
      "agosto",
      "setembro",
      "outubro",
      "novembro",
      "dezembro",
      "enero",
      "febrero",
      "marzo",
      "mayo",
      "junio",
      "julio",
      "septiembre",
      "octubre",
      "noviembre",
      "diciembre",
      "january",
      "february",
      "march",
      "april",
      "june",
      "july",
      "august",
      "september",
      "october",
      "november",
      "december",
    ),
  ],
  guarantee: [
    ...w(3, "garantia*", "garanti*", "guarantee*", "warranty", "atras*", "retras*", "se atrasa", "no cumpl*", "nao cumpr*"),
    ...w(3, "miss the deadline", "are late", "you re late", "delay*", "mes gratis", "next month free", "month is free"),
    ...w(3, "fixo", "fija", "fijo", "cerrado", "fixed", "pode aumentar", "puede cambiar", "puede aumentar", "can it change"),
    ...w(3, "pode mudar", "could it change", "hidden cost*", "custo extra", "costo extra", "extra cost*"),
    ...w(3, "over budget", "passar do orcamento", "estourar o orcamento", "estoura o orcamento", "pasan del presupuesto"),
    ...w(3, "exceed the budget", "se pasa del presupuesto", "sobre presupuesto", "o que acontece se", "nao ficar pronto"),
    ...w(2, "quem paga", "quien paga", "who pays", "y si", "and if"),
    ...w(2, "e se", "que pasa si", "what happens if", "what if", "risco*", "riesgo*", "risk*", "surpresa*", "sorpresa*", "surprise*"),
    ...w(2, "reembolso", "refund", "late"),
    ...w(3, "no me gusta", "nao gostar", "nao gosto", "don t like", "not happy", "not satisfied", "satisfeito", "satisfecho", "satisfied"),
    ...w(2, "que pasa", "o que acontece", "what happens", "refunds", "devolucao", "devolucion", "money back"),
  ],
  case_studies: [
    ...w(3, "portfolio", "portifolio", "portafolio*", "cases", "case stud*", "casos de exito", "casos de sucesso", "caso de exito"),
    ...w(3, "trabalhos anteriores", "previous work", "past work", "past projects", "projetos anteriores", "proyectos anteriores"),
    ...w(3, "ja fizeram", "han trabajado", "han hecho", "have you done", "have you worked", "have you built", "done anything"),
    ...w(3, "ja trabalharam", "trabajos anteriores", "referencias", "references", "success stor*"),
    ...w(3, "algum case", "um case", "case de", "your work", "su trabajo", "seu trabalho", "o trabalho de voces", "work you ve done"),
    ...w(3, "work you have done", "ver trabajos", "ver trabalhos", "what you ve built", "lo que han hecho", "o que voces ja fizeram"),
    ...w(2, "case", "exemplo*", "ejemplo*", "example*", "clientes", "clients", "experiencia", "experience", "worked with"),
  ],
  process: [
    ...w(3, "como funciona", "how does it work", "how do you work", "como trabalham", "como trabajan", "your process"),
    ...w(3, "first step", "primeiro passo", "primer paso", "como arrancamos", "como empezamos", "como comecamos"),
    ...w(3, "por onde comecamos", "por donde empezamos", "where do we start", "onboarding"),
    ...w(3, "how you work", "como voces trabalham", "como ustedes trabajan", "como e o processo", "walk me through"),
    ...w(3, "seu processo", "su proceso", "o processo", "el proceso", "etapas", "pasos", "steps", "metodologia", "methodology"),
    ...w(3, "get started", "para empezar", "para comecar", "como comecar", "como empezar", "how to start", "next steps"),
    ...w(2, "processo", "proceso", "process", "agil", "agile", "scrum", "discovery", "prototipo", "prototype", "kickoff"),
  ],
  roi: [
    ...w(3, "roi", "retorno", "return on investment", "payback", "calculadora", "calculator", "retorno de inversion"),
    ...w(2, "lucro", "ganancia*", "profit*", "return", "rentab*"),
  ],
  contact: [
    ...w(3, "falar com", "hablar con", "talk to", "talk with", "speak to", "speak with", "atendente", "humano", "human"),
    ...w(3, "real person", "una persona", "uma pessoa", "me liga", "me ligar", "ligue", "llamame", "llamarme", "call me"),
    ...w(3, "contact me", "contactarme", "contatar", "reach me", "email me", "me manda", "me envia", "send me", "me chama"),
    ...w(3, "reuniao", "reunion", "meeting", "schedule a call", "book a call", "agendar uma", "agendar una", "llamada", "ligacao"),
    ...w(3, "me llame", "me llamen", "me ligue", "me liguem", "asesor", "consultor", "consultant", "advisor", "conversar com"),
    ...w(2, "contato", "contacto", "contact", "vendedor", "comercial", "sales", "representante", "whats", "whatsapp", "zap"),
  ],
  thanks: [...w(3, "obrigad*", "brigad*", "valeu", "vlw", "gracias", "thanks", "thank", "thx", "agradec*", "appreciate*", "cheers")],
  goodbye: [
    ...w(3, "tchau", "adeus", "ate mais", "ate logo", "flw", "chao", "chau", "adios", "hasta luego", "nos vemos"),
    ...w(3, "bye", "goodbye", "see you", "see ya", "hasta pronto", "cya", "gotta go", "ttyl", "tenho que ir", "me voy", "falou"),
  ],
  jobs: [
    ...w(3, "vaga*", "vacante*", "emprego", "empleo", "hiring", "job", "jobs", "curriculo", "estagio", "pasantia", "internship"),
    ...w(3, "trabalhar com voces", "trabajar con ustedes", "work for you", "career*", "carreira*"),
  ],
};

/** "Do you do …?", "we need …": services only when the message names software or a project. */
const SERVICE_ASKERS = [
  ...w(3, "fazem", "hacen", "do you build", "do you do", "do you make", "do you offer", "da pra fazer", "is that something you do"),
  ...w(3, "can you build", "can you make", "pueden hacer", "podem fazer", "voces faz", "help with", "ajudar com", "ayudar con"),
  ...w(3, "quero criar", "quiero crear", "trabalham com", "trabajan con", "do you work with", "work with"),
  ...w(
    3,
    "atendem",
    "atienden",
    "do you serve",
    "voces atendem",
    "ustedes atienden",
    "suporte",
    "soporte",
    "support",
    "manutencao",
    "mantenimiento",
    "maintenance",
  ),
  ...w(2, "build", "building", "construir", "criar", "crear", "create", "fazer", "hacer", "make"),
  ...w(2, "quero", "queremos", "quiero", "queriamos", "queria", "want", "we want", "i want"),
  ...w(2, "preciso", "precisamos", "necesito", "necesitamos", "need", "we need", "i need"),
];

/** Project nouns: each kind found adds 1 to `services` (2 at most) and names the need. */
const PROJECT_NOUNS: Record<ProjectType, readonly string[]> = {
  mobile_app: ["movil*", "mobile", "celular", "ios", "android", "smartphone*"],
  web_app: [
    "sistema*",
    "system*",
    "software",
    "plataforma*",
    "platform*",
    "saas",
    "portal",
    "dashboard",
    "crm",
    "site",
    "sitio",
    "website",
    "web",
    "pagina web",
    "webapp",
  ],
  ecommerce: [
    "ecommerce",
    "e commerce",
    "ecomerce",
    "loja virtual",
    "loja online",
    "tienda*",
    "online store",
    "store",
    "shop",
    "shopify",
    "marketplace",
    "vender online",
    "sell online",
  ],
  automation: ["automa*", "automatiz*", "integra*", "erp", "planilha*", "spreadsheet*", "planilla*", "chatbot", "bot", "workflow*"],
  other_project: [],
};

/** "app" alone is a mobile app unless the message says web ("web app", "app web"). */
const GENERIC_APP = ["app", "apps", "aplicativo*", "aplicacion*", "application*", "aplicacao*"];

/** The planner tier a message points at (for prices and timelines). */
const TIER_WORDS: Record<PlannerTier, readonly string[]> = {
  mvp: ["mvp", "prototipo", "simples", "simple", "pequeno", "small", "basico", "basic"],
  saas: ["saas", "assinatura", "suscripcion", "subscription"],
  marketplace: ["marketplace", "uber", "airbnb", "ifood", "mercado livre", "mercado libre", "rappi", "two sided"],
  enterprise: ["enterprise", "corporativo", "corporate", "erp", "grande empresa", "gran empresa", "large company"],
};

/** Industries of the case studies (site-facts.ts). */
const INDUSTRY_WORDS: Record<string, readonly string[]> = {
  healthcare: ["saude", "salud", "health*", "clinica*", "clinic*", "medic*", "hospital*", "telemedicina", "telehealth"],
  logistics: ["logistic*", "logistica", "transporte*", "transport*", "entregas", "frete", "flete", "rotas", "rutas", "routes"],
  ecommerce: ["ecommerce", "e commerce", "marketplace", "loja*", "tienda*", "varejo", "retail", "artesan*"],
  fintech: ["fintech", "pagos", "pagamento*", "payment*", "banco*", "bank*", "pix", "financ*"],
  education: ["educa*", "escola*", "escuela*", "school*", "ensino", "ensenanza", "learning", "edtech"],
};

const PRIORITY: readonly Scored[] = [
  "contact",
  "pricing",
  "timeline",
  "guarantee",
  "roi",
  "case_studies",
  "process",
  "services",
  "jobs",
  "goodbye",
  "thanks",
  "greeting",
];

const compiled = (patterns: readonly string[]) => patterns.map(compilePattern);
/** Each intent's patterns, heaviest and longest first (see `scoreOf`). */
const TABLE_COMPILED = Object.entries(TABLE).map(
  ([intent, rows]) =>
    [
      intent as Scored,
      rows.map(([weight, pattern]) => [weight, compilePattern(pattern)] as const).sort((a, b) => b[0] - a[0] || b[1].length - a[1].length),
    ] as const,
);
const ASKERS_COMPILED = SERVICE_ASKERS.map(([weight, pattern]) => [weight, compilePattern(pattern)] as const).sort(
  (a, b) => b[0] - a[0] || b[1].length - a[1].length,
);
const NOUNS_COMPILED = PROJECT_TYPES.map((type) => [type, compiled(PROJECT_NOUNS[type])] as const);
const TIERS_COMPILED = Object.entries(TIER_WORDS).map(([tier, words]) => [tier as PlannerTier, compiled(words)] as const);
const INDUSTRIES_COMPILED = Object.entries(INDUSTRY_WORDS).map(([industry, words]) => [industry, compiled(words)] as const);

const GENERIC_APP_COMPILED = compiled(GENERIC_APP);
const URGENT_COMPILED = compiled(["urgente", "urgent", "asap", "rapido", "quick*", "o quanto antes", "lo antes posible"]);

/** Every word some pattern spells out exactly: such a word is never read as a typo. */
const KNOWN = new Set(
  [
    ...TABLE_COMPILED.flatMap(([, rows]) => rows.map(([, pattern]) => pattern)),
    ...ASKERS_COMPILED.map(([, pattern]) => pattern),
    ...NOUNS_COMPILED.flatMap(([, patterns]) => patterns),
    ...TIERS_COMPILED.flatMap(([, patterns]) => patterns),
    ...INDUSTRIES_COMPILED.flatMap(([, patterns]) => patterns),
  ]
    .flat()
    .filter((word) => !word.endsWith("*")),
);

const found = (words: readonly string[], pattern: readonly string[]) => phraseAt(words, pattern, KNOWN);
const anyFound = (words: readonly string[], patterns: readonly string[][]) => patterns.some((p) => found(words, p) >= 0);

/**
 * An intent's score: the weights of its patterns found, each visitor word counted once (so
 * "quanto custa" is 3, not 3 + 2 for "custa", and "clientes" is not also "clients").
 */
function scoreOf(words: readonly string[], rows: ReadonlyArray<readonly [number, readonly string[]]>): number {
  const covered = new Set<number>();
  let score = 0;
  for (const [weight, pattern] of rows) {
    const start = found(words, pattern);
    if (start < 0) continue;
    const span = pattern.map((_, k) => start + k);
    if (span.some((index) => covered.has(index))) continue;
    for (const index of span) covered.add(index);
    score += weight;
  }
  return score;
}

/** The questions that are more specific than "do you do X?" (see `understand`). */
const SPECIFIC: readonly Scored[] = ["pricing", "timeline", "guarantee", "roi", "case_studies", "process"];

export type Understanding = {
  intent: ChatIntent;
  /** Scores by intent (0 when absent): for tests and tuning. */
  scores: Partial<Record<Scored, number>>;
  projectTypes: ProjectType[];
  tier: PlannerTier | null;
  industry: string | null;
  /** The visitor asked to talk to someone or to be contacted (not only left details). */
  wantsContact: boolean;
  urgent: boolean;
};

/**
 * Classifies a message. `hasContactDetails` (an e-mail or a phone was found in it) makes it
 * `contact`: the reply must acknowledge what the visitor left.
 */
export function understand(text: string, hasContactDetails = false): Understanding {
  const words = tokens(text);
  const scores: Partial<Record<Scored, number>> = {};
  for (const [intent, rows] of TABLE_COMPILED) {
    const score = scoreOf(words, rows);
    if (score > 0) scores[intent] = score;
  }
  const projectTypes = NOUNS_COMPILED.filter(([, patterns]) => anyFound(words, patterns)).map(([type]) => type);
  const genericApp = anyFound(words, GENERIC_APP_COMPILED);
  if (genericApp && !projectTypes.includes("mobile_app") && !projectTypes.includes("web_app")) projectTypes.unshift("mobile_app");
  const about = (scores.services ?? 0) > 0 || projectTypes.length > 0 || genericApp;
  const asked = about ? scoreOf(words, ASKERS_COMPILED) : 0;
  if (projectTypes.length > 0 || genericApp) {
    const nouns = Math.min(2, Math.max(projectTypes.length, 1));
    scores.services = (scores.services ?? 0) + ((scores.services ?? 0) + asked > 0 ? nouns : 1);
  }
  if (asked > 0) scores.services = (scores.services ?? 0) + asked;
  const wantsContact = (scores.contact ?? 0) >= 3;
  if (hasContactDetails) scores.contact = (scores.contact ?? 0) + 6;

  let best: Scored | null = null;
  for (const intent of PRIORITY) {
    const score = scores[intent] ?? 0;
    if (score > 0 && (best === null || score > (scores[best] ?? 0))) best = intent;
  }
  // "do you do apps? how much?": the specific question is the one to answer (the reply
  // still names the project type).
  if (best === "services") {
    const specific = SPECIFIC.filter((intent) => (scores[intent] ?? 0) >= 3).sort((a, b) => (scores[b] ?? 0) - (scores[a] ?? 0));
    best = specific[0] ?? best;
  }
  const intent: ChatIntent = best === null || best === "jobs" ? "unknown" : best;
  return {
    intent,
    scores,
    projectTypes,
    tier: TIERS_COMPILED.find(([, patterns]) => anyFound(words, patterns))?.[0] ?? null,
    industry: INDUSTRIES_COMPILED.find(([, patterns]) => anyFound(words, patterns))?.[0] ?? null,
    wantsContact,
    urgent: anyFound(words, URGENT_COMPILED),
  };
}
