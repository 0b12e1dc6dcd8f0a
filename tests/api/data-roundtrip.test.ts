// The round trip of issue 23: leads.csv of 'Exportar Dados' (GET /api/exports/data) goes back
// in through 'Importar Dados' (POST /api/imports, then POST /api/imports/:id/commit until done)
// into a CRM without leads, in pt, es and en, and every lead comes back the same: name, e-mail,
// phone, company, source, status, value, currency, tags, notes, owner and created_at. The leads
// are the awkward ones: what a spreadsheet would run as a formula, the CSV's delimiters,
// quotes and line breaks in a cell, accents, a foreign phone, values with decimals, a lead
// with nothing but its name. The team (the owners) is the same on both sides.
import { env } from "cloudflare:workers";
import { unzipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import type { Language } from "../../app/i18n/languages.ts";
import type { LeadImportMapping } from "../../worker/services/lead-import-columns.ts";
import { createLead, createUser } from "../factories/index.ts";
import { bearer, db, request, signedInUser } from "../helpers.ts";

type Staff = Awaited<ReturnType<typeof signedInUser>>;
type ImportDto = {
  id: string;
  status: "previewed" | "running" | "done";
  mapping: LeadImportMapping;
  rows: number;
  valid: number;
  new: number;
  invalid: number;
  issues: unknown[];
  processed: number;
  created: number;
  failed: number;
};

/** What the round trip must keep, as stored (ids and updated_at are the new CRM's own). */
const FIELDS = `name, email, phone, company, source, status, estimated_value, currency, tags, notes, assigned_to, created_at`;
const storedLeads = async () =>
  (await env.DB.prepare(`select ${FIELDS} from leads order by created_at, name`).all<Record<string, unknown>>()).results;

let manager: Staff;
let original: Record<string, unknown>[];

beforeAll(async () => {
  manager = await signedInUser("manager");
  const olga = await createUser(db(), { name: "Olga Dona", email: "olga@velox.test", role: "sales_rep" });
  const ivo = await createUser(db(), { name: "Ivo Gerente", email: "ivo@velox.test", role: "manager" });
  const at = (n: number) => new Date(Date.UTC(2025, 0, 1 + n, 9, 30, 15, 123 + n)).toISOString();
  const leads: Parameters<typeof createLead>[1][] = [
    {
      name: "Carla Prado",
      email: "carla@cliente.test",
      phone: "+5511988887777",
      company: "Prado & Filhos; Ltda, ME",
      source: "referral",
      status: "negotiating",
      estimatedValue: 12345.67,
      currency: "USD",
      tags: ["Urgente", "Proposta", "Orçamento"],
      notes: 'Prefere "WhatsApp".\nLigar à tarde; nunca antes das 14h.',
      assignedTo: olga.id,
      createdAt: at(1),
    },
    {
      name: '=HYPERLINK("http://x";"y")',
      email: "formula@cliente.test",
      phone: "+14155550132",
      company: "+1+1",
      source: "advertising",
      status: "won",
      estimatedValue: 0.5,
      currency: "EUR",
      tags: ["-menos", "@arroba"],
      notes: "-2+3\n- item de lista",
      assignedTo: ivo.id,
      createdAt: at(2),
    },
    {
      name: "Só o nome",
      email: null,
      phone: null,
      company: null,
      source: "website",
      status: "new",
      estimatedValue: null,
      tags: [],
      notes: null,
      assignedTo: null,
      createdAt: at(3),
    },
    {
      name: "José Ñandú Müller",
      email: "jose@cliente.test",
      phone: "+553132221100",
      company: 'Empresa "Aspas"',
      source: "social_media",
      status: "qualified",
      estimatedValue: 1234567.89,
      currency: "BRL",
      tags: ["Retorno"],
      notes: "Linha 1\nLinha 2",
      assignedTo: olga.id,
      createdAt: at(4),
    },
    {
      name: "Perdido",
      email: "perdido@cliente.test",
      source: "other",
      status: "lost",
      estimatedValue: 0,
      currency: "BRL",
      createdAt: at(5),
    },
    { name: "Contatado", email: "contatado@cliente.test", source: "website", status: "contacted", estimatedValue: 980, createdAt: at(6) },
    // Three decimals: "7,125" alone would read as seven thousand (the import takes "1.000" for a thousand).
    { name: "Três decimais", email: "tres@cliente.test", estimatedValue: 7.125, currency: "EUR", createdAt: at(7) },
    { name: "Milhar exato", email: "milhar@cliente.test", estimatedValue: 1000, createdAt: at(8) },
  ];
  for (const lead of leads) await createLead(db(), lead);
  original = await storedLeads();
  expect(original).toHaveLength(leads.length);
});

async function exportedLeadsCsv(language: Language): Promise<Uint8Array> {
  const response = await request("/api/exports/data", {
    headers: { ...bearer(manager.session.access_token), Cookie: `language=${language}` },
  });
  expect(response.status).toBe(200);
  return unzipSync(new Uint8Array(await response.arrayBuffer()))["leads.csv"]!;
}

async function importCsv(bytes: Uint8Array, language: Language): Promise<ImportDto> {
  const headers = { ...bearer(manager.session.access_token), Cookie: `language=${language}` };
  const form = new FormData();
  form.append("file", new File([bytes as BlobPart], "leads.csv", { type: "text/csv" }));
  const created = await request("/api/imports", { method: "POST", body: form, headers });
  expect(created.status, await created.clone().text()).toBe(201);
  let dto = ((await created.json()) as { import: ImportDto }).import;
  // The preview: every header mapped by itself (the ID column ignored), every row valid and new.
  expect(dto.mapping).toEqual([
    null,
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
  ]);
  expect(dto.issues).toEqual([]);
  expect({ rows: dto.rows, valid: dto.valid, new: dto.new, invalid: dto.invalid }).toEqual({
    rows: original.length,
    valid: original.length,
    new: original.length,
    invalid: 0,
  });
  for (let calls = 0; dto.status !== "done"; calls++) {
    expect(calls).toBeLessThan(50);
    const committed = await request(`/api/imports/${dto.id}/commit`, {
      method: "POST",
      headers: { ...headers, "Content-Type": "application/json" },
      body: JSON.stringify({ mode: "skip" }),
    });
    expect(committed.status, await committed.clone().text()).toBe(200);
    dto = ((await committed.json()) as { import: ImportDto }).import;
  }
  return dto;
}

describe("export → import into a CRM without leads", () => {
  it.each(["pt", "es", "en"] as const)("%s: every lead comes back with nothing lost", async (language) => {
    const csv = await exportedLeadsCsv(language);
    await env.DB.prepare("delete from leads").run();
    expect(await storedLeads()).toEqual([]);

    const done = await importCsv(csv, language);
    expect({ created: done.created, failed: done.failed, processed: done.processed }).toEqual({
      created: original.length,
      failed: 0,
      processed: original.length,
    });
    expect(await storedLeads()).toEqual(original);
  });
});
