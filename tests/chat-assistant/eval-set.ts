import type { ChatLanguage, ChatTurn } from "../../app/modules/chat/chat-types.ts";
import type { ChatIntent } from "../../worker/services/chat-assistant/types.ts";

// The chat assistant's evaluation set: messages as visitors really type them (lower case,
// typos, no accents, slang, languages mixed, contact details inside sentences, Brazilian
// phones in several formats), each with the intent and the contact fields a person reading
// it would extract. Written before the classifier was tuned, and not bent to fit it: a
// miss here is a miss (eval.test.ts prints them).
//
// Conventions of the expected fields:
// - phone: "+" and digits only; a Brazilian number written without +55 gets it.
// - name: capitalised per word when typed in lower case; accents kept.
// - company: as typed.
// - intent: a message that leaves an e-mail or a phone, asks for a person, or answers the
//   bot's question for a name is `contact`; a message that says who the visitor is AND
//   what they need is about that need.

export type ExpectedFields = {
  name: string | null;
  email: string | null;
  phone: string | null;
  company: string | null;
};

export type EvalCase = {
  language: ChatLanguage;
  message: string;
  /** Earlier turns, oldest first, when the message answers the bot. */
  conversation?: ChatTurn[];
  intent: ChatIntent;
  expected: ExpectedFields;
};

const none: ExpectedFields = { name: null, email: null, phone: null, company: null };
const fields = (partial: Partial<ExpectedFields>): ExpectedFields => ({ ...none, ...partial });

const pt = (message: string, intent: ChatIntent, expected: ExpectedFields = none, conversation?: ChatTurn[]): EvalCase => ({
  language: "pt",
  message,
  intent,
  expected,
  ...(conversation ? { conversation } : {}),
});
const es = (message: string, intent: ChatIntent, expected: ExpectedFields = none, conversation?: ChatTurn[]): EvalCase => ({
  language: "es",
  message,
  intent,
  expected,
  ...(conversation ? { conversation } : {}),
});
const en = (message: string, intent: ChatIntent, expected: ExpectedFields = none, conversation?: ChatTurn[]): EvalCase => ({
  language: "en",
  message,
  intent,
  expected,
  ...(conversation ? { conversation } : {}),
});

const askedName = (question: string): ChatTurn[] => [
  { content: "quero um app", isBot: false },
  { content: question, isBot: true },
];

