// The lead detail dialog's pure parts: the audit entries' sentences and the attachment checks
// made in the browser before sending.
import { describe, expect, it } from "vitest";
import type { ActivityDto } from "../../worker/services/crm-types.ts";
import { getTranslator } from "../../app/i18n/dictionaries.server.ts";
import { auditText } from "../../app/modules/lead-detail/activity-text.ts";
import { ATTACHMENT_ACCEPT, attachmentProblem } from "../../app/modules/lead-detail/attachment-rules.ts";

const entry = (
  type: ActivityDto["type"],
  metadata: Record<string, unknown>,
  author: string | null = "Ana Administradora",
): ActivityDto => ({
  id: "a1",
  lead_id: "l1",
  type,
  subject: null,
  content: "untranslated summary",
  metadata,
  created_at: "2026-01-10T12:00:00.000Z",
  author: author ? { id: "u1", name: author } : null,
});

const pt = getTranslator("pt");
const en = getTranslator("en");

describe("auditText", () => {
  it("says who moved the status, with the statuses' labels", () => {
    const moved = entry("status_change", { kind: "audit", field: "status", from: "new", to: "qualified" });
    expect(auditText(moved, pt, "pt")).toBe("Ana Administradora alterou o status de Novo para Qualificado");
    expect(auditText(moved, en, "en")).toBe("Ana Administradora changed the status from New to Qualified");
  });

  it("says when a status change took a pipeline move back ('Desfazer'), in each language", () => {
    const undone = entry("status_change", { kind: "audit", field: "status", from: "negotiating", to: "contacted", undo: true });
    expect(auditText(undone, pt, "pt")).toBe("Ana Administradora desfez a mudança para Negociando; o status voltou para Contatado");
    expect(auditText(undone, getTranslator("es"), "es")).toBe(
      "Ana Administradora deshizo el cambio a Negociando; el estado volvió a Contactado",
    );
    expect(auditText(undone, en, "en")).toBe("Ana Administradora undid the move to Negotiating; the status is back to Contacted");
  });

  it("tells assigning, reassigning and unassigning apart", () => {
    const ana = { id: "u1", name: "Ana Administradora" };
    const rita = { id: "u3", name: "Rita Vendedora" };
    expect(auditText(entry("assignment_change", { kind: "audit", field: "assigned_to", from: null, to: rita }), pt, "pt")).toBe(
      "Ana Administradora atribuiu o lead a Rita Vendedora",
    );
    expect(auditText(entry("assignment_change", { kind: "audit", field: "assigned_to", from: ana, to: rita }), pt, "pt")).toBe(
      "Ana Administradora alterou o responsável de Ana Administradora para Rita Vendedora",
    );
    expect(auditText(entry("assignment_change", { kind: "audit", field: "assigned_to", from: rita, to: null }), pt, "pt")).toBe(
      "Ana Administradora removeu o responsável Rita Vendedora",
    );
  });

  it("lists edited fields with their values in the reader's terms (source labels, money, lists, empty)", () => {
    const edited = entry("lead_update", {
      kind: "audit",
      field: "lead",
      fields: ["source", "estimated_value", "tags", "phone"],
      changes: {
        source: { from: "website", to: "referral" },
        estimated_value: { from: 15000, to: 18000.5 },
        tags: { from: ["Urgente"], to: [] },
        phone: { from: null, to: "(11) 98765-4321" },
      },
    });
    expect(auditText(edited, pt, "pt")?.replace(/\u00a0/g, " ")).toBe(
      "Ana Administradora editou: Origem: Website → Indicação; Valor Estimado: R$ 15.000,00 → R$ 18.000,50; Tags: Urgente → vazio; Telefone: vazio → (11) 98765-4321",
    );
  });

  it("names nobody in particular when the author is gone, and leaves other entries alone", () => {
    expect(auditText(entry("status_change", { kind: "audit", field: "status", from: "won", to: "lost" }, null), pt, "pt")).toBe(
      "Alguém alterou o status de Ganho para Perdido",
    );
    expect(auditText(entry("call", { durationMinutes: 15 }), pt, "pt")).toBeNull();
    expect(auditText(entry("lead_update", { kind: "something-else" }), pt, "pt")).toBeNull();
  });
});

describe("attachmentProblem", () => {
  it("accepts the picker's types whatever the case, up to 10 MB", () => {
    expect(ATTACHMENT_ACCEPT).toBe(".pdf,.doc,.docx,.jpg,.jpeg,.png,.gif,.txt,.csv,.xlsx,.xls");
    expect(attachmentProblem({ name: "Proposta.PDF", size: 1024 })).toBeNull();
    expect(attachmentProblem({ name: "planilha.final.xlsx", size: 10 * 1024 * 1024 })).toBeNull();
  });

  it("names what is wrong: the type, the size, an empty file", () => {
    expect(attachmentProblem({ name: "setup.exe", size: 10 })).toBe("type");
    expect(attachmentProblem({ name: "semextensao", size: 10 })).toBe("type");
    expect(attachmentProblem({ name: ".pdf", size: 10 })).toBe("type");
    expect(attachmentProblem({ name: "video.pdf", size: 10 * 1024 * 1024 + 1 })).toBe("size");
    expect(attachmentProblem({ name: "vazio.txt", size: 0 })).toBe("empty");
  });
});
