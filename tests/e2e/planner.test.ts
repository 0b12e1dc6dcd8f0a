import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Page } from "playwright-core";
import { snapshot } from "./support/chromium.ts";
import { setUpJourneys } from "./support/journey.ts";

const journeys = setUpJourneys();

const LOAD = { timeout: 30_000 };

/** Waits until React has hydrated the planner (the disabled Generate button is its sign). */
async function openPlanner(page: Page, path: string, generateName: string) {
  await page.goto(path);
  const generate = page.getByRole("button", { name: generateName });
  await generate.waitFor(LOAD);
  await page.waitForFunction(
    (name) => [...document.querySelectorAll("button")].some((b) => b.textContent === name && b.disabled),
    generateName,
    LOAD,
  );
  return generate;
}

async function textOf(page: Page, testId: string) {
  return (await page.getByTestId(testId).innerText()).replace(/\s+/g, " ");
}

describe("project planner (JavaScript)", () => {
  it("keeps Generate disabled until type, industry and team size are chosen, then shows the plan without a reload", async () => {
    const { page, context } = await journeys.open();
    const generate = await openPlanner(page, "/en/planner", "Generate plan");
    assert.equal(await generate.isDisabled(), true);
    // Urgency starts at normal.
    assert.equal(await page.getByRole("radio", { name: "Normal", exact: true }).isChecked(), true);

    await page.getByRole("radio", { name: "SaaS Platform", exact: true }).check();
    assert.equal(await generate.isDisabled(), true, "type alone is not enough");
    await page.getByLabel("Industry").selectOption({ label: "Healthcare" });
    assert.equal(await generate.isDisabled(), true, "type and industry are not enough");
    await page.getByRole("radio", { name: "Medium", exact: true }).check();
    assert.equal(await generate.isDisabled(), false, "enabled with the budget left empty");
    assert.equal(await page.getByLabel("Budget").inputValue(), "");

    await page.getByRole("radio", { name: "ASAP", exact: true }).check();
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await generate.click();

    const plan = page.getByTestId("plan");
    await plan.waitFor(LOAD);
    assert.equal(await page.evaluate(() => (window as unknown as { marker?: number }).marker), 1, "no page reload");
    assert.match(await textOf(page, "plan-timeline"), /12-16 weeks/);
    assert.match(await textOf(page, "plan-investment"), /\$40K-100K/);
    assert.match(await textOf(page, "plan-developers"), /3-4 developers/);
    assert.match(await textOf(page, "plan-urgency"), /\+30% cost, 25% faster/);
    assert.match(await textOf(page, "plan-total"), /Total estimate \$40K-100K/i);
    const compliance = await textOf(page, "plan-compliance");
    assert.match(compliance, /Compliance in Healthcare/);
    assert.match(compliance, /HIPAA/);
    const steps = page.getByTestId("plan-next-steps").getByRole("listitem");
    assert.equal(await steps.count(), 3);
    const stepsText = await textOf(page, "plan-next-steps");
    for (const step of ["Free 30-minute discovery call", "Fixed-price proposal", "Kickoff within 1 week"]) {
      assert.ok(stepsText.includes(step), `next step "${step}" in ${stepsText}`);
    }
    assert.equal(await plan.getByRole("link", { name: "Book your free call" }).getAttribute("href"), "/en/contact");
    // The plan's heading takes focus, so keyboard and screen-reader users land on it.
    assert.equal(await page.evaluate(() => document.activeElement?.id), "plan-title");

    // The URL now describes the plan (shareable), replaced in place.
    await page.waitForURL(/generate=1/, LOAD);
    const url = new URL(page.url());
    assert.equal(url.searchParams.get("type"), "saas");
    assert.equal(url.searchParams.get("industry"), "healthcare");
    assert.equal(url.searchParams.get("team"), "medium");
    assert.equal(url.searchParams.get("urgency"), "asap");
    await snapshot(page, "planner-plan-en");

    // Flexible: -15% and 15% longer; the total estimate keeps the base range.
    await page.getByRole("radio", { name: "Flexible", exact: true }).check();
    await generate.click();
    await page.getByTestId("plan-urgency").getByText("-15% cost, 15% longer").waitFor(LOAD);
    assert.match(await textOf(page, "plan-total"), /\$40K-100K/);
    assert.match(await textOf(page, "plan-investment"), /\$40K-100K/);

    // Normal: no urgency effect at all.
    await page.getByRole("radio", { name: "Normal", exact: true }).check();
    await generate.click();
    await page.getByTestId("plan-urgency").waitFor({ state: "detached", ...LOAD });

    // A shared plan URL opens with the plan.
    const shared = await journeys.open();
    await shared.page.goto(`${url.pathname}${url.search}`);
    await shared.page.getByTestId("plan-compliance").waitFor(LOAD);
    await shared.close();

    await context.close();
  });

  it("translates the plan in Portuguese (money stays in the table's USD form)", async () => {
    const { page, context } = await journeys.open();
    const generate = await openPlanner(page, "/pt/planner", "Gerar plano");
    await page.getByRole("radio", { name: "Plataforma SaaS", exact: true }).check();
    await page.getByLabel("Setor").selectOption({ label: "Saúde" });
    await page.getByRole("radio", { name: "Média", exact: true }).check();
    await page.getByRole("radio", { name: "O quanto antes", exact: true }).check();
    await generate.click();
    await page.getByTestId("plan").waitFor(LOAD);
    assert.match(await textOf(page, "plan-timeline"), /Prazo 12-16 semanas/i);
    assert.match(await textOf(page, "plan-investment"), /\$40K-100K/);
    assert.match(await textOf(page, "plan-developers"), /3-4 desenvolvedores/);
    assert.match(await textOf(page, "plan-urgency"), /\+30% no custo, 25% mais rápido/);
    assert.match(await textOf(page, "plan-total"), /Estimativa total \$40K-100K/i);
    assert.match(await textOf(page, "plan-compliance"), /Conformidade em Saúde/);
    assert.match(await textOf(page, "plan-next-steps"), /Chamada de descoberta gratuita de 30 minutos/);
    assert.equal(await page.getByRole("link", { name: "Agendar chamada gratuita" }).getAttribute("href"), "/pt/contact");
    await snapshot(page, "planner-plan-pt");
    await context.close();
  });
});