export const EVAL_SET: readonly EvalCase[] = [
  // ── Portuguese ────────────────────────────────────────────────────────────────────────
  pt("oi", "greeting"),
  pt("ola bom dia, tudo bem?", "greeting"),
  pt("vcs fazem aplicativo pra celular?", "services"),
  pt("quanto custa pra fazer um aplicativo de delivry", "pricing"),
  pt("qual o valor de um site de e-commerce?", "pricing"),
  pt("preciso de um sistema pra automatizar as planilhas da minha empresa", "services"),
  pt("em quanto tempo vcs entregam um mvp", "timeline"),
  pt("qual o prazo medio de um projeto?", "timeline"),
  pt("e se vcs atrasarem a entrega?", "guarantee"),
  pt("tem garantia?", "guarantee"),
  pt("vcs tem portifolio? queria ver uns trabalhos anteriores", "case_studies"),
  pt("ja fizeram algo na area da saude?", "case_studies"),
  pt("como funciona o proceso de vcs", "process"),
  pt("quais sao as etapas do projeto?", "process"),
  pt("quero falar com um atendente", "contact"),
  pt("meu email é joao.silva@gmail.com", "contact", fields({ email: "joao.silva@gmail.com" })),
  pt("pode me ligar no (11) 98765-4321", "contact", fields({ phone: "+5511987654321" })),
  pt(
    "meu nome é Ana Paula, trabalho na Padaria Central, meu zap é 21 99876 5432",
    "contact",
    fields({ name: "Ana Paula", company: "Padaria Central", phone: "+5521998765432" }),
  ),
  pt(
    "sou o carlos da empresa techbr, email carlos@techbr.com.br",
    "contact",
    fields({ name: "Carlos", company: "techbr", email: "carlos@techbr.com.br" }),
  ),
  pt("+55 31 3222-1100 é o telefone do escritorio", "contact", fields({ phone: "+553132221100" })),
  pt("orçamento pra um marketplace tipo mercado livre, quanto fica?", "pricing"),
  pt("obrigado!", "thanks"),
  pt("vlw, tchau", "goodbye"),
  pt("qual a capital da frança", "unknown"),
  pt("vcs tem vaga de emprego?", "unknown"),
  pt("trabalhamos com ecomerce e queremos integrar com o erp, da pra fazer?", "services"),
  pt("quanto sai um sistema web simples, tipo um crm interno", "pricing"),
  pt("precisamos do app pronto ate dezembro, é possivel?", "timeline"),
  pt("o preço é fixo mesmo ou pode aumentar no meio do projeto?", "guarantee"),
  pt("Maria Fernanda", "contact", fields({ name: "Maria Fernanda" }), askedName("Ótimo! Qual é o seu nome?")),
  pt(
    "quero um orçamento. meu contato: 11987654321 / mariana@lojadamari.com",
    "contact",
    fields({ phone: "+5511987654321", email: "mariana@lojadamari.com" }),
  ),
  pt("da pra fazer integração com whatsapp e pagamento via pix?", "services"),
  pt("qual o roi medio dos clientes de vcs", "roi"),
  pt("blz, me manda mais info no email pedro_h@hotmail.com", "contact", fields({ email: "pedro_h@hotmail.com" })),
  pt(
    "oi, sou a juliana da clinica sorriso, queremos um app de agendamento",
    "services",
    fields({ name: "Juliana", company: "clinica sorriso" }),
  ),
  pt("me chama no whats +55 (48) 9 9123-4567", "contact", fields({ phone: "+5548991234567" })),

  // ── Spanish ───────────────────────────────────────────────────────────────────────────
  es("hola", "greeting"),
  es("buenas tardes, como estan?", "greeting"),
  es("hacen aplicaciones moviles?", "services"),
  es("cuanto cuesta una app?", "pricing"),
  es("precio aproximado de una tienda online", "pricing"),
  es("necesito automatizar procesos de facturacion en mi empresa", "services"),
  es("cuanto tardan en aser un mvp", "timeline"),
  es("en cuanto tiempo lo tendria listo?", "timeline"),
  es("que pasa si no cumplen el plazo?", "guarantee"),
  es("ofrecen alguna garantía?", "guarantee"),
  es("tienen casos de exito o portafolio?", "case_studies"),
  es("han trabajado con empresas de logistica?", "case_studies"),
  es("como es su proceso de trabajo", "process"),
  es("cuales son los pasos para empezar?", "process"),
  es("quiero hablar con una persona", "contact"),
  es("mi correo es lucia.gomez@outlook.es", "contact", fields({ email: "lucia.gomez@outlook.es" })),
  es("llamame al +34 612 345 678", "contact", fields({ phone: "+34612345678" })),
  es(
    "soy Juan Pérez de la empresa Logistica Andina, mi mail juanp@andina.co",
    "contact",
    fields({ name: "Juan Pérez", company: "Logistica Andina", email: "juanp@andina.co" }),
  ),
  es("me llamo sofia, mi whatsapp +52 55 1234 5678", "contact", fields({ name: "Sofia", phone: "+525512345678" })),
  es("presupuesto para un ecommerce con pasarela de pago", "pricing"),
  es("gracias!!", "thanks"),
  es("chao, hasta luego", "goodbye"),
  es("cual es el clima en madrid hoy", "unknown"),
  es("tienen vacantes para desarrolladores?", "unknown"),
  es("queremos una plataforma saas para gestionar gimnasios", "services"),
  es("cuanto vale una app como uber", "pricing"),
  es("lo necesitamos urgente, para el mes que viene", "timeline"),
  es("el precio es cerrado o puede cambiar?", "guarantee"),
  es("Carlos Ramírez", "contact", fields({ name: "Carlos Ramírez" }), askedName("¡Genial! ¿Cómo te llamas?")),
  es("pueden contactarme a mi email: andres@startup.io, quiero cotizar una app", "contact", fields({ email: "andres@startup.io" })),
  es(
    "hola, soy maria de la empresa Panaderia Dulce, queremos una web para vender online",
    "services",
    fields({ name: "Maria", company: "Panaderia Dulce" }),
  ),
  es("cual es el retorno de inversion que puedo esperar?", "roi"),
  es("tienen experiencia en fintech o pagos?", "case_studies"),
  es("ola, voces fazem app? quiero uno para mi restaurante", "services"),
  es("ok, mi numero es 11 91234-5678 pero prefiero correo", "contact", fields({ phone: "+5511912345678" })),

  // ── English ───────────────────────────────────────────────────────────────────────────
  en("hi", "greeting"),
  en("hey there, anyone around?", "greeting"),
  en("do you guys build mobile apps?", "services"),
  en("how much does an mvp cost", "pricing"),
  en("whats your pricing like for a small web app", "pricing"),
  en("we need to automate our invoicing workflow, is that something you do?", "services"),
  en("how long wuld it take to build a marketplace", "timeline"),
  en("whats the typical timeline?", "timeline"),
  en("what happens if you miss the deadline", "guarantee"),
  en("do u offer any guarentee", "guarantee"),
  en("can i see some of your previous work", "case_studies"),
  en("any case studys in healthcare?", "case_studies"),
  en("how does your process work", "process"),
  en("what are the steps to get started", "process"),
  en("can i talk to a real person", "contact"),
  en("my email is john.doe@gmail.com", "contact", fields({ email: "john.doe@gmail.com" })),
  en("call me at +1 (415) 555-0132", "contact", fields({ phone: "+14155550132" })),
  en("I'm John from Acme, reach me at john@acme.com", "contact", fields({ name: "John", company: "Acme", email: "john@acme.com" })),
  en(
    "name's sarah connor, work at skynet inc, phone +44 20 7946 0958",
    "contact",
    fields({ name: "Sarah Connor", company: "skynet inc", phone: "+442079460958" }),
  ),
  en("quote for an ecommerce store with shopify integration?", "pricing"),
  en("thx a lot", "thanks"),
  en("ok bye", "goodbye"),
  en("what's the weather in london", "unknown"),
  en("are you hiring?", "unknown"),
  en("we're looking for a team to build a saas for dental clinics", "services"),
  en("how much would an app like airbnb cost", "pricing"),
  en("need it done asap, like in 4 weeks, doable?", "timeline"),
  en("is the price fixed or can it change later", "guarantee"),
  en("Emily Watson", "contact", fields({ name: "Emily Watson" }), askedName("Great! What's your name?")),
  en("pls email me a proposal at mike@bluefin.io, we need an internal dashboard", "contact", fields({ email: "mike@bluefin.io" })),
  en("hi, i'm david from greenleaf, we want a customer portal", "services", fields({ name: "David", company: "greenleaf" })),
  en("what kind of roi can i expect", "roi"),
  en("have you done anything in fintech?", "case_studies"),
  en("hola, do you do apps? quiero saber o preco", "pricing"),
  en("my whatsapp is 11 99888-7766, i'm in são paulo", "contact", fields({ phone: "+5511998887766" })),
];

