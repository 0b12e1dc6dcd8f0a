// One sum per currency (docs/decisions/018): the pipeline's column totals and the dashboard's
// revenue, and the optimistic moves that keep them while a card is dragged.
import { describe, expect, it } from "vitest";
import type { ActivityDto, LeadDto, PipelineColumnDto } from "@worker/services/crm-types";
import { getTranslator } from "~/i18n/dictionaries.server";
import { auditText } from "~/modules/lead-detail/activity-text";
import { formatSums, hasSums } from "~/modules/leads/money-sums";
import { moveLead } from "~/modules/leads/pipeline-state";

const nbsp = (text: string) => text.replace(/\u00a0/g, " ");

describe("formatSums", () => {
  it("lists each currency once, the organisation's first, never added together", () => {
    expect(nbsp(formatSums(150000, { USD: 37500, EUR: 800 }, "pt"))).toBe("R$ 150.000,00 · US$ 37.500 · € 800");
    expect(nbsp(formatSums(0, { USD: 37500 }, "pt"))).toBe("US$ 37.500");
    expect(nbsp(formatSums(0, {}, "pt"))).toBe("R$ 0,00");
    expect(nbsp(formatSums(1000.5, { USD: 2500 }, "en"))).toBe("R$1,000.50 · $2,500");
    expect(nbsp(formatSums(1000.5, { USD: 2500 }, "es"))).toBe("1000,50 R$ · 2500 US$");
    expect(hasSums(0, {})).toBe(false);
    expect(hasSums(0, { USD: 1 })).toBe(true);
    expect(hasSums(10, undefined)).toBe(true);
  });
});

describe("moveLead keeps each currency's sum", () => {
  const lead = (id: string, status: LeadDto["status"], value: number, currency: LeadDto["currency"]): LeadDto => ({
    id,
    name: id,
    email: null,
    phone: null,
    company: null,
    source: "website",
    status,
    estimated_value: value,
    currency,
    notes: null,
    assigned_to: null,
    assigned_user: null,
    tags: [],
    created_at: "2026-11-01T00:00:00.000Z",
    updated_at: "2026-11-01T00:00:00.000Z",
    last_activity_at: "2026-11-01T00:00:00.000Z",
  });
  const col = (
    status: LeadDto["status"],
    leads: LeadDto[],
    value_sum: number,
    other_sums: PipelineColumnDto["other_sums"],
  ): PipelineColumnDto => ({
    status,
    count: leads.length,
    value_sum,
    other_sums,
    leads,
    next_cursor: null,
  });

  it("a US$ card moved takes its dollars along; the reais stay", () => {
    const dollars = lead("d", "new", 37500, "USD");
    const reais = lead("r", "new", 1000, "BRL");
    const board = [col("new", [dollars, reais], 1000, { USD: 37500 }), col("won", [], 0, {})];
    const [from, to] = moveLead(board, "d", "won");
    expect(from).toMatchObject({ count: 1, value_sum: 1000, other_sums: { USD: 0 } });
    expect(to).toMatchObject({ count: 1, value_sum: 0, other_sums: { USD: 37500 } });
    expect(hasSums(from!.value_sum, from!.other_sums)).toBe(true);
    expect(nbsp(formatSums(from!.value_sum, from!.other_sums, "pt"))).toBe("R$ 1.000,00");
    // Its currency changed in place (the form): the sums follow.
    const [edited] = moveLead(board, "d", "new", { ...dollars, currency: "EUR" });
    expect(edited).toMatchObject({ value_sum: 1000, other_sums: { USD: 0, EUR: 37500 } });
  });
});

describe("the history of a value's currency", () => {
  const edit = (metadata: Record<string, unknown>): ActivityDto => ({
    id: "a1",
    lead_id: "l1",
    type: "lead_update",
    subject: null,
    content: "estimated_value, currency",
    metadata: { kind: "audit", field: "lead", ...metadata },
    created_at: "2026-01-10T12:00:00.000Z",
    author: { id: "u1", name: "Ana" },
  });

  it("shows each value in its currency, the currency by name and a phone as staff read it", () => {
    const changed = edit({
      fields: ["estimated_value", "currency", "phone"],
      changes: {
        estimated_value: { from: 15000, to: 37500 },
        currency: { from: "BRL", to: "USD" },
        phone: { from: null, to: "+5511988887777" },
      },
      currencies: { from: "BRL", to: "USD" },
    });
    expect(nbsp(auditText(changed, getTranslator("pt"), "pt")!)).toBe(
      "Ana editou: Valor Estimado: R$ 15.000,00 → US$ 37.500; Moeda: Real (R$) → Dólar (US$); Telefone: vazio → (11) 98888-7777",
    );
    // Entries written before currencies existed read as reais.
    const old = edit({ fields: ["estimated_value"], changes: { estimated_value: { from: null, to: 1000 } } });
    expect(nbsp(auditText(old, getTranslator("en"), "en")!)).toContain("R$1,000.00");
  });
});