describe("project planner (no JavaScript)", () => {
  it("builds the plan on the server from the submitted form", async () => {
    const { page, context } = await journeys.open({ javaScriptEnabled: false });
    await page.goto("/en/planner");
    const generate = page.getByRole("button", { name: "Generate plan" });
    assert.equal(await generate.isDisabled(), false, "without JavaScript the button cannot be disabled dynamically");
    await page.getByRole("radio", { name: "Enterprise", exact: true }).check();
    await page.getByLabel("Industry").selectOption({ label: "Fintech" });
    await page.getByRole("radio", { name: "Large", exact: true }).check();
    await page.getByRole("radio", { name: "Flexible", exact: true }).check();
    await Promise.all([page.waitForURL(/generate=1/, LOAD), generate.click()]);
    await page.getByTestId("plan").waitFor(LOAD);
    assert.match(await textOf(page, "plan-timeline"), /24-36 weeks/);
    assert.match(await textOf(page, "plan-investment"), /\$100K-300K/);
    assert.match(await textOf(page, "plan-developers"), /5-6 developers/);
    assert.match(await textOf(page, "plan-urgency"), /-15% cost, 15% longer/);
    assert.match(await textOf(page, "plan-total"), /\$100K-300K/);
    assert.match(await textOf(page, "plan-compliance"), /PCI DSS/);
    // The submitted choices stay selected.
    assert.equal(await page.getByRole("radio", { name: "Enterprise", exact: true }).isChecked(), true);
    await snapshot(page, "planner-plan-nojs");
    await context.close();
  });

  it("lists the missing choices instead of a plan", async () => {
    const { page, context } = await journeys.open({ javaScriptEnabled: false });
    await page.goto("/en/planner");
    await page.getByRole("radio", { name: "MVP", exact: true }).check();
    await Promise.all([page.waitForURL(/generate=1/, LOAD), page.getByRole("button", { name: "Generate plan" }).click()]);
    const missing = page.getByTestId("planner-missing");
    await missing.waitFor(LOAD);
    assert.equal(await page.getByTestId("plan").count(), 0);
    const items = (await missing.getByRole("listitem").allInnerTexts()).map((text) => text.trim());
    assert.deepEqual(items, ["Industry", "Team size"]);
    await snapshot(page, "planner-missing-nojs");
    await context.close();
  });
});