/**
 * Written after the classifier was tuned on EVAL_SET, measured once before any change: 37/48
 * intents (77.1 %), 192/192 fields. Then fixed (chat shorthand, "do you do …?" needs a
 * software topic, missing phrases), so it is tuned now too.
 */
export const HELD_OUT_SET: readonly EvalCase[] = [
  pt("eae, blz?", "greeting"),
  pt("vcs desenvolvem sistema de gestao pra academia?", "services"),
  pt("qto fica mais ou menos um app igual ao ifood", "pricing"),
  pt("tenho uma ideia de startup e queria tirar do papel", "services"),
  pt("consegue entregar em 2 meses?", "timeline"),
  pt("quanto tempo demora pra ficar pronto um site?", "timeline"),
  pt("o q acontece se o projeto nao ficar pronto na data?", "guarantee"),
  pt("posso ver alguns projetos q vcs ja fizeram?", "case_studies"),
  pt("como vcs trabalham? tem reunioes semanais?", "process"),
  pt("queria conversar com alguem do comercial", "contact"),
  pt("meu whatsapp 21987654321, me chama la", "contact", fields({ phone: "+5521987654321" })),
  pt(
    "sou a Beatriz Lima, da empresa Ótica Visão, beatriz@oticavisao.com.br",
    "contact",
    fields({ name: "Beatriz Lima", company: "Ótica Visão", email: "beatriz@oticavisao.com.br" }),
  ),
  pt("valeu pela ajuda", "thanks"),
  pt("vcs fazem tatuagem?", "unknown"),
  pt("calculo de retorno do investimento, onde vejo?", "roi"),
  pt("tenho 50 mil de orçamento, da pra fazer um marketplace?", "pricing"),

  es("que tal, alguien por aqui?", "greeting"),
  es("ustedes desarrollan software a medida?", "services"),
  es("cuánto me saldría una app de reservas", "pricing"),
  es("tengo una idea para una app de citas medicas", "services"),
  es("cuanto demoran normalmente?", "timeline"),
  es("necesito lanzar antes de marzo", "timeline"),
  es("y si se pasan del presupuesto quien paga?", "guarantee"),
  es("me pueden mostrar ejemplos de apps que hayan hecho?", "case_studies"),
  es("que metodologia usan?", "process"),
  es("prefiero que me llame un asesor", "contact"),
  es("escribeme a pedro.m@gmail.com", "contact", fields({ email: "pedro.m@gmail.com" })),
  es(
    "me llamo Valentina Rojas y trabajo en Banco Andino, mi cel +57 310 555 1234",
    "contact",
    fields({ name: "Valentina Rojas", company: "Banco Andino", phone: "+573105551234" }),
  ),
  es("muchas gracias por la info", "thanks"),
  es("venden computadores?", "unknown"),
  es("cuanto ganaria con una plataforma nueva? hay una calculadora?", "roi"),
  es("adios!", "goodbye"),

  en("hello!", "greeting"),
  en("can you guys help with a shopify store?", "services"),
  en("ballpark cost for a simple booking app?", "pricing"),
  en("i have an idea for a fitness app and need a dev team", "services"),
  en("could you deliver something by end of next month?", "timeline"),
  en("how many weeks for an mvp", "timeline"),
  en("what if the project goes over budget", "guarantee"),
  en("do you have a portfolio i can look at", "case_studies"),
  en("walk me through how you work with clients", "process"),
  en("i'd like to schedule a call", "contact"),
  en("text me on +55 11 97777-6655", "contact", fields({ phone: "+5511977776655" })),
  en(
    "this is Tom Baker from Northwind, tom.baker@northwind.com",
    "contact",
    fields({ name: "Tom Baker", company: "Northwind", email: "tom.baker@northwind.com" }),
  ),
  en("great, thank you!", "thanks"),
  en("do you sell laptops", "unknown"),
  en("how do i calculate the roi of a new platform", "roi"),
  en("gotta go, cya", "goodbye"),
];

