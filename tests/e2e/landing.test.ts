import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Page } from "playwright-core";
import { snapshot } from "./support/chromium.ts";
import { setUpJourneys } from "./support/journey.ts";

const journeys = setUpJourneys();

const LANGS = ["pt", "es", "en"] as const;
type Lang = (typeof LANGS)[number];

const SECTIONS = ["hero", "case-studies", "track-record", "roi", "process", "guarantee", "cta"];

/** Intl puts (narrow) no-break spaces in money: compare with plain spaces. */
const plain = (text: string | null) => (text ?? "").replace(/[\u00a0\u202f]/g, " ").trim();

const H1: Record<Lang, string> = {
  pt: "Software sob medida entregue em 90 dias",
  es: "Software a medida entregado en 90 días",
  en: "Custom software delivered in 90 days",
};

// Spec §1's claims as each language words them (money through Intl: US dollars everywhere).
const CLAIMS: Record<Lang, string[]> = {
  en: [
    "47",
    "consecutive on-time projects",
    "$10M+",
    "500K+",
    "15+",
    "95%",
    "340%",
    "90 days on average",
    "6-12 months",
    "Instant team scaling",
    "3-6 months of hiring",
    "50% (industry average)",
    "60% lower, fixed price",
    "$560K per year",
    "$100K in 90 days",
    "Save $460K+ and 12 months",
    "On time, on budget, or the next month is free",
    "Fixed investment",
    "Quality assurance",
    "Discovery & Strategy",
    "Design & Prototype",
    "Development & Launch",
  ],
  pt: [
    "47",
    "projetos consecutivos entregues no prazo",
    "US$ 10 mi+",
    "500 mil+",
    "15+",
    "95%",
    "340%",
    "90 dias em média",
    "6 a 12 meses",
    "Escala instantânea",
    "3 a 6 meses de contratação",
    "50% (média do setor)",
    "60% menor, com preço fixo",
    "US$ 560 mil por ano",
    "US$ 100 mil em 90 dias",
    "Economize mais de US$ 460 mil e 12 meses",
    "No prazo, no orçamento, ou o próximo mês é grátis",
    "Investimento fixo",
    "Qualidade assegurada",
    "Descoberta e Estratégia",
    "Design e Protótipo",
    "Desenvolvimento e Lançamento",
  ],
  es: [
    "47",
    "proyectos consecutivos entregados a tiempo",
    "10 M US$+",
    "500 mil+",
    "15+",
    "95 %",
    "340 %",
    "90 días de media",
    "6 a 12 meses",
    "Escalado instantáneo",
    "3 a 6 meses de contratación",
    "50% (media del sector)",
    "60% menor, a precio fijo",
    "560 mil US$ al año",
    "100 mil US$ en 90 días",
    "Ahorra más de 460 mil US$ y 12 meses",
    "A tiempo, dentro del presupuesto, o el próximo mes es gratis",
    "Inversión fija",
    "Calidad asegurada",
    "Descubrimiento y Estrategia",
    "Diseño y Prototipo",
    "Desarrollo y Lanzamiento",
  ],
};

// $1,000,000 with the defaults (saas / platform): the first row of tests/unit/roi-calculator.test.ts.
const DEFAULT_RESULT: Record<"en" | "pt", Record<string, string>> = {
  en: {
    roiPercent: "6,249%",
    cost: "$78,750",
    weeks: "16 weeks",
    projectedRevenue: "$5,000,000",
    totalGain: "$4,000,000",
    monthlyIncrease: "$333,333",
    payback: "1 month",
  },
  pt: {
    roiPercent: "6.249%",
    cost: "US$ 78.750",
    weeks: "16 semanas",
    projectedRevenue: "US$ 5.000.000",
    totalGain: "US$ 4.000.000",
    monthlyIncrease: "US$ 333.333",
    payback: "1 mês",
  },
};

const roi = (page: Page) => page.locator('[data-section="roi"]');
const calculate = (page: Page) => roi(page).locator('button[type="submit"]');

async function readResult(page: Page) {
  const figures: Record<string, string> = {};
  for (const key of Object.keys(DEFAULT_RESULT.en)) figures[key] = plain(await page.getByTestId(`roi-${key}`).textContent());
  return figures;
}

/** The server renders the button enabled (for no-JS); once hydrated, empty revenue disables it. */
async function waitForHydratedCalculator(page: Page) {
  // The calculator's code loads when it nears the viewport (app/components/island.tsx).
  await roi(page).scrollIntoViewIfNeeded();
  await page.waitForFunction(
    () => (document.querySelector('[data-section="roi"] button[type="submit"]') as HTMLButtonElement | null)?.disabled === true,
    undefined,
    { timeout: 30_000 },
  );
}

