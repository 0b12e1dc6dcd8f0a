// 'Importar Dados' (issue 23): the lead fields a CSV column can fill, and the header names
// that map to each without the user's help: the CRM's own export (pt, es, en), the words a
// person types in a spreadsheet, and the headers of Pipedrive's and HubSpot's leads and
// contacts exports. Shared exactly by the browser (the mapping step) and the server (which
// maps again and never trusts the browser's preview): plain constants and functions, no
// imports (.dependency-cruiser.cjs CLIENT_SAFE).

/** The fields, in the order the mapping step lists them. */
export const LEAD_IMPORT_FIELDS = [
  "name",
  "email",
  "phone",
  "company",
  "source",
  "status",
  "value",
  "currency",
  "tags",
  "notes",
  "owner",
  "created_at",
] as const;
export type LeadImportField = (typeof LEAD_IMPORT_FIELDS)[number];

/**
 * One entry per column of the header row: the field it fills, or null (ignored). Several
 * columns may fill `name` (joined with a space: HubSpot's First Name + Last Name), `notes`
 * (joined with a blank line) or `tags` (merged); any other field takes one column at most.
 */
export type LeadImportMapping = (LeadImportField | null)[];

/** Fields that more than one column may fill. */
export const MULTI_COLUMN_FIELDS: ReadonlySet<LeadImportField> = new Set(["name", "notes", "tags"]);

/** A header as the matching compares it: trimmed, lower case, without accents or punctuation runs. */
export function headerKey(header: string): string {
  return header
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

/** Header names (compared by headerKey) → field. */
const ALIASES: Record<LeadImportField, readonly string[]> = {
  name: [
    "nome",
    "name",
    "nombre",
    "nome completo",
    "full name",
    "nombre completo",
    "contato",
    "contact",
    "contacto",
    "lead",
    // Pipedrive (leads and people exports: "Person - Name"). A lead's "Lead - Title" ("Acme
    // website deal") and a contact's "Job Title" are not the person's name: left to the user.
    "person name",
    "person full name",
    // HubSpot (contacts export): First Name and Last Name both map here, joined in order.
    "first name",
    "last name",
    "primeiro nome",
    "sobrenome",
    "nome proprio",
    "apellido",
    "nome do contato",
    "nome do cliente",
    "nome do lead",
    "cliente",
    "contact name",
    "lead name",
    "nombre del contacto",
    "nombre del cliente",
  ],
  email: [
    "e mail",
    "email",
    "correo",
    "correo electronico",
    "email address",
    "endereco de e mail",
    "person email",
    "person email work",
    "person email home",
    "person email other",
    "work email",
    "e mail do contato",
    "e mail do cliente",
    "e mail comercial",
    "e mail principal",
    "contact email",
    "primary email",
    "correo del contacto",
  ],
  phone: [
    "telefone",
    "phone",
    "telefono",
    "celular",
    "mobile",
    "phone number",
    "mobile phone number",
    "whatsapp",
    "person phone",
    "person phone work",
    "person phone mobile",
    "person phone home",
    "person phone other",
    "fone",
    "tel",
    "telefone celular",
    "telefone fixo",
    "telefone comercial",
    "fone celular",
    "telefono movil",
    "movil",
    "mobile phone",
    "cell phone",
    "work phone",
    "contact phone",
  ],
  company: [
    "empresa",
    "company",
    "company name",
    "organizacao",
    "organization",
    "organisation",
    "organizacion",
    "organization name",
    "person organization",
    "associated company",
    "nome da empresa",
    "razao social",
    "nome fantasia",
    "empresa do contato",
    "nombre de la empresa",
    "razon social",
    "account name",
  ],
  source: [
    "origem",
    "source",
    "origen",
    "fonte",
    "lead source",
    "original source",
    "lead origin",
    "origem do lead",
    "origen del lead",
    "origem do contato",
    "fonte do lead",
    "canal",
    "canal de origem",
    "channel",
    "source origin",
  ],
  status: [
    "status",
    "estado",
    "situacao",
    "etapa",
    "stage",
    "lead status",
    "lifecycle stage",
    "pipeline stage",
    "deal stage",
    "lead stage",
    "fase",
    "fase do funil",
    "etapa do funil",
    "estagio",
    "status do lead",
    "estado del lead",
    "situacion",
  ],
  value: [
    "valor",
    "value",
    "valor estimado",
    "estimated value",
    "amount",
    "deal value",
    "lead value",
    "valor do negocio",
    "monto",
    "importe",
    "valor da oportunidade",
    "valor do contrato",
    "valor potencial",
    "valor del negocio",
    "deal amount",
    "opportunity amount",
    "expected revenue",
    "potential value",
  ],
  currency: [
    "moeda",
    "currency",
    "moneda",
    "lead currency",
    "lead value currency",
    "currency of lead value",
    "lead currency of value",
    "moeda do valor",
    "currency code",
  ],
  tags: ["tags", "etiquetas", "labels", "label", "lead labels", "person labels", "marcadores"],
  notes: [
    "notas",
    "notes",
    "note",
    "observacoes",
    "observaciones",
    "descricao",
    "description",
    "descripcion",
    "comentarios",
    "comments",
    "obs",
    "anotacoes",
    "informacoes adicionais",
    "additional information",
  ],
  owner: [
    "responsavel",
    "owner",
    "responsable",
    "proprietario",
    "vendedor",
    "assigned to",
    "lead owner",
    "person owner",
    "contact owner",
    "hubspot owner",
    "owner email",
    "responsavel e mail",
    "dono",
    "responsavel pelo lead",
    "vendedor responsavel",
    "proprietario do contato",
    "deal owner",
    "usuario responsavel",
    "atribuido a",
    "asignado a",
  ],
  created_at: [
    "criado em",
    "created at",
    "creado el",
    "created",
    "create date",
    "data de criacao",
    "fecha de creacion",
    "lead created",
    "lead lead created",
    "lead add time",
    "person add time",
    "data de cadastro",
    "data do cadastro",
    "cadastrado em",
    "data de entrada",
    "data de registro",
    "created on",
    "created date",
    "date created",
    "creation date",
    "date added",
    "fecha de alta",
    "fecha de registro",
  ],
};

/**
 * A header key's words in the singular, the way Portuguese, Spanish and English plurals end
 * ("observacoes" → "observacao", "responsaveis" → "responsavel", "valores" → "valor",
 * "notas" → "nota"): both the aliases and the headers are compared in this form too.
 */
function singularKey(key: string): string {
  return key
    .split(" ")
    .map((word) => {
      if (word.length <= 3) return word;
      if (word.endsWith("coes")) return `${word.slice(0, -4)}cao`;
      if (word.endsWith("oes")) return `${word.slice(0, -3)}ao`;
      if (word.endsWith("eis")) return `${word.slice(0, -3)}el`;
      if (word.endsWith("ais")) return `${word.slice(0, -3)}al`;
      if (/[rz]es$/.test(word)) return word.slice(0, -2);
      if (word.endsWith("s") && !word.endsWith("ss") && !word.endsWith("us")) return word.slice(0, -1);
      return word;
    })
    .join(" ");
}

const FIELD_BY_HEADER = new Map<string, LeadImportField>(
  Object.entries(ALIASES).flatMap(([field, names]) => names.map((name) => [headerKey(name), field as LeadImportField] as const)),
);

/** The aliases in the singular; a singular two fields would share is left out. */
const FIELD_BY_SINGULAR = new Map<string, LeadImportField | null>();
for (const [key, field] of FIELD_BY_HEADER) {
  const singular = singularKey(key);
  const known = FIELD_BY_SINGULAR.get(singular);
  FIELD_BY_SINGULAR.set(singular, known === undefined || known === field ? field : null);
}

/** Header cells longer than this are cut when stored and shown (a header names a column). */
export const HEADER_MAX_CHARS = 500;

/**
 * The field a header maps to by itself, or null: its words as they are, else without a
 * bracketed suffix ("Valor (R$)", "Responsável (e-mail)") or a trailing number ("Email 1"),
 * each also in the singular ("Observação" as "Observações").
 */
export function fieldForHeader(header: string): LeadImportField | null {
  const full = headerKey(header);
  const bare = headerKey(header.replace(/\s*[([][^)\]]*[)\]]\s*$/, ""));
  for (const key of new Set([full, bare, bare.replace(/ \d{1,2}$/, "")])) {
    if (!key) continue;
    const field = FIELD_BY_HEADER.get(key) ?? FIELD_BY_SINGULAR.get(singularKey(key));
    if (field) return field;
  }
  return null;
}

