import { describe, expect, it } from "vitest";
import type { LeadDto, PipelineColumnDto } from "@worker/services/crm-types";
import { mailtoLink, whatsappDigits, whatsappLink } from "~/modules/leads/contact-links";
import { leadsViewFor } from "~/modules/leads/leads-view";
import { appendColumnPage, applyLeadUpdate, findLead, moveLead } from "~/modules/leads/pipeline-state";
import { addTag, decimalPattern, estimatedValueText, parseEstimatedValue } from "~/modules/leads/lead-form-values";

const lead = (id: string, status: LeadDto["status"], value: number | null, created_at: string): LeadDto => ({
  id,
  name: `Lead ${id}`,
  email: null,
  phone: null,
  company: null,
  source: "website",
  status,
  estimated_value: value,
  currency: "BRL",
  notes: null,
  assigned_to: null,
  assigned_user: null,
  tags: [],
  created_at,
  updated_at: created_at,
  last_activity_at: created_at,
});

const column = (status: LeadDto["status"], leads: LeadDto[], extra: Partial<PipelineColumnDto> = {}): PipelineColumnDto => ({
  status,
  count: leads.length,
  value_sum: leads.reduce((sum, l) => sum + (l.estimated_value ?? 0), 0),
  other_sums: {},
  leads,
  next_cursor: null,
  ...extra,
});

describe("contact links (crm.md §2: wa.me from the phone's digits with a greeting naming the lead; mailto)", () => {
  it("a Brazilian number without country code gets 55; an international one stays", () => {
    expect(whatsappDigits("(11) 98765-4321")).toBe("5511987654321");
    expect(whatsappDigits("(21) 3456-7890")).toBe("552134567890");
    expect(whatsappDigits("+55 11 98765-4321")).toBe("5511987654321");
    expect(whatsappDigits("+1 (415) 555-0100")).toBe("14155550100");
    expect(whatsappDigits("00 351 912 345 678")).toBe("351912345678");
  });

  it("the greeting travels encoded; no phone, no link", () => {
    expect(whatsappLink("(11) 98765-4321", "Olá Ana & Cia, tudo bem?")).toBe(
      "https://wa.me/5511987654321?text=Ol%C3%A1%20Ana%20%26%20Cia%2C%20tudo%20bem%3F",
    );
    expect(whatsappLink(null, "Olá")).toBeNull();
    expect(whatsappLink("sem número", "Olá")).toBeNull();
  });

  it("mailto keeps the address readable and never lets ? or # start a query", () => {
    expect(mailtoLink(" ana+crm@empresa.com.br ")).toBe("mailto:ana+crm@empresa.com.br");
    expect(mailtoLink("a?b#c@x.com")).toBe("mailto:a%3Fb%23c@x.com");
    expect(mailtoLink("")).toBeNull();
    expect(mailtoLink(null)).toBeNull();
  });
});

