import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { loadCaseStudiesPage } from "../../app/modules/site/case-studies/case-studies-page.server.ts";
import type { Db } from "../../worker/db/client.ts";
import {
  CASE_STUDY_MAX_LIMIT,
  CASE_STUDY_PAGE_SIZE,
  getCaseStudyBySlug,
  listAllCaseStudies,
  listRelatedCaseStudies,
  parseCaseStudyQuery,
  queryCaseStudies,
  timelineBucket,
} from "../../worker/services/case-study-service.ts";
import { createCaseStudy } from "../factories/index.ts";
import { db, request } from "../helpers.ts";

const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(Date.UTC(2026, 10, 22) - n * DAY).toISOString();

/**
 * A small portfolio with known answers: three industries, three project types, timelines on
 * both sides of each bucket edge (8|9, 16|17), accents in the translations, one study with no
 * translations at all (English everywhere) and one with a partial Spanish translation.
 */
async function seedPortfolio() {
  const aura = await createCaseStudy(db(), {
    slug: "aura-health-mvp",
    title: "Aura Health: telehealth MVP",
    description: "Video consultations and e-prescriptions.",
    tag: "Healthcare",
    industry: "healthcare",
    projectType: "mvp",
    timelineWeeks: 8,
    keyFeatures: ["Video consultations"],
    figures: [{ value: "+340%", label: "ROI" }],
    translations: {
      pt: {
        title: "Aura Health: MVP de telemedicina",
        description: "Consultas por vídeo e receitas digitais.",
        tag: "Saúde",
        figures: [{ value: "+340%", label: "ROI" }],
      },
      es: { title: "Aura Health: MVP de telemedicina", tag: "Salud" },
    },
    createdAt: daysAgo(10),
  });
  const maple = await createCaseStudy(db(), {
    slug: "maple-leaf-logistics",
    title: "Maple Leaf Logistics: route optimization",
    description: "Fleet tracking for 300 trucks.",
    tag: "Logistics",
    industry: "logistics",
    projectType: "platform",
    timelineWeeks: 12,
    translations: {
      pt: {
        title: "Maple Leaf Logistics: otimização de rotas",
        description: "Rastreamento de frota para 300 caminhões.",
        tag: "Logística",
      },
      es: {
        title: "Maple Leaf Logistics: optimización de rutas",
        description: "Seguimiento de flota para 300 camiones.",
        tag: "Logística",
      },
    },
    createdAt: daysAgo(20),
  });
  const artisans = await createCaseStudy(db(), {
    slug: "artisans-collective",
    title: "Artisans Collective: marketplace",
    description: "Multi-vendor storefronts and split payments.",
    tag: "E-commerce",
    industry: "ecommerce",
    projectType: "enterprise",
    timelineWeeks: 16,
    translations: { pt: { title: "Artisans Collective: marketplace de artesãos" } },
    createdAt: daysAgo(30),
  });
  const zeta = await createCaseStudy(db(), {
    slug: "zeta-clinic",
    title: "Zeta Clinic: patient portal",
    description: "Online booking for a dental clinic network.",
    tag: "Healthcare",
    industry: "healthcare",
    projectType: "platform",
    timelineWeeks: 9,
    translations: { pt: { title: "Ágil Clínica Zeta: portal do paciente", tag: "Saúde" } },
    createdAt: daysAgo(40),
  });
  const bolt = await createCaseStudy(db(), {
    slug: "bolt-warehouse",
    title: "Bolt Warehouse: picking robots",
    description: "Warehouse automation across two sites.",
    tag: "Logistics",
    industry: "logistics",
    projectType: "enterprise",
    timelineWeeks: 17,
    createdAt: daysAgo(50),
  });
  const bare = await createCaseStudy(db(), {
    slug: "bare-study",
    title: "Bare study: internal tool",
    description: "No translations at all.",
    tag: "SaaS",
    industry: "saas",
    projectType: "mvp",
    timelineWeeks: 4,
    createdAt: daysAgo(60),
  });
  const longest = await createCaseStudy(db(), {
    slug: "long-haul",
    title: "Long Haul: ERP rollout",
    description: "A 30-week enterprise programme.",
    tag: "Logistics",
    industry: "logistics",
    projectType: "enterprise",
    timelineWeeks: 30,
    createdAt: daysAgo(70),
  });
  return { aura, maple, artisans, zeta, bolt, bare, longest };
}