/**
 * Written after HELD_OUT_SET's fixes and committed before its first run: 16/30 intents
 * (53.3 %), 114/120 fields (95.0 %). Then fixed (names guessed only as an answer to the bot's
 * question, role + company, a leading "Name," before an e-mail, fuzzy matching only for
 * words of 6+ letters, more phrases), so it is tuned now too.
 */
export const HELD_OUT_2_SET: readonly EvalCase[] = [
  pt("boa tarde! vcs atendem empresas pequenas?", "services"),
  pt("fiz um orçamento com outra agencia e deu 200 mil, vcs cobram menos?", "pricing"),
  pt("qnd vcs conseguem começar?", "timeline"),
  pt("vcs dao suporte depois que o sistema ta no ar?", "services"),
  pt("tem algum case de app de delivery?", "case_studies"),
  pt("me passa o contato de vcs", "contact"),
  pt("joana.reis@yahoo.com.br - quero uma loja virtual", "contact", fields({ email: "joana.reis@yahoo.com.br" })),
  pt(
    "aqui é o Rodrigo da Ferreira Transportes, meu numero é (19) 3456-7890",
    "contact",
    fields({ name: "Rodrigo", company: "Ferreira Transportes", phone: "+551934567890" }),
  ),
  pt("nao entendi nada", "unknown"),
  pt("show, brigadão", "thanks"),

  es("trabajan con clientes de argentina?", "services"),
  es("es muy caro hacer una app?", "pricing"),
  es("en cuantas semanas estaría lista la primera version?", "timeline"),
  es("si no me gusta el resultado que pasa?", "guarantee"),
  es("donde puedo ver su trabajo?", "case_studies"),
  es("como arrancamos?", "process"),
  es("agenda una llamada conmigo por favor", "contact"),
  es(
    "Soy Ana Torres, CTO de Finlatam. ana.torres@finlatam.com",
    "contact",
    fields({ name: "Ana Torres", company: "Finlatam", email: "ana.torres@finlatam.com" }),
  ),
  es("jajaja ok", "unknown"),
  es("nos vemos, gracias", "goodbye"),

  en("yo what do u guys do", "services"),
  en("rates?", "pricing"),
  en("when could you start?", "timeline"),
  en("any refunds if it doesnt work out?", "guarantee"),
  en("show me some work you've done for startups", "case_studies"),
  en("what's the first step", "process"),
  en("pls have someone call me, 0 11 98888 1234", "contact", fields({ phone: "+5511988881234" })),
  en("Kate Liu, kate@liu.dev, building a crm for realtors", "contact", fields({ name: "Kate Liu", email: "kate@liu.dev" })),
  en("asdfgh", "unknown"),
  en("cheers mate", "thanks"),
];