describe("leads screen helpers", () => {
  it("the view comes from ?view=, else the remembered cookie, else the list", () => {
    expect(leadsViewFor("pipeline", "leads-view=list")).toBe("pipeline");
    expect(leadsViewFor(null, "theme=dark; leads-view=pipeline")).toBe("pipeline");
    expect(leadsViewFor("grid", "leads-view=nonsense")).toBe("list");
    expect(leadsViewFor(null, null)).toBe("list");
  });

  it("estimated value in pt: what the app shows ('82.500,50'), plain '82500,50', a point before 1-2 decimals; empty is null", () => {
    for (const [text, value] of [
      ["82.500,50", 82500.5],
      ["82500,50", 82500.5],
      ["R$ 82.500,50", 82500.5],
      ["R$\u00a082.500,50", 82500.5],
      [" 1.234.567 ", 1234567],
      ["82.500", 82500],
      ["82500.5", 82500.5],
      ["0", 0],
      ["1500,5", 1500.5],
    ] as const) {
      expect(parseEstimatedValue(text, "pt"), text).toBe(value);
    }
    for (const text of ["82,500.50", "8.25,00", "1.2345", "mil reais", "1,234", "-5", "12,345"]) {
      expect(parseEstimatedValue(text, "pt"), text).toBeNull();
    }
    expect(parseEstimatedValue("", "pt")).toBeNull();
    expect(parseEstimatedValue("   ", "pt")).toBeNull();
  });

  it("estimated value in es reads as in pt; in en '82,500.50', '82500.50' and a comma before 1-2 decimals", () => {
    expect(parseEstimatedValue("82.500,50", "es")).toBe(82500.5);
    expect(parseEstimatedValue("82500,50", "es")).toBe(82500.5);
    for (const [text, value] of [
      ["82,500.50", 82500.5],
      ["82500.50", 82500.5],
      ["$82,500.50", 82500.5],
      ["82,500", 82500],
      ["82500,5", 82500.5],
    ] as const) {
      expect(parseEstimatedValue(text, "en"), text).toBe(value);
    }
    for (const text of ["82.500,50", "82.500", "1,23,456"]) expect(parseEstimatedValue(text, "en"), text).toBeNull();
  });

  it("the value field's pattern accepts exactly what the parser reads (native validation agrees)", () => {
    for (const language of ["pt", "es", "en"] as const) {
      const pattern = new RegExp(`^(?:${decimalPattern(language)})$`, "v");
      for (const text of ["82.500,50", "82500,50", "82,500.50", "82500.50", "82.500", "82,500", "1,234", "mil", "1.2345", "R$ 10"]) {
        expect(pattern.test(text), `${language} ${text}`).toBe(parseEstimatedValue(text, language) !== null);
      }
    }
  });

  it("a stored value shows in the field as the card shows it: the language's grouping and decimals", () => {
    expect(estimatedValueText(82500.5, "pt")).toBe("82.500,50");
    expect(estimatedValueText(82500, "pt")).toBe("82.500");
    expect(estimatedValueText(82500.5, "en")).toBe("82,500.50");
    expect(estimatedValueText(82500.5, "es")).toBe("82.500,50");
    expect(estimatedValueText(null, "es")).toBe("");
    for (const language of ["pt", "es", "en"] as const) {
      for (const value of [0, 1500.5, 82500.5, 1234567.89]) {
        expect(parseEstimatedValue(estimatedValueText(value, language), language), `${language} ${value}`).toBe(value);
      }
    }
  });

  it("tags are trimmed; empty and duplicate ones (any case) are ignored", () => {
    expect(addTag(["Urgente"], "  Proposta ")).toEqual(["Urgente", "Proposta"]);
    expect(addTag(["Urgente"], "urgente")).toEqual(["Urgente"]);
    expect(addTag(["Urgente"], "   ")).toEqual(["Urgente"]);
  });
});

describe("pipeline state", () => {
  const a = lead("a", "new", 100, "2026-11-03T00:00:00Z");
  const b = lead("b", "new", null, "2026-11-02T00:00:00Z");
  const c = lead("c", "won", 50, "2026-11-04T00:00:00Z");
  const d = lead("d", "won", 10, "2026-11-01T00:00:00Z");
  const board = [column("new", [a, b]), column("won", [c, d])];

  it("a move updates both columns' counts and sums and puts the card in date order", () => {
    const moved = moveLead(board, "a", "won");
    expect(moved[0]).toMatchObject({ count: 1, value_sum: 0 });
    expect(moved[0]!.leads.map((l) => l.id)).toEqual(["b"]);
    expect(moved[1]).toMatchObject({ count: 3, value_sum: 160 });
    expect(moved[1]!.leads.map((l) => l.id)).toEqual(["c", "a", "d"]);
    expect(findLead(moved, "a")).toMatchObject({ status: "won", lead: { status: "won" } });
    // The rollback is the move back, with the original data.
    const back = moveLead(moved, "a", "new", a);
    expect(back.map((col) => [col.count, col.value_sum, col.leads.map((l) => l.id)])).toEqual(
      board.map((col) => [col.count, col.value_sum, col.leads.map((l) => l.id)]),
    );
  });

  it("an edit made elsewhere changes the card in place (sum by the difference) or moves it", () => {
    const edited = applyLeadUpdate(board, { ...b, estimated_value: 40 });
    expect(edited[0]).toMatchObject({ count: 2, value_sum: 140 });
    const moved = applyLeadUpdate(board, { ...d, status: "new", estimated_value: 20 });
    expect(moved[0]).toMatchObject({ count: 3, value_sum: 120 });
    expect(moved[1]).toMatchObject({ count: 1, value_sum: 50 });
    expect(applyLeadUpdate(board, lead("x", "won", 5, "2026-11-05T00:00:00Z"))).toEqual(board);
  });

  it("a further page appends what is not shown yet and takes the server's figures", () => {
    const next = appendColumnPage(
      board,
      column("won", [d, lead("e", "won", 1, "2026-10-30T00:00:00Z")], { count: 3, value_sum: 61, next_cursor: "z" }),
    );
    expect(next[1]!.leads.map((l) => l.id)).toEqual(["c", "d", "e"]);
    expect(next[1]).toMatchObject({ count: 3, value_sum: 61, next_cursor: "z" });
    expect(next[0]).toBe(board[0]);
  });
});
