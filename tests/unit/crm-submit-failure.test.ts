// What the CRM dialogs (lead, task, channel) show when a submit fails, and the one wording of
// a request that got no answer.
import { describe, expect, it, vi } from "vitest";
import { getTranslator } from "../../app/i18n/dictionaries.server.ts";
import { ApiClientError, OfflineError } from "../../app/modules/crm/api-client.ts";
import { describeError, fieldMessages, submitFailure } from "../../app/modules/crm/submit-failure.ts";

const pt = getTranslator("pt");
const en = getTranslator("en");

const refused = new ApiClientError(400, {
  error: "validation_failed",
  message: "Alguns campos são inválidos: title, due_date.",
  issues: [
    { path: "title", message: "Obrigatório" },
    { path: "due_date.day", message: "Data inválida" },
  ],
});
const leadExists = new ApiClientError(409, {
  error: "lead_exists",
  message: "Já existe um lead com este e-mail",
  lead: { id: "l1", name: "Ana" },
});

describe("submitFailure", () => {
  it("offline: the one offline toast, in the reader's language, whatever the form", () => {
    expect(submitFailure(new OfflineError(), pt)).toEqual({
      title: "Sem conexão. Verifique sua internet e tente novamente.",
      variant: "destructive",
    });
    expect(submitFailure(new OfflineError(), en, { title: "Could not create the channel" })).toEqual({
      title: "No connection. Check your internet and try again.",
      variant: "destructive",
    });
  });

  it("a refusal: the form gets the issues by field, the toast the server's message under the generic title", () => {
    const onRefused = vi.fn((error: ApiClientError) => {
      expect(fieldMessages(error, ["title", "due_date", "lead_id"])).toEqual({ title: "Obrigatório", due_date: "Data inválida" });
    });
    expect(submitFailure(refused, pt, { onRefused })).toEqual({
      title: "Erro",
      description: "Alguns campos são inválidos: title, due_date.",
      variant: "destructive",
    });
    expect(onRefused).toHaveBeenCalledOnce();
  });

  it("a refusal the form shows itself needs no toast; another title replaces the generic one", () => {
    expect(submitFailure(refused, pt, { onRefused: () => true })).toBeNull();
    expect(submitFailure(refused, pt, { title: "Não foi possível criar o canal" })?.title).toBe("Não foi possível criar o canal");
  });

  it("a 409 the form explains (the lead that has the e-mail) stops there; one it does not is a refusal", () => {
    const onRefused = vi.fn();
    expect(submitFailure(leadExists, pt, { onConflict: (error) => error.code === "lead_exists", onRefused })).toBeNull();
    expect(onRefused).not.toHaveBeenCalled();
    expect(submitFailure(leadExists, pt, { onConflict: () => false, onRefused })?.description).toBe("Já existe um lead com este e-mail");
    expect(onRefused).toHaveBeenCalledWith(leadExists);
  });

  it("anything else: the generic title and the fallback screen's sentence, or the form's own", () => {
    expect(submitFailure(new TypeError("x is undefined"), pt)).toEqual({
      title: "Erro",
      description: "Ocorreu um erro inesperado. Nossa equipe foi notificada automaticamente.",
      variant: "destructive",
    });
    expect(submitFailure(new TypeError("x"), pt, { unexpected: "Não foi possível criar o canal" })?.description).toBe(
      "Não foi possível criar o canal",
    );
  });
});

describe("describeError", () => {
  it("says offline, the API's message, or the fallback", () => {
    expect(describeError(new OfflineError(), pt)).toBe("Sem conexão. Verifique sua internet e tente novamente.");
    expect(describeError(refused, pt, "unused")).toBe("Alguns campos são inválidos: title, due_date.");
    expect(describeError(new Error("raw"), pt)).toBe("");
    expect(describeError(new Error("raw"), pt, "Tente de novo")).toBe("Tente de novo");
  });
});