describe("landing page", () => {
  for (const lang of LANGS) {
    it(`renders the 7 sections in order with the spec's claims in ${lang}`, async () => {
      const { page, context } = await journeys.open();
      const response = await page.goto(`/${lang}`);
      assert.equal(response?.status(), 200);
      assert.equal(plain(await page.getByRole("heading", { level: 1 }).textContent()), H1[lang]);
      assert.equal(await page.locator("h1").count(), 1, "one h1");
      assert.deepEqual(
        await page.locator("main [data-section]").evaluateAll((els) => els.map((el) => el.getAttribute("data-section"))),
        SECTIONS,
      );
      const text = plain(await page.locator("main").innerText());
      for (const claim of CLAIMS[lang]) assert.ok(text.includes(claim), `"${claim}" on /${lang}`);
      assert.doesNotMatch(text, /\bsite\.landing\./, "no missing dictionary keys");

      // One featured track-record card among the six.
      assert.equal(await page.locator('[data-testid="track-record-stats"] > li').count(), 6);
      assert.equal(await page.locator('[data-testid="track-record-stats"] > li[data-featured="true"]').count(), 1);

      // The newest three case studies from the database, linking to their pages.
      const teasers = page.locator('[data-testid="case-study-teasers"] > li');
      assert.equal(await teasers.count(), 3);
      for (const href of await teasers.locator("a").evaluateAll((els) => els.map((el) => el.getAttribute("href")))) {
        assert.match(href ?? "", new RegExp(`^/${lang}/solutions/[a-z0-9-]+$`));
      }

      await waitForHydratedCalculator(page);
      if (lang === "pt") await snapshot(page, "landing-full-pt");
      await context.close();
    });
  }

  it("sets title, description, keywords, canonical and hreflang alternates", async () => {
    const { page, context } = await journeys.open();
    for (const lang of LANGS) {
      await page.goto(`/${lang}`);
      assert.match(await page.title(), /Velox Labs/);
      const meta = (selector: string, attribute = "content") => page.locator(`head ${selector}`).getAttribute(attribute);
      assert.ok(((await meta('meta[name="description"]')) ?? "").length > 50, "description");
      assert.ok(((await meta('meta[name="keywords"]')) ?? "").split(",").length >= 5, "keywords");
      assert.equal(await meta('meta[property="og:locale"]'), { pt: "pt_BR", es: "es_ES", en: "en_US" }[lang]);
      assert.ok(((await meta('meta[property="og:title"]')) ?? "").includes("90"), "og:title");
      assert.ok(await meta('meta[name="twitter:card"]'));
      assert.equal(new URL((await meta('link[rel="canonical"]', "href")) ?? "").pathname, `/${lang}`);
      const alternates = await page
        .locator('head link[rel="alternate"][hreflang]')
        .evaluateAll((els) => els.map((el) => [el.getAttribute("hreflang"), new URL(el.getAttribute("href") ?? "").pathname]));
      assert.deepEqual(Object.fromEntries(alternates), { "pt-BR": "/pt", "es-ES": "/es", "en-US": "/en", "x-default": "/pt" });
    }
    await context.close();
  });

  it("hero, teaser and final buttons lead to contact and case studies in the page's language", async () => {
    const { page, context } = await journeys.open();
    for (const lang of LANGS) {
      await page.goto(`/${lang}`);
      assert.equal(await page.getByTestId("hero-contact").getAttribute("href"), `/${lang}/contact`);
      assert.equal(await page.getByTestId("hero-case-studies").getAttribute("href"), `/${lang}/case-studies`);
      assert.equal(await page.getByTestId("teasers-view-all").getAttribute("href"), `/${lang}/case-studies`);
      assert.equal(await page.getByTestId("final-cta").getAttribute("href"), `/${lang}/contact`);
    }
    await waitForHydratedCalculator(page);
    await page.getByTestId("hero-case-studies").click();
    await page.waitForURL("**/en/case-studies");
    await page.goBack();
    await page.getByTestId("hero-contact").click();
    await page.waitForURL("**/en/contact");
    await context.close();
  });
});

