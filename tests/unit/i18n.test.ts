import { describe, expect, it } from "vitest";
import {
  createTranslator,
  languageFromAcceptLanguage,
  languageFromCookie,
  languageFromPath,
  LANGUAGES,
  mergeMessages,
  type TranslationKey,
} from "../../app/i18n/index.ts";
import { BASE_NAMESPACES, dictionaries, getTranslator, messagesFor, SITE_SHELL_NAMESPACES } from "../../app/i18n/dictionaries.server.ts";
import { formatMoney, pluralForm } from "../../app/i18n/format.ts";
import { formatFileSize } from "../../app/modules/crm/format-file-size.ts";
import { formatDate, formatTime } from "../../app/i18n/format-date.ts";
import { resolveLanguage } from "../../app/i18n/resolve-language.ts";
import { translate } from "../../app/i18n/translate.ts";

function leafPaths(node: unknown, prefix = ""): string[] {
  if (typeof node === "string") return [prefix];
  return Object.entries(node as Record<string, unknown>).flatMap(([key, value]) => leafPaths(value, prefix ? `${prefix}.${key}` : key));
}

describe("dictionaries", () => {
  const ptKeys = leafPaths(dictionaries.pt).sort();

  it.each(LANGUAGES)("%s has exactly the keys of pt, each a non-empty string", (language) => {
    expect(leafPaths(dictionaries[language]).sort()).toEqual(ptKeys);
    for (const key of ptKeys) expect(translate(dictionaries[language], key).trim()).not.toBe("");
  });

  it("uses the spec's Portuguese fallback screen and English not-found copy verbatim", () => {
    const pt = getTranslator("pt");
    expect(pt("errorScreen.title")).toBe("Algo deu errado");
    expect(pt("errorScreen.message")).toBe("Ocorreu um erro inesperado. Nossa equipe foi notificada automaticamente.");
    expect(pt("errorScreen.retry")).toBe("Tentar novamente");
    expect(pt("errorScreen.reload")).toBe("Recarregar página");
    expect(getTranslator("en")("notFound.title")).toBe("Oops! Page not found");
  });

  it("renders a missing key as the key itself and fills placeholders", () => {
    expect(getTranslator("pt")("missing.key" as TranslationKey)).toBe("missing.key");
    expect(getTranslator("en")("apiErrors.rate_limited", { wait: "12 seconds" })).toBe("Too many attempts. Try again in 12 seconds.");
  });
});

describe("language choice", () => {
  it("reads the prefix, the cookie and Accept-Language", () => {
    expect(languageFromPath("/es/contact")).toBe("es");
    expect(languageFromPath("/dashboard")).toBeNull();
    // A client-side navigation's data request for a landing page (the loader sees this URL).
    expect(languageFromPath("/es.data")).toBe("es");
    expect(languageFromPath("/en/about.data")).toBe("en");
    expect(languageFromPath("/about.data")).toBeNull();
    expect(languageFromCookie("theme=dark; language=en")).toBe("en");
    expect(languageFromCookie("language=fr")).toBeNull();
    expect(languageFromAcceptLanguage("fr-FR,fr;q=0.9,es;q=0.8,en;q=0.5")).toBe("es");
    expect(languageFromAcceptLanguage("de")).toBeNull();
  });

  it("public pages follow the URL (pt without prefix); other pages the saved choice", () => {
    expect(resolveLanguage({ pathname: "/en", languageFromUrl: true, saved: "es" })).toBe("en");
    expect(resolveLanguage({ pathname: "/contact", languageFromUrl: true, saved: "es" })).toBe("pt");
    expect(resolveLanguage({ pathname: "/dashboard", languageFromUrl: false, saved: "es" })).toBe("es");
    expect(resolveLanguage({ pathname: "/dashboard", languageFromUrl: false, saved: null })).toBe("pt");
    // /privacy and /terms are English-only pages.
    expect(resolveLanguage({ pathname: "/privacy", languageFromUrl: true, saved: "es", fixed: "en" })).toBe("en");
  });
});

describe("formatting through Intl", () => {
  it("formats reais, dates and times in pt-BR", () => {
    expect(formatMoney(1234.5, "pt").replace(/\s/g, " ")).toBe("R$ 1.234,50");
    // Reais are R$ in every language, never the ISO code.
    expect(formatMoney(540000, "es").replace(/\s/g, " ")).toBe("540.000,00 R$");
    expect(formatMoney(540000, "en")).toBe("R$540,000.00");
    expect(formatDate("2026-03-05T15:00:00.000Z", "pt")).toBe("05/03/2026");
    expect(formatTime("2026-03-05T15:07:00.000Z", "pt")).toBe("12:07");
  });

  it("picks the dictionary's plural form per language ('many' reads as 'other')", () => {
    expect([pluralForm("en", 1), pluralForm("en", 0), pluralForm("en", 2)]).toEqual(["one", "other", "other"]);
    expect(pluralForm("es", 1_000_000)).toBe("other");
    expect(pluralForm("pt", 1)).toBe("one");
  });

  it("formats file sizes with two decimals", () => {
    expect(formatFileSize(512, "en")).toBe("512 Bytes");
    expect(formatFileSize(1536, "en")).toBe("1.5 KB");
    expect(formatFileSize(5 * 1024 * 1024 + 1234, "pt")).toBe("5 MB");
  });
});

describe("messages per route (what reaches the browser)", () => {
  it("messagesFor picks only the named namespaces of one language", () => {
    const messages = messagesFor("es", ["common", "site.contact"]);
    expect(Object.keys(messages).sort()).toEqual(["common", "site"]);
    expect(Object.keys(messages.site ?? {})).toEqual(["contact"]);
    expect(messages.common).toEqual(dictionaries.es.common);
    expect(messages.site?.contact).toEqual(dictionaries.es.site.contact);
  });

  it("merges the matched routes' messages, the deepest winning, and translates from them", () => {
    const merged = mergeMessages([
      messagesFor("en", BASE_NAMESPACES),
      undefined,
      messagesFor("pt", [...SITE_SHELL_NAMESPACES, "site.about"]),
    ]);
    const t = createTranslator(merged);
    expect(t("errorScreen.title")).toBe("Algo deu errado");
    expect(t("site.nav.contact")).toBe("Contato");
    expect(t("site.about.meta.title")).toBe(getTranslator("pt")("site.about.meta.title"));
  });

  it("a key whose namespace was not sent renders as the key and is reported on the console", () => {
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void errors.push(args.join(" "));
    try {
      const t = createTranslator(messagesFor("pt", ["common"]));
      expect(t("site.contact.form.title")).toBe("site.contact.form.title");
    } finally {
      console.error = original;
    }
    expect(errors).toEqual([expect.stringContaining("Missing translation: site.contact.form.title")]);
  });
});
