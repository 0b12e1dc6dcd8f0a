import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Db } from "../../worker/db/client.ts";
import { submitContactMessage } from "../../worker/services/contact-service.ts";
import type { ServiceContext } from "../../worker/services/service-context.ts";
import { createLead } from "../factories/index.ts";
import { bearer, db, json, request, signedInUser } from "../helpers.ts";

const leadsWithEmail = (email: string) =>
  env.DB.prepare("select id, name from leads where lower(trim(email)) = ?")
    .bind(email)
    .all<{ id: string; name: string }>()
    .then((r) => r.results);
const activitiesOf = (leadId: string) =>
  env.DB.prepare("select content from lead_activities where lead_id = ? order by content")
    .bind(leadId)
    .all<{ content: string }>()
    .then((r) => r.results.map((a) => a.content));

/**
 * A database whose writes (batches) wait until `parties` callers have reached them: every
 * request has done all its reading before any of them writes — the interleaving that let two
 * first contacts from one address create two leads.
 */
function barrierDb(parties: number): Db {
  const real = db();
  let arrived = 0;
  let release!: () => void;
  const allThere = new Promise<void>((resolve) => (release = resolve));
  return new Proxy(real, {
    get(target, property, receiver) {
      if (property !== "batch") return Reflect.get(target, property, receiver);
      return async (...args: Parameters<Db["batch"]>) => {
        if (++arrived === parties) release();
        await allThere;
        return target.batch(...args);
      };
    },
  });
}

describe("one lead per e-mail", () => {
  it("two first contacts from one new address, both past any lookup before either writes: one lead, both messages on its timeline", async () => {
    const services: ServiceContext = { db: barrierDb(2), env };
    const message = (text: string) => ({ name: "Bia Lima", email: "Bia.Lima@Example.com ", message: text });
    const [first, second] = await Promise.all([
      submitContactMessage(services, message("Primeira mensagem: queremos um app."), { language: "pt", ip: "203.0.113.60" }),
      submitContactMessage(services, message("Segunda mensagem: e também um site."), { language: "pt", ip: "203.0.113.61" }),
    ]);
    const leads = await leadsWithEmail("bia.lima@example.com");
    expect(leads).toHaveLength(1);
    expect(first.leadId).toBe(leads[0]!.id);
    expect(second.leadId).toBe(leads[0]!.id);
    expect([first.created, second.created].sort()).toEqual([false, true]);
    expect(await activitiesOf(leads[0]!.id)).toEqual(["Primeira mensagem: queremos um app.", "Segunda mensagem: e também um site."]);
  });

  it("a burst of 10 contact-form posts from one new address (different IPs) makes one lead with 10 timeline entries", async () => {
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        request(
          "/api/contact",
          json(
            "POST",
            { name: "Caio", email: i % 2 ? "CAIO@example.com" : "caio@example.com", message: `Mensagem número ${i} do formulário.` },
            { "CF-Connecting-IP": `203.0.113.${70 + i}` },
          ),
        ),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(10).fill(201));
    const leads = await leadsWithEmail("caio@example.com");
    expect(leads).toHaveLength(1);
    expect(await activitiesOf(leads[0]!.id)).toHaveLength(10);
  });

  it("staff creating a lead whose e-mail exists get 409 naming the existing lead", async () => {
    const { session } = await signedInUser("sales_rep");
    const existing = await createLead(db(), { name: "Lead Antigo", email: "antigo@example.com" });
    const response = await request(
      "/api/leads",
      json("POST", { name: "Outro", email: "  Antigo@Example.COM " }, bearer(session.access_token)),
    );
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      error: "lead_exists",
      message: "Já existe um lead com este e-mail: Lead Antigo.",
      lead: { id: existing.id, name: "Lead Antigo" },
    });
    const english = await request(
      "/api/leads?lang=en",
      json("POST", { name: "Outro", email: "antigo@example.com" }, bearer(session.access_token)),
    );
    expect((await english.json<{ message: string }>()).message).toBe("A lead with this e-mail already exists: Lead Antigo.");
  });

  it("10 parallel staff creations with one e-mail: one 201, nine 409", async () => {
    const { session } = await signedInUser("manager");
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        request("/api/leads", json("POST", { name: `Paralelo ${i}`, email: "paralelo@example.com" }, bearer(session.access_token))),
      ),
    );
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses).toEqual([201, ...Array(9).fill(409)]);
    expect(await leadsWithEmail("paralelo@example.com")).toHaveLength(1);
  });

  it("creates leads without an e-mail freely, validates the input, and refuses anonymous callers", async () => {
    const { session } = await signedInUser();
    const auth = bearer(session.access_token);
    for (const name of ["Sem Email 1", "Sem Email 2"]) {
      const response = await request(
        "/api/leads",
        json("POST", { name, email: "", estimated_value: "1500,50", tags: [" Urgente ", "Urgente", ""] }, auth),
      );
      expect(response.status).toBe(201);
      expect((await response.json<{ lead: Record<string, unknown> }>()).lead).toMatchObject({
        email: null,
        estimated_value: 1500.5,
        tags: ["Urgente"],
        source: "website",
        status: "new",
      });
    }
    const bad = await request("/api/leads", json("POST", { name: "Ana\r\nBcc: x@evil.example", email: "not-an-email" }, auth));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: "validation_failed" });
    expect((await request("/api/leads", json("POST", { name: "Anônimo" }))).status).toBe(401);
  });
});

describe("migration 0001 merges existing duplicates", () => {
  it("keeps the oldest lead per normalized e-mail, fills its gaps, appends notes and moves the timeline", async () => {
    // Back to the schema before 0001, with duplicates in it.
    await env.DB.exec("DROP INDEX leads_email_unique; CREATE INDEX leads_email_idx ON leads (email);");
    const oldest = await createLead(db(), {
      name: "Dona Original",
      email: "dup@example.com",
      notes: "nota 1",
      createdAt: "2026-01-01T00:00:00.000Z",
    });
    const copy = await createLead(db(), {
      name: "Cópia",
      email: " DUP@example.com",
      phone: "(11) 90000-0000",
      notes: "nota 2",
      createdAt: "2026-02-01T00:00:00.000Z",
    });
    const blank = await createLead(db(), { name: "Vazio", email: "  ", createdAt: "2026-03-01T00:00:00.000Z" });
    await env.DB.prepare("insert into lead_activities (id, lead_id, type, content) values ('a1', ?, 'email', 'da cópia')")
      .bind(copy.id)
      .run();

    const migration = (env.TEST_MIGRATIONS ?? []).find((m) => m.name.startsWith("0001"))!;
    for (const query of migration.queries) await env.DB.prepare(query).run();

    const survivors = await leadsWithEmail("dup@example.com");
    expect(survivors).toEqual([{ id: oldest.id, name: "Dona Original" }]);
    const merged = await env.DB.prepare("select email, phone, notes from leads where id = ?").bind(oldest.id).first();
    expect(merged).toEqual({ email: "dup@example.com", phone: "(11) 90000-0000", notes: "nota 1\n\nnota 2" });
    expect(await activitiesOf(oldest.id)).toEqual(["da cópia"]);
    expect(await env.DB.prepare("select email from leads where id = ?").bind(blank.id).first()).toEqual({ email: null });
    // And the rule holds from now on.
    await expect(createLead(db(), { name: "Mais uma", email: "Dup@Example.com" })).rejects.toThrow();
  });
});