/**
 * The mapping suggested for a header row: each header's field, where a single-column field
 * goes to its first column only (a second 'E-mail' column is ignored until the user picks it).
 */
export function suggestMapping(headers: readonly string[]): LeadImportMapping {
  const taken = new Set<LeadImportField>();
  return headers.map((header) => {
    const field = fieldForHeader(header);
    if (!field) return null;
    if (!MULTI_COLUMN_FIELDS.has(field)) {
      if (taken.has(field)) return null;
      taken.add(field);
    }
    return field;
  });
}

/** A mapping's problem before anything is read: no name column, or a single field twice. */
export function mappingProblem(mapping: LeadImportMapping): "name_unmapped" | "field_twice" | null {
  if (!mapping.includes("name")) return "name_unmapped";
  const seen = new Set<LeadImportField>();
  for (const field of mapping) {
    if (!field || MULTI_COLUMN_FIELDS.has(field)) continue;
    if (seen.has(field)) return "field_twice";
    seen.add(field);
  }
  return null;
}

/** The file limits (the browser checks them before uploading; the server again). */
export const IMPORT_LIMITS = {
  /** Bytes of the file. */
  maxBytes: 10 * 1024 * 1024,
  /** Data rows (the header row not counted). */
  maxRows: 20_000,
  maxColumns: 200,
  /** Characters of one cell. */
  maxCellChars: 100_000,
} as const;

/** What a CSV row that matches an existing lead by e-mail does (chosen per import). */
export const IMPORT_MODES = ["update_empty", "overwrite", "skip"] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];