/**
 * Written after HELD_OUT_2_SET's fixes, committed before its first run, and never tuned on:
 * its misses stay as they are (the test prints them). This is the figure that says how well
 * the assistant understands messages nobody tuned it for.
 */
export const UNTUNED_SET: readonly EvalCase[] = [
  pt("opa, tudo certo?", "greeting"),
  pt("vcs mexem com inteligencia artificial?", "services"),
  pt("tenho um orçamento apertado, uns 15 mil, rola?", "pricing"),
  pt("em 3 meses fica pronto?", "timeline"),
  pt("e se der bug depois da entrega?", "guarantee"),
  pt("quero ver o case da aura health", "case_studies"),
  pt("me explica as fases do projeto", "process"),
  pt("pode me mandar uma proposta? lucas@agrotech.com.br", "contact", fields({ email: "lucas@agrotech.com.br" })),
  pt("falo com quem pra fechar negocio?", "contact"),
  pt("kkkkk", "unknown"),

  es("holi", "greeting"),
  es("hacen integraciones con sap?", "services"),
  es("tienen planes o paquetes de precios?", "pricing"),
  es("cuanto se demora un marketplace?", "timeline"),
  es("hay penalidad si se atrasan?", "guarantee"),
  es("que clientes tienen?", "case_studies"),
  es("cual es el primer paso para trabajar con ustedes?", "process"),
  es("mi tel es 55 11 98765 4321, llamenme en la tarde", "contact", fields({ phone: "+5511987654321" })),
  es("me gustaria que un vendedor me escriba", "contact"),
  es("perfecto, muchas gracias", "thanks"),

  en("good evening", "greeting"),
  en("do you do ai chatbots?", "services"),
  en("whats the minimum budget to work with you", "pricing"),
  en("what's your turnaround time", "timeline"),
  en("is there any guarantee on delivery dates", "guarantee"),
  en("which companies have you worked with", "case_studies"),
  en("do you do agile? sprints?", "process"),
  en(
    "I'm Priya from Zenith Labs. Call me on +91 98765 43210",
    "contact",
    fields({ name: "Priya", company: "Zenith Labs", phone: "+919876543210" }),
  ),
  en("connect me with sales pls", "contact"),
  en("lol nvm", "unknown"),
];