const slugs = (items: { slug: string }[]) => items.map((s) => s.slug);
const NEWEST_FIRST = [
  "aura-health-mvp",
  "maple-leaf-logistics",
  "artisans-collective",
  "zeta-clinic",
  "bolt-warehouse",
  "bare-study",
  "long-haul",
];

beforeEach(async () => {
  await env.DB.prepare("delete from case_studies").run();
});

describe("listing order and localization", () => {
  it("lists every case study newest first, in both the plain list and the query", async () => {
    await seedPortfolio();
    expect(slugs(await listAllCaseStudies(db(), "en"))).toEqual(NEWEST_FIRST);
    // The landing page's teasers: only the newest three.
    expect(slugs(await listAllCaseStudies(db(), "en", { limit: 3 }))).toEqual(NEWEST_FIRST.slice(0, 3));
    const listing = await queryCaseStudies(db(), "en", { limit: 60 });
    expect(slugs(listing.items)).toEqual(NEWEST_FIRST);
    expect(listing.total).toBe(7);
    expect(listing.all).toBe(7);
  });

  it("uses the language's overrides and falls back to the English base field by field", async () => {
    await seedPortfolio();
    const pt = await getCaseStudyBySlug(db(), "aura-health-mvp", "pt");
    expect(pt).toMatchObject({
      title: "Aura Health: MVP de telemedicina",
      description: "Consultas por vídeo e receitas digitais.",
      tag: "Saúde",
    });
    // es translates the title and tag only: the description is English.
    const es = await getCaseStudyBySlug(db(), "aura-health-mvp", "es");
    expect(es).toMatchObject({
      title: "Aura Health: MVP de telemedicina",
      tag: "Salud",
      description: "Video consultations and e-prescriptions.",
    });
    // en is the base row; a study without translations is English in every language.
    expect((await getCaseStudyBySlug(db(), "aura-health-mvp", "en"))?.title).toBe("Aura Health: telehealth MVP");
    expect((await getCaseStudyBySlug(db(), "bare-study", "pt"))?.title).toBe("Bare study: internal tool");
    expect((await getCaseStudyBySlug(db(), "aura-health-mvp", "en"))?.keyFeatures).toEqual(["Video consultations"]);
  });

  it("answers null for an unknown or malformed slug", async () => {
    await seedPortfolio();
    expect(await getCaseStudyBySlug(db(), "no-such-study", "en")).toBeNull();
    expect(await getCaseStudyBySlug(db(), "../etc/passwd", "en")).toBeNull();
    expect(await getCaseStudyBySlug(db(), "Aura-Health-MVP", "en")).toBeNull();
  });
});

