// 'Importar Dados' after the review (issue 23): what the preview shows besides its counts (a
// sample of the rows as they will be stored, the rows without e-mail), what the commit writes
// besides the leads (status entries the dashboard counts wins by, one notification per person
// per import), resuming an import left running (GET /api/imports?status=running), the
// preview's rate limit, and who may read and continue an import (any admin or manager).
import { env } from "cloudflare:workers";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ImportDto } from "../../worker/services/lead-import/import-dto.ts";
import { createLead, createUser } from "../factories/index.ts";
import { bearer, db, json, request, signedInUser } from "../helpers.ts";

type Staff = Awaited<ReturnType<typeof signedInUser>>;
let manager: Staff;
let admin: Staff;
let rep: Staff;
let owner: { id: string; email: string; name: string };

const OWNER_EMAIL = "retomada.vendas@exemplo.com.br";

beforeAll(async () => {
  manager = await signedInUser("manager");
  admin = await signedInUser("admin");
  rep = await signedInUser("sales_rep");
  const created = await createUser(db(), { email: OWNER_EMAIL, name: "Retomada Vendas" });
  owner = { id: created.id, email: OWNER_EMAIL, name: "Retomada Vendas" };
});

beforeEach(async () => {
  await env.DB.prepare("delete from leads").run();
  await env.DB.prepare("delete from lead_imports").run();
  await env.DB.prepare("delete from notifications").run();
  await env.DB.prepare("delete from rate_limit_events").run();
});

const upload = (content: string, options: { name?: string; who?: Staff } = {}) => {
  const form = new FormData();
  form.append("file", new File([content], options.name ?? "leads.csv", { type: "text/csv" }));
  return request("/api/imports", { method: "POST", body: form, headers: bearer((options.who ?? manager).session.access_token) });
};

async function preview(content: string, options: { name?: string; who?: Staff } = {}): Promise<ImportDto> {
  const response = await upload(content, options);
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { import: ImportDto }).import;
}

async function commit(id: string, mode: string, who: Staff = manager): Promise<ImportDto> {
  const response = await request(`/api/imports/${id}/commit`, json("POST", { mode }, bearer(who.session.access_token)));
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { import: ImportDto }).import;
}

async function commitAll(id: string, mode: string, who: Staff = manager): Promise<ImportDto> {
  for (let i = 0; i < 100; i++) {
    const dto = await commit(id, mode, who);
    if (dto.status === "done") return dto;
  }
  throw new Error("import never finished");
}

const header = "Nome,E-mail,Telefone,Empresa,Origem,Status,Valor,Moeda,Tags,Notas,Responsável";
const csv = (...rows: string[]) => `${header}\n${rows.join("\n")}\n`;

describe("the preview's sample and rows without e-mail", () => {
  it("shows the first 5 valid rows as they will be stored, and counts the valid rows without e-mail", async () => {
    const dto = await preview(
      csv(
        `Ana Souza,ANA@Exemplo.com,(11) 98888-7777,Padaria,Indicação,Qualificado,"1.234,50",,"vip, quente",Nota,${OWNER_EMAIL}`,
        "Sem Email Um,,,,,,,,,,",
        "Bad Row,not-an-email,,,,,,,,,",
        "Sem Email Um,,,,,,,,,,",
        "Carla,carla@x.com,,,,,10,USD,,,",
        "D,d@x.com,,,,,,,,,",
        "E,e@x.com,,,,,,,,,",
        "F,f@x.com,,,,,,,,,",
      ),
    );
    expect(dto).toMatchObject({ rows: 8, valid: 7, invalid: 1, without_email: 2 });
    expect(dto.sample.map((row) => row.line)).toEqual([2, 3, 5, 6, 7]);
    expect(dto.sample[0]).toEqual({
      line: 2,
      name: "Ana Souza",
      email: "ana@exemplo.com",
      phone: "+5511988887777",
      company: "Padaria",
      source: "referral",
      status: "qualified",
      value: 1234.5,
      currency: "BRL",
      tags: ["vip", "quente"],
      notes: "Nota",
      owner: { id: owner.id, name: owner.name },
      created_at: null,
    });
    // Defaults filled in as the commit stores them.
    expect(dto.sample[1]).toMatchObject({
      name: "Sem Email Um",
      email: null,
      source: "other",
      status: "new",
      currency: "BRL",
      tags: [],
      owner: null,
    });
    expect(dto.sample[3]).toMatchObject({ name: "Carla", value: 10, currency: "USD" });
    // A later GET answers the same.
    const again = await request(`/api/imports/${dto.id}`, { headers: bearer(admin.session.access_token) });
    expect(((await again.json()) as { import: ImportDto }).import).toMatchObject({ sample: dto.sample, without_email: 2 });
  });
});