describe("about page", () => {
  for (const [lang, heading, stats, values] of [
    [
      "en",
      "The people behind the projects",
      ["consecutive on-time projects", "users impacted", "in client revenue", "countries served"],
      ["47", "500K+", "$10M+", "15+"],
    ],
    [
      "es",
      "Las personas detrás de los proyectos",
      ["proyectos consecutivos", "usuarios impactados", "en ingresos generados", "países atendidos"],
      ["47", "500 mil+", "10 M US$+", "15+"],
    ],
  ] as const) {
    it(`shows the four stats and four team members (${lang})`, async () => {
      const { page, context } = await journeys.open();
      await page.goto(`/${lang}/about`);
      await page.getByRole("heading", { name: heading }).waitFor(LOAD);
      const statTexts = (await page.getByTestId("about-stat").allInnerTexts()).map((text) => text.replace(/\s+/g, " "));
      assert.equal(statTexts.length, 4);
      values.forEach((value, index) => {
        const text = statTexts[index] ?? "";
        assert.ok(text.includes(value), `${value} in ${text}`);
        assert.ok(text.includes(stats[index] ?? "?"), `${stats[index]} in ${text}`);
      });
      const members = page.getByTestId("team-member");
      assert.equal(await members.count(), 4);
      for (const name of ["Rafael Monteiro", "Camila Duarte", "Diego Álvarez", "Priya Nair"]) {
        await members.getByRole("heading", { name }).waitFor(LOAD);
      }
      assert.equal(await page.locator("main img").count(), 0, "avatars are drawn, not loaded");
      assert.ok(await page.locator(`main a[href="/${lang}/contact"]`).count(), "call to action to the contact page");
      await snapshot(page, `about-${lang}`);
      await context.close();
    });
  }
});

describe("legal pages", () => {
  for (const [path, title, email] of [
    ["/privacy", "Privacy Policy", "privacy@veloxlabs.dev"],
    ["/terms", "Terms of Service", "legal@veloxlabs.dev"],
  ] as const) {
    it(`${path} is in English with a contact e-mail link`, async () => {
      // A Portuguese-speaking visitor with Portuguese saved still gets English.
      const { page, context } = await journeys.open({ language: "pt" });
      const response = await page.goto(path);
      assert.equal(response?.status(), 200);
      await page.getByRole("heading", { level: 1, name: title }).waitFor(LOAD);
      assert.equal(await page.getAttribute("html", "lang"), "en-US");
      assert.match(await page.title(), new RegExp(title));
      const mail = page.locator(`main a[href="mailto:${email}"]`);
      assert.ok((await mail.count()) >= 1, "mailto link");
      await page.getByRole("heading", { name: "Contact", exact: true }).waitFor(LOAD);
      // The header and footer around the page are English too.
      await page.getByRole("link", { name: "Terms of Service" }).waitFor(LOAD);
      await snapshot(page, `legal-${path.slice(1)}`);
      await context.close();
    });
  }
});