describe("search", () => {
  it("ignores case and accents, in the page's language", async () => {
    await seedPortfolio();
    expect(slugs((await queryCaseStudies(db(), "en", { q: "AURA" })).items)).toEqual(["aura-health-mvp"]);
    // pt tags are "Saúde"; "saude" and "SAÚDE" both find them.
    expect(slugs((await queryCaseStudies(db(), "pt", { q: "saude" })).items)).toEqual(["aura-health-mvp", "zeta-clinic"]);
    expect(slugs((await queryCaseStudies(db(), "pt", { q: "SAÚDE" })).items)).toEqual(["aura-health-mvp", "zeta-clinic"]);
    // The Portuguese copy is searched in pt, not in en.
    expect((await queryCaseStudies(db(), "pt", { q: "otimizacao" })).total).toBe(1);
    expect((await queryCaseStudies(db(), "en", { q: "otimizacao" })).total).toBe(0);
  });

  it("matches title, description, tag and the industry value; every word must match", async () => {
    await seedPortfolio();
    expect(slugs((await queryCaseStudies(db(), "en", { q: "split payments" })).items)).toEqual(["artisans-collective"]);
    expect(slugs((await queryCaseStudies(db(), "en", { q: "ecommerce" })).items)).toEqual(["artisans-collective"]);
    expect(slugs((await queryCaseStudies(db(), "en", { q: "logistics robots" })).items)).toEqual(["bolt-warehouse"]);
    expect((await queryCaseStudies(db(), "en", { q: "robots dental" })).total).toBe(0);
  });
});

describe("filters", () => {
  it("filters by industry, project type and timeline bucket", async () => {
    await seedPortfolio();
    expect(slugs((await queryCaseStudies(db(), "en", { industry: "healthcare" })).items)).toEqual(["aura-health-mvp", "zeta-clinic"]);
    expect(slugs((await queryCaseStudies(db(), "en", { type: "mvp" })).items)).toEqual(["aura-health-mvp", "bare-study"]);
    // short ≤ 8 weeks, medium 9-16, long > 16: the bucket edges 8|9 and 16|17 are in the data.
    expect(slugs((await queryCaseStudies(db(), "en", { timeline: "short" })).items)).toEqual(["aura-health-mvp", "bare-study"]);
    expect(slugs((await queryCaseStudies(db(), "en", { timeline: "medium" })).items)).toEqual([
      "maple-leaf-logistics",
      "artisans-collective",
      "zeta-clinic",
    ]);
    expect(slugs((await queryCaseStudies(db(), "en", { timeline: "long" })).items)).toEqual(["bolt-warehouse", "long-haul"]);
    expect([8, 9, 16, 17].map(timelineBucket)).toEqual(["short", "medium", "medium", "long"]);
  });

  it("combines filters, the search and a sort, and counts matches against the whole table", async () => {
    await seedPortfolio();
    const listing = await queryCaseStudies(db(), "en", { industry: "logistics", type: "enterprise", timeline: "long", sort: "longest" });
    expect(slugs(listing.items)).toEqual(["long-haul", "bolt-warehouse"]);
    expect(listing.total).toBe(2);
    expect(listing.all).toBe(7);
    const searched = await queryCaseStudies(db(), "en", { industry: "logistics", q: "warehouse" });
    expect(slugs(searched.items)).toEqual(["bolt-warehouse"]);
    expect((await queryCaseStudies(db(), "en", { industry: "healthcare", type: "enterprise" })).total).toBe(0);
  });

  it("offers the industries and project types present in the table", async () => {
    await seedPortfolio();
    const { facets } = await queryCaseStudies(db(), "en", { industry: "healthcare" });
    expect(facets).toEqual({
      industries: ["ecommerce", "healthcare", "logistics", "saas"],
      projectTypes: ["enterprise", "mvp", "platform"],
    });
  });

  it("drops an industry or type that no case study has instead of showing nothing", async () => {
    await seedPortfolio();
    const listing = await queryCaseStudies(db(), "en", { industry: "aerospace", type: "spaceship" });
    expect(listing.total).toBe(7);
    expect(listing.filters.industry).toBeUndefined();
    expect(listing.filters.type).toBeUndefined();
  });
});