describe("ROI calculator", () => {
  for (const lang of ["en", "pt"] as const) {
    it(`disabled until revenue is typed, then shows the exact figures in ${lang} without a reload`, async () => {
      const { page, context } = await journeys.open();
      await page.goto(`/${lang}`);
      await waitForHydratedCalculator(page);
      assert.equal(await page.getByTestId("roi-results").count(), 0, "no result before pressing");
      await page.getByTestId("roi-empty").waitFor();
      assert.equal(await roi(page).locator('select[name="industry"]').inputValue(), "saas");
      assert.equal(await roi(page).locator('select[name="type"]').inputValue(), "platform");

      await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 42));
      const revenue = roi(page).locator('input[name="revenue"]');
      await revenue.pressSequentially("$1,000,000");
      assert.equal(await calculate(page).isEnabled(), true);
      assert.equal(await page.getByTestId("roi-results").count(), 0, "still no result before pressing");

      await calculate(page).click();
      await page.getByTestId("roi-results").waitFor();
      assert.deepEqual(await readResult(page), DEFAULT_RESULT[lang]);
      assert.equal(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker), 42, "computed without a page load");
      const url = new URL(page.url());
      assert.equal(url.pathname, `/${lang}`);
      assert.deepEqual(Object.fromEntries(url.searchParams), { revenue: "$1,000,000", industry: "saas", type: "platform" });
      if (lang === "en") await roi(page).screenshot({ path: "tests/e2e/artifacts/landing-roi-en.png" });

      // Changing an input keeps the last result, marked out of date, until pressed again.
      await roi(page).locator('select[name="industry"]').selectOption("healthcare");
      await page.getByTestId("roi-stale").waitFor();
      assert.equal(plain(await page.getByTestId("roi-cost").textContent()), DEFAULT_RESULT[lang].cost);
      await calculate(page).click();
      await page.getByTestId("roi-stale").waitFor({ state: "detached" });
      assert.equal(plain(await page.getByTestId("roi-cost").textContent()), lang === "en" ? "$82,500" : "US$ 82.500");
      assert.equal(plain(await page.getByTestId("roi-weeks").textContent()), lang === "en" ? "17.6 weeks" : "17,6 semanas");

      // Emptying the revenue disables the button again.
      await revenue.fill("");
      assert.equal(await calculate(page).isDisabled(), true);
      await context.close();
    });
  }

  it("zero revenue shows no payback instead of Infinity", async () => {
    const { page, context } = await journeys.open();
    await page.goto("/en");
    await waitForHydratedCalculator(page);
    await roi(page).locator('input[name="revenue"]').fill("abc");
    await calculate(page).click();
    await page.getByTestId("roi-results").waitFor();
    assert.equal(plain(await page.getByTestId("roi-payback").textContent()), "No payback projected");
    assert.equal(plain(await page.getByTestId("roi-roiPercent").textContent()), "-100%");
    assert.doesNotMatch(await roi(page).innerText(), /Infinity|NaN|∞/);
    await context.close();
  });
});

describe("landing without JavaScript", () => {
  for (const lang of ["en", "pt"] as const) {
    it(`shows the content and the calculator form computes on the server in ${lang}`, async () => {
      const { page, context } = await journeys.open({ javaScriptEnabled: false });
      await page.goto(`/${lang}`);
      assert.equal(plain(await page.locator("h1").textContent()), H1[lang]);
      assert.equal(await page.locator("main [data-section]").count(), SECTIONS.length);
      const text = plain(await page.locator("main").innerText());
      for (const claim of CLAIMS[lang]) assert.ok(text.includes(claim), `"${claim}" without JS`);
      assert.equal(await page.getByTestId("roi-results").count(), 0, "no result before submitting");

      await roi(page).locator('input[name="revenue"]').fill("$1,000,000");
      await Promise.all([page.waitForURL(/revenue=/), calculate(page).click()]);
      const url = new URL(page.url());
      assert.equal(url.pathname, `/${lang}`);
      assert.equal(url.hash, "#roi");
      assert.deepEqual(Object.fromEntries(url.searchParams), { revenue: "$1,000,000", industry: "saas", type: "platform" });
      assert.deepEqual(await readResult(page), DEFAULT_RESULT[lang]);
      // The form keeps what was submitted.
      assert.equal(await roi(page).locator('input[name="revenue"]').inputValue(), "$1,000,000");
      await context.close();
    });
  }

  it("bad query values fall back to the defaults or to no result, never an error", async () => {
    const { page, context } = await journeys.open({ javaScriptEnabled: false });
    let response = await page.goto("/en?revenue=1000000&industry=mining&type=%3Cscript%3E#roi");
    assert.equal(response?.status(), 200);
    assert.equal(await roi(page).locator('select[name="industry"]').inputValue(), "saas");
    assert.deepEqual(await readResult(page), DEFAULT_RESULT.en);

    response = await page.goto(`/en?revenue=${"9".repeat(500)}&industry=fintech`);
    assert.equal(response?.status(), 200);
    assert.equal(await page.getByTestId("roi-results").count(), 0);
    assert.equal(await roi(page).locator('select[name="industry"]').inputValue(), "fintech");

    response = await page.goto("/pt?revenue=&type=mvp");
    assert.equal(response?.status(), 200);
    assert.equal(await page.getByTestId("roi-results").count(), 0);
    await context.close();
  });
});
