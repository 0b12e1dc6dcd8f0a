import { describe, expect, it } from "vitest";
import { LANGUAGES, type Language } from "../../app/i18n/index.ts";
import { dictionaries, getTranslator } from "../../app/i18n/dictionaries.server.ts";
import { formatAtLeast, formatCompact, formatCompactRange, localizeFigure } from "../../app/i18n/format.ts";
import { companyFigureParams, companyStats } from "../../app/modules/site/about/company-figures.ts";
import { budgetLabel } from "../../app/modules/site/planner/budget-label.ts";
import { BUDGETS } from "../../app/modules/site/planner/project-planner.ts";

// One number style per language, always from Intl: pt "500 mil+", es "500 mil+", en "500K+";
// money "US$ 10 mi+" (pt), "10 M US$+" (es), "$10M+" (en). Never both styles on one site.
const nbsp = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

describe("compact figures", () => {
  it("abbreviates in each language's own words", () => {
    expect(nbsp(formatCompact(500_000, "pt"))).toBe("500 mil");
    expect(nbsp(formatCompact(500_000, "es"))).toBe("500 mil");
    expect(formatCompact(500_000, "en")).toBe("500K");
    expect(nbsp(formatCompact(2_500_000, "pt"))).toBe("2,5 mi");
    expect(formatCompact(2_500_000, "en")).toBe("2.5M");
  });

  it("writes dollars the way each language does, without stray decimals", () => {
    expect(nbsp(formatCompact(10_000_000, "pt", "USD"))).toBe("US$ 10 mi");
    expect(nbsp(formatCompact(10_000_000, "es", "USD"))).toBe("10 M US$");
    expect(formatCompact(10_000_000, "en", "USD")).toBe("$10M");
    expect(nbsp(formatCompact(2_400_000, "pt", "USD"))).toBe("US$ 2,4 mi");
  });

  it("marks lower bounds with + and ranges with the language's dash", () => {
    expect(nbsp(formatAtLeast(500_000, "pt"))).toBe("500 mil+");
    expect(formatAtLeast(500_000, "en")).toBe("500K+");
    expect(nbsp(formatAtLeast(200_000, "pt", "USD"))).toBe("US$ 200 mil+");
    expect(nbsp(formatCompactRange(50_000, 100_000, "pt", "USD"))).toBe("US$ 50–100 mil");
    expect(formatCompactRange(50_000, 100_000, "en", "USD")).toBe("$50–100K");
  });

  it("rewrites hand-written figures of stored content (case-study metrics) in the page's style", () => {
    expect(nbsp(localizeFigure("500K+", "pt"))).toBe("500 mil+");
    expect(localizeFigure("500K+", "en")).toBe("500K+");
    expect(nbsp(localizeFigure("$2.4M", "pt"))).toBe("US$ 2,4 mi");
    expect(nbsp(localizeFigure("US$ 10M+", "es"))).toBe("10 M US$+");
    expect(nbsp(localizeFigure("+1.2M", "pt"))).toBe("+1,2 mi");
    // Not an abbreviated figure: left as it is.
    for (const text of ["+340%", "8", "4.9/5", "24/7"]) expect(localizeFigure(text, "pt")).toBe(text);
  });
});

describe("the site's claims", () => {
  it("the stat cards read in one style per language", () => {
    expect(nbsp(companyStats("pt").users)).toBe("500 mil+");
    expect(companyStats("pt")).toMatchObject({ countries: "15+", projects: "47" });
    expect(nbsp(companyStats("pt").revenue)).toBe("US$ 10 mi+");
    expect(companyStats("en")).toMatchObject({ users: "500K+", revenue: "$10M+", retention: "95%", roi: "340%" });
    expect(nbsp(companyStats("es").users)).toBe("500 mil+");
  });

  it("sentences quoting the claims use the same figures as the cards", () => {
    const p2 = (language: Language) => nbsp(getTranslator(language)("site.about.story.p2", companyFigureParams(language)));
    expect(p2("pt")).toContain("mais de 500 mil usuários e geraram mais de US$ 10 mi em receita");
    expect(p2("es")).toContain("más de 500 mil usuarios y han generado más de 10 M US$ en ingresos");
    expect(p2("en")).toContain("more than 500K users and generated more than $10M in revenue");
  });

  it("planner budgets are written by Intl too", () => {
    const labels = (language: Language) => BUDGETS.map((b) => nbsp(budgetLabel(getTranslator(language), language, b)));
    expect(labels("pt")).toEqual(["Até US$ 50 mil", "US$ 50–100 mil", "US$ 100–200 mil", "US$ 200 mil+"]);
    expect(labels("en")).toEqual(["Under $50K", "$50–100K", "$100–200K", "$200K+"]);
    expect(labels("es")[0]).toBe("Menos de 50 mil US$");
  });

  // The guard: no public-site string carries another language's number style, and no
  // grouped number is written by hand (those come from Intl through placeholders). The meta
  // descriptions, read without parameters, may quote a figure: then exactly as Intl writes it.
  const strings = (node: unknown, path = ""): Array<[string, string]> =>
    typeof node === "string"
      ? [[path, nbsp(node)]]
      : Object.entries(node as Record<string, unknown>).flatMap(([k, v]) => strings(v, path ? `${path}.${k}` : k));
  const foreignStyle: Record<Language, RegExp> = {
    pt: /\d\s?[KMB]\b|(^|[^S])\$\s?\d/, // "500K", "$10M": the English style
    es: /\d\s?[KMB]\b|(^|[^S])\$\s?\d/,
    en: /\d\s?(mil|mi|millones|milhões)\b|US\$/, // "500 mil", "US$ 10 mi": the Portuguese/Spanish style
  };

  for (const language of LANGUAGES) {
    it(`the ${language} site dictionaries hold no foreign number style and no hand-grouped numbers`, () => {
      const offenders = strings(dictionaries[language].site, "site").filter(
        ([, text]) => foreignStyle[language].test(text) || /\d{1,3}[.,]\d{3}\b/.test(text),
      );
      expect(offenders).toEqual([]);
      const description = nbsp(dictionaries[language].site.about.meta.description);
      expect(description).toContain(nbsp(formatCompact(500_000, language)));
    });
  }
});