describe("sorting", () => {
  it.each([
    ["newest", NEWEST_FIRST],
    ["oldest", [...NEWEST_FIRST].reverse()],
    // Ties keep newest first: none here, but every timeline is distinct anyway.
    [
      "shortest",
      ["bare-study", "aura-health-mvp", "zeta-clinic", "maple-leaf-logistics", "artisans-collective", "bolt-warehouse", "long-haul"],
    ],
    [
      "longest",
      ["long-haul", "bolt-warehouse", "artisans-collective", "maple-leaf-logistics", "zeta-clinic", "aura-health-mvp", "bare-study"],
    ],
    [
      "title",
      ["artisans-collective", "aura-health-mvp", "bare-study", "bolt-warehouse", "long-haul", "maple-leaf-logistics", "zeta-clinic"],
    ],
  ] as const)("sorts by %s", async (sort, expected) => {
    await seedPortfolio();
    expect(slugs((await queryCaseStudies(db(), "en", { sort, limit: 60 })).items)).toEqual(expected);
  });

  it("sorts titles in the page's language, with accents in their alphabetical place", async () => {
    await seedPortfolio();
    // pt: "Ágil Clínica Zeta" sorts among the A titles ("Ág" < "Ar" < "Au"), not after Z.
    const pt = slugs((await queryCaseStudies(db(), "pt", { sort: "title", limit: 60 })).items);
    expect(pt.slice(0, 3)).toEqual(["zeta-clinic", "artisans-collective", "aura-health-mvp"]);
  });

  it("breaks timeline ties newest first", async () => {
    await createCaseStudy(db(), { slug: "older", timelineWeeks: 10, createdAt: daysAgo(5) });
    await createCaseStudy(db(), { slug: "newer", timelineWeeks: 10, createdAt: daysAgo(1) });
    await createCaseStudy(db(), { slug: "quick", timelineWeeks: 2, createdAt: daysAgo(9) });
    expect(slugs((await queryCaseStudies(db(), "en", { sort: "shortest" })).items)).toEqual(["quick", "newer", "older"]);
    expect(slugs((await queryCaseStudies(db(), "en", { sort: "longest" })).items)).toEqual(["newer", "older", "quick"]);
  });
});

describe("Load More", () => {
  it("shows 6 at first, more with a larger limit, and always the full match count", async () => {
    for (let i = 0; i < 14; i++) await createCaseStudy(db(), { slug: `study-${i}`, createdAt: daysAgo(i) });
    const first = await queryCaseStudies(db(), "en", {});
    expect(first.items).toHaveLength(CASE_STUDY_PAGE_SIZE);
    expect(first.total).toBe(14);
    expect(slugs(first.items)).toEqual(["study-0", "study-1", "study-2", "study-3", "study-4", "study-5"]);
    const second = await queryCaseStudies(db(), "en", { limit: 12 });
    expect(second.items).toHaveLength(12);
    expect(slugs(second.items).slice(0, 6)).toEqual(slugs(first.items));
    expect((await queryCaseStudies(db(), "en", { limit: 18 })).items).toHaveLength(14);
  });

  it("clamps the limit to 6..60 and turns junk into the defaults", () => {
    expect(parseCaseStudyQuery(new URLSearchParams("limit=2")).limit).toBe(CASE_STUDY_PAGE_SIZE);
    expect(parseCaseStudyQuery(new URLSearchParams("limit=999")).limit).toBe(CASE_STUDY_MAX_LIMIT);
    expect(parseCaseStudyQuery(new URLSearchParams("limit=12")).limit).toBe(12);
    expect(parseCaseStudyQuery(new URLSearchParams("limit=abc&sort=random&timeline=forever&industry=%3Cscript%3E&q=%20%20"))).toEqual({
      sort: "newest",
      limit: CASE_STUDY_PAGE_SIZE,
    });
    // What a no-JS GET form sends for "All": empty strings, read as no filter.
    expect(parseCaseStudyQuery(new URLSearchParams("q=&industry=&type=&timeline=&sort=title"))).toEqual({ sort: "title", limit: 6 });
    expect(parseCaseStudyQuery(new URLSearchParams("q=%20Aura%20%20Health%20&industry=Healthcare"))).toMatchObject({
      q: "Aura Health",
      industry: "healthcare",
    });
  });
});

