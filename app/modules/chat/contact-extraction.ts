// Contact details in a chat message (spec §4 contact step, §5): an e-mail, a phone, a name
// and a company, found in free text typed in pt, es or en. Isomorphic and small: the
// widget loads it lazily and the server's assistant uses the same rules. No zod, no
// dictionaries, no big tables.
import { normalizePhone } from "~/modules/leads/phone";

export { normalizePhone };

export type ExtractedContact = {
  email: string | null;
  phone: string | null;
  name: string | null;
  company: string | null;
};

const EMAIL = /[a-z0-9][a-z0-9._%+-]*@[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*\.[a-z]{2,}/i;
/** A run of digits with the separators people type: +55 (11) 9 8765-4321, 21 99876 5432. */
const PHONE_CANDIDATE = /\+?\s?\(?\d[\d\s().-]{6,20}\d/g;

/** Words that end a name or a company, and words that are never a name (folded: no accents). */
const STOPS = new Set(
  (
    "e y and com con with que pra para for meu minha mi my our nosso nossa nuestra we i eu yo " +
    "email e-mail mail correo telefone telefono phone tel cel celular whats whatsapp zap contato contacto " +
    "quero queremos quiero want need preciso precisamos necesito necesitamos trabalho trabajo work " +
    "from at of in on em no na by pelo pela por de da do del das dos la el lo los las"
  ).split(" "),
);
const NOT_NAMES = new Set(
  (
    "ok okay oki sim nao no yes yeah yep nope si claro sure vale certo beleza blz vlw valeu top " +
    "oi ola hola hi hello hey hei alo bom boa buen buenas buenos dia tarde noite noche morning " +
    "obrigado obrigada gracias thanks thank thx tchau chao bye adios tudo todo bem bien fine good " +
    "um uma un una a an o the este esta this that isso eso it ele ela he she " +
    "dono dona dueno duena owner ceo cto founder fundador fundadora socio socia gerente manager diretor director " +
    "interessado interessada interesado interesada interested looking trying just not here aqui new novo nova nuevo " +
    "cliente client customer estudante estudiante student dev developer desenvolvedor programador " +
    "urgente urgent importante important so only solo apenas muito muy very also tambem tambien " +
    "app apps site web sistema software loja tienda store preco precio price orcamento presupuesto quote " +
    "teste test prueba help ajuda ayuda info duvida pergunta question sou soy somos estou estoy"
  ).split(" "),
);
const PARTICLES = new Set(["da", "de", "do", "das", "dos", "del", "la", "van", "von", "di"]);

/** Lower case and no accents, one output unit per input unit (so indices match the original). */
function fold(text: string): string {
  let out = "";
  for (const unit of text.split("")) out += (unit.normalize("NFD")[0] ?? unit).toLowerCase()[0] ?? unit;
  return out;
}

const WORD = /^[\p{L}][\p{L}'’.-]*$/u;

function capitalise(word: string, first: boolean): string {
  if (word !== word.toLowerCase()) return word;
  if (!first && PARTICLES.has(word)) return word;
  return word.charAt(0).toUpperCase() + word.slice(1);
}

const clean = (word: string) => word.replace(/[.'’-]+$/, "");

/**
 * Reads words from `at` up to a stop word, punctuation, a digit or more than `max` words.
 * Returns the words as typed, the folded word that stopped it and where that word ends.
 */
function readWords(text: string, at: number, max: number, isStop: (folded: string) => boolean) {
  const rest = text.slice(at);
  const end = rest.search(/[,;:!?()/|\n\d@]|\.(\s|$)/);
  const segment = end === -1 ? rest : rest.slice(0, end);
  const taken: string[] = [];
  let stoppedBy: string | null = null;
  let stopEnd = at + segment.length;
  for (const match of segment.matchAll(/\S+/g)) {
    const word = match[0];
    const folded = fold(clean(word));
    if (!WORD.test(word) || isStop(folded) || taken.length === max) {
      stoppedBy = folded;
      stopEnd = at + (match.index ?? 0) + word.length;
      break;
    }
    taken.push(clean(word));
  }
  return { taken, stoppedBy, stopEnd };
}

const NAME_INTRO =
  /(?:^|[\s,.!])(meu nome e|me chamo|pode me chamar de|aqui e (?:o|a)|mi nombre es|me llamo|my name is|name['’]?s|sou(?: o| a)?|soy(?: el| la)?|i['’]?m|i am|this is|aqui (?:o|a))\s+/g;

/**
 * What comes before a company. Group 1, the company named as one ("da empresa", "my company
 * is", "empresa:"): taken as typed. Group 2, a place of work or origin ("trabalho na", "work
 * at", "sou da", "I'm from", a role "CTO de"): only a name that looks like a company's, not a
 * place, a department or a sentence ("trabalho em casa", "sou do Rio", "work at a bank").
 */
const COMPANY_INTRO =
  /(?:^|[\s,.!])(?:((?:da|na|do|no|de la|en la|at|of) (?:empresa|compania|company)|minha empresa (?:e|se chama)|mi empresa (?:es|se llama)|(?:my|our) company(?: is|'s)?|nossa empresa (?:e|se chama)|empresa:)|((?:trabalho|trabalhamos) (?:na|no|em|pela|pelo|para)|(?:trabajo|trabajamos) (?:en|para)|(?:work|working|i work|we work) (?:at|for)|(?:sou|somos) (?:da|do)|(?:i['’]?m|i am|we['’]?re|we are) from|^(?:(?:hi|hello|hey)[,!]? )?from|(?:ceo|cto|coo|cfo|founder|co-?founder|fundador[a]?|dono|dona|dueno|duena|owner|gerente|manager|diretor[a]?|director[a]?|head) (?:de|da|do|del|at|of|en|na|no)))\s+/g;

const words = (list: string) => new Set(list.split(" "));
/** Where people are from or work, not whom for (folded). */
const PLACES = words(
  "brasil brazil mexico argentina chile colombia peru portugal espanha espana spain eua usa canada uruguai uruguay paraguai " +
    "paraguay bolivia venezuela equador ecuador europa europe acre alagoas amapa amazonas bahia ceara goias maranhao minas mato " +
    "paraiba parana pernambuco piaui rondonia roraima sergipe tocantins espirito santa sao rio sp rj bh poa recife salvador " +
    "fortaleza curitiba belem manaus goiania campinas floripa florianopolis brasilia natal vitoria santos niteroi londrina " +
    "madrid barcelona bogota lima santiago buenos cdmx monterrey guadalajara medellin quito caracas montevideo london texas " +
    "california florida miami boston chicago toronto new los san interior capital nordeste norte sul",
);
/** Departments, kinds of workplace and other plain nouns: a company only with a name after them. */
const GENERIC = words(
  "area setor sector departamento department depto time equipe equipo team casa home escritorio oficina office remoto remote " +
    "freela freelance freelancer autonomo autonoma vendas ventas sales marketing ti it rh hr financeiro finanzas finance " +
    "comercial compras juridico legal suporte soporte support produto producto product operacoes operaciones operations " +
    "tecnologia technology startup empresa company compania banco bank industria industry comercio varejo retail governo " +
    "gobierno government hospital escola school universidade universidad university faculdade agencia agency consultoria " +
    "consulting padaria panaderia restaurante restaurant",
);
/** Words that end a company typed in lower case (besides STOPS): "há 5 anos", "lol". */
const TAIL = words(
  "ha hace faz since desde ago atualmente currently actualmente hoje today agora now mas but pero porque because lol kkk haha rs",
);
/** Kept after a capitalised company name: "Acme Inc", "Duarte Cosméticos Ltda". */
const SUFFIXES = words("ltda ltd sa s.a s/a inc llc corp co me eireli gmbh plc");
/** Joining words inside a capitalised name ("Banco do Brasil", "Silva & Filhos"). */
const JOINERS = words("de da do das dos del la of & e y and");
const ARTICLES = words("a o the la el");
const INDEFINITE = words("um uma un una an uns umas some");
const isCapital = (word: string) => /^\p{Lu}/u.test(word);

/**
 * The company that starts at `at`, or null for what is not one. `loose`: found after a
 * place-of-work intro, so it must look like a company (see COMPANY_INTRO). A name typed with
 * capitals ends at the first word in lower case ("Duarte Cosméticos há 5 anos"); one typed in
 * lower case ends at a stop word and is at most 4 words.
 */
function companyAt(text: string, at: number, loose: boolean): string | null {
  const rest = text.slice(at);
  const end = rest.search(/[,;:!?()/|\n\d@]|\.(\s|$)/);
  const typed: string[] = [];
  for (const word of (end === -1 ? rest : rest.slice(0, end)).split(/\s+/)) {
    if (!word) continue;
    if (!WORD.test(word) && word !== "&") break;
    typed.push(clean(word));
  }
  let first = fold(typed[0] ?? "");
  // "sou da empresa Duarte": the company named as one after all.
  if (/^(empresa|compania|company)$/.test(first) && typed.length > 1) {
    typed.shift();
    first = fold(typed[0]!);
    loose = false;
  }
  // "a Duarte Cosméticos" names one; "a bank", "uma padaria" are any.
  if (INDEFINITE.has(first)) return null;
  if (ARTICLES.has(first) && typed.length > 1) {
    if (!isCapital(typed[1]!)) return null;
    typed.shift();
    first = fold(typed[0]!);
  }
  if (!typed.length) return null;
  const capitalised = isCapital(typed[0]!);
  const taken = [typed[0]!];
  for (let i = 1; i < typed.length && taken.length < 5; i++) {
    const word = typed[i]!;
    const folded = fold(word);
    if (capitalised) {
      if (isCapital(word) || SUFFIXES.has(folded)) taken.push(word);
      else if (JOINERS.has(folded) && isCapital(typed[i + 1] ?? "")) taken.push(word);
      else break;
    } else {
      if ((STOPS.has(folded) && !["de", "do", "da", "del", "of"].includes(folded)) || TAIL.has(folded)) break;
      taken.push(word);
    }
  }
  while (taken.length > 1 && JOINERS.has(fold(taken[taken.length - 1]!))) taken.pop();
  if (!capitalised && taken.length > 4) return null;
  if (STOPS.has(first) || TAIL.has(first)) return null;
  if (loose && PLACES.has(first)) return null;
  if ((taken.length === 1 || !capitalised) && (GENERIC.has(first) || NOT_NAMES.has(first))) return null;
  return taken.join(" ");
}

function findCompany(text: string, folded: string): string | null {
  for (const match of folded.matchAll(COMPANY_INTRO)) {
    const company = companyAt(text, (match.index ?? 0) + match[0].length, match[2] !== undefined);
    if (company) return company;
  }
  return null;
}

function findName(text: string, folded: string): { name: string | null; company: string | null } {
  for (const match of folded.matchAll(NAME_INTRO)) {
    const intro = match[1] ?? "";
    const at = (match.index ?? 0) + match[0].length;
    const isSou = /^(sou|soy|i['’]?m|i am|this is|aqui)/.test(intro);
    // "meu nome é Ana da Silva" keeps its particles; "sou a Juliana da Clínica" does not.
    const { taken, stoppedBy, stopEnd } = readWords(text, at, 4, (word) =>
      isSou ? STOPS.has(word) : STOPS.has(word) && !PARTICLES.has(word),
    );
    while (taken.length && PARTICLES.has(fold(taken[taken.length - 1] ?? ""))) taken.pop();
    const first = fold(taken[0] ?? "");
    if (!taken.length || NOT_NAMES.has(first) || first.endsWith("ing") || taken.length > 3) continue;
    const name = taken.map((word, i) => capitalise(word, i === 0)).join(" ");
    // "I'm John from Acme", "sou o Carlos da TechBR": the company follows the name.
    const followsName = isSou && (stoppedBy === "from" || stoppedBy === "da" || stoppedBy === "do");
    const company = followsName && !/^\s*empresa\b/.test(folded.slice(stopEnd)) ? companyAt(text, stopEnd, true) : null;
    return { name, company };
  }
  return { name: null, company: null };
}

/** "Kate Liu, kate@liu.dev, …": capitalised words before a comma, in a message with details. */
const LEADING_NAME = /^\s*(\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’-]+){0,2})\s*[,;]/u;

function leadingName(text: string): string | null {
  const words = LEADING_NAME.exec(text)?.[1]?.split(/\s+/) ?? [];
  return words.length && words.every((word) => !NOT_NAMES.has(fold(word)) && !STOPS.has(fold(word))) ? words.join(" ") : null;
}

/** The e-mail, phone, name and company a message gives (null for each one it doesn't). */
export function extractContact(text: string): ExtractedContact {
  const folded = fold(text);
  const email = EMAIL.exec(text)?.[0].toLowerCase().replace(/\.+$/, "") ?? null;
  const withoutEmail = email ? text.replace(EMAIL, " ") : text;
  let phone: string | null = null;
  for (const candidate of withoutEmail.match(PHONE_CANDIDATE) ?? []) {
    phone = normalizePhone(candidate);
    if (phone) break;
  }
  const found = findName(text, folded);
  const name = found.name ?? (email || phone ? leadingName(text) : null);
  const company = findCompany(text, folded) ?? found.company;
  return { email, phone, name, company };
}

/**
 * Spec §5: a short answer with no e-mail, phone or name in it is the name ("Maria
 * Fernanda"). At most 3 words of letters, not a question, not a number, and not a word
 * that is plainly something else ("ok", "sim", "hola", "thanks", "quero um app").
 */
export function guessName(text: string): string | null {
  const trimmed = text
    .trim()
    .replace(/[.!]+$/, "")
    .trim();
  if (!trimmed || /[?¿\d@]/.test(trimmed)) return null;
  const contact = extractContact(trimmed);
  if (contact.email || contact.phone) return null;
  if (contact.name) return contact.name;
  const words = trimmed.split(/\s+/);
  if (words.length > 3 || !words.every((word) => WORD.test(word))) return null;
  const folded = words.map((word) => fold(clean(word)));
  const last = folded.length - 1;
  const plain = folded.every((word, i) =>
    PARTICLES.has(word) ? i > 0 && i < last : !NOT_NAMES.has(word) && !STOPS.has(word) && word.length > 1,
  );
  return plain ? words.map((word, i) => capitalise(clean(word), i === 0)).join(" ") : null;
}