describe("an empty portfolio and related case studies", () => {
  it("tells an empty table from filters that match nothing", async () => {
    expect(await queryCaseStudies(db(), "en", {})).toMatchObject({
      items: [],
      total: 0,
      all: 0,
      facets: { industries: [], projectTypes: [] },
    });
    await seedPortfolio();
    expect(await queryCaseStudies(db(), "en", { q: "nothing-matches-this" })).toMatchObject({ total: 0, all: 7 });
  });

  it("suggests the same industry first, then the same project type, never the study itself", async () => {
    const { aura } = await seedPortfolio();
    const related = await listRelatedCaseStudies(db(), aura, "en", 3);
    expect(slugs(related)).toEqual(["zeta-clinic", "bare-study", "maple-leaf-logistics"]);
  });
});

describe("the listing page's loader", () => {
  afterEach(() => vi.restoreAllMocks());

  it("turns a database failure into the error state and logs it", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const broken = {
      select: () => {
        throw new Error("D1_ERROR: database unavailable");
      },
    } as unknown as Db;
    const result = await loadCaseStudiesPage(broken, new URL("http://x/en/case-studies?industry=fintech&limit=12"), "en");
    expect(result).toMatchObject({ ok: false, filters: { industry: "fintech", limit: 12 } });
    expect(error).toHaveBeenCalledWith("case studies: failed to load the listing", expect.any(Error));
  });

  it("reads the URL's query and answers the listing", async () => {
    await seedPortfolio();
    const result = await loadCaseStudiesPage(db(), new URL("http://x/pt/case-studies?q=saude&sort=oldest"), "pt");
    expect(result.ok).toBe(true);
    if (result.ok) expect(slugs(result.items)).toEqual(["zeta-clinic", "aura-health-mvp"]);
  });
});

describe("GET /api/case-studies", () => {
  it("answers the listing in the requested language", async () => {
    await seedPortfolio();
    const response = await request("/api/case-studies?lang=pt&industry=logistics&sort=shortest");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toContain("max-age");
    const body = await response.json<{
      language: string;
      items: { slug: string; title: string }[];
      total: number;
      all: number;
      facets: { industries: string[] };
      filters: Record<string, unknown>;
    }>();
    expect(body.language).toBe("pt");
    expect(slugs(body.items)).toEqual(["maple-leaf-logistics", "bolt-warehouse", "long-haul"]);
    expect(body.items[0]!.title).toBe("Maple Leaf Logistics: otimização de rotas");
    expect(body).toMatchObject({ total: 3, all: 7, filters: { industry: "logistics", sort: "shortest", limit: 6 } });
    expect(body.facets.industries).toContain("healthcare");
  });

  it("reads bad or repeated parameters as the defaults instead of failing", async () => {
    await seedPortfolio();
    const response = await request("/api/case-studies?limit=-5&sort=%00&timeline=&industry=a&industry=b&q=" + "x".repeat(500));
    expect(response.status).toBe(200);
    const body = await response.json<{ total: number; filters: Record<string, unknown> }>();
    // The 500-character search is cut to 100 characters and matches nothing; the rest are defaults.
    expect(body.filters).toEqual({ q: "x".repeat(100), sort: "newest", limit: 6 });
    expect(body.total).toBe(0);
    const plain = await request("/api/case-studies?limit=abc&sort=random");
    expect((await plain.json<{ total: number }>()).total).toBe(7);
  });

  it("answers one case study by slug, or 404 with the API's error JSON", async () => {
    await seedPortfolio();
    const found = await request("/api/case-studies/artisans-collective?lang=pt");
    expect(found.status).toBe(200);
    expect((await found.json<{ item: { title: string } }>()).item.title).toBe("Artisans Collective: marketplace de artesãos");
    const missing = await request("/api/case-studies/no-such-study?lang=en");
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: "not_found", message: expect.any(String) });
  });
});
