// Settings → Sistema → Backups automáticos (issue 23; docs/decisions/023): an admin sees the
// empty state, the Cron Trigger (miniflare's /cdn-cgi/local/scheduled, with the time of day
// it would run at) writes one backup, the card lists it and downloads it as a ZIP that
// `npm run db:restore` restores into another state directory; the switch off says so and the
// next day's run writes nothing; the card says who restores a copy (no command for a CRM
// admin); a manager sees no card and gets 403, and the switch's hint promises no list; es/en/pt
// at 390 and 1280 px with axe, row counts grouped by the language.
// It runs the server's scheduled handler and changes the settings: a server of its own.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { describe, it } from "node:test";
import { promisify } from "node:util";
import { unzipSync } from "fflate";
import type { Page } from "playwright-core";
import { describeViolations } from "./support/axe.ts";
import { hydrated, snapshot } from "./support/chromium.ts";
import { openD1File } from "./support/d1.ts";
import {
  assertNoSidewaysScroll,
  callApi,
  DESKTOP,
  failedRequest,
  PHONE,
  serverOverEmptyDatabase,
  setUpJourneys,
} from "./support/journey.ts";
import { prepareState } from "./support/local-server.ts";
import { auditScreen } from "./support/screen-audit.ts";
import { readFile } from "node:fs/promises";

const journeys = setUpJourneys();
const run = promisify(execFile);

const DEFAULTS = {
  company_name: "Minha Empresa",
  time_zone: "America/Sao_Paulo",
  currency: "BRL",
  auto_backup: true,
  maintenance_mode: false,
  debug_mode: false,
};

/** The Cron Trigger at `iso` (the handler reads the scheduled time: 09:00 in São Paulo here). */
async function runCron(origin: string, iso: string) {
  const response = await fetch(`${origin}/cdn-cgi/local/scheduled?cron=${encodeURIComponent("*/15 * * * *")}&time=${Date.parse(iso)}`);
  assert.equal(response.status, 200, await response.text());
}

async function openSystemTab(page: Page) {
  await page.goto("/settings?tab=system");
  await page.getByTestId("system-backups").waitFor();
  await hydrated(page, "[data-testid=system-settings]");
}

describe("settings: Sistema → Backups automáticos", () => {
  const server = serverOverEmptyDatabase("admin", "manager");

  it("an admin: empty state, the cron's backup listed and downloaded, the ZIP restores with db:restore; switched off, it says so and writes nothing", async () => {
    const { page } = await journeys.signIn("admin", { ...DESKTOP, baseURL: server.url, path: "/settings?tab=system" });
    try {
      const card = page.getByTestId("system-backups");
      await card.waitFor();
      await card
        .getByTestId("backups-empty")
        .getByText("Nenhum backup ainda. O primeiro é feito na próxima madrugada", { exact: false })
        .waitFor();
      assert.equal(await card.getByTestId("backups-switch-state").innerText(), "Backup automático ligado");
      await snapshot(page, "crm-backups-empty-pt-1280");

      // A lead to find again in the restored copy.
      const lead = await callApi<{ lead: { id: string } }>(page, "POST", "/leads", {
        name: "Cliente do Backup",
        email: "cliente.backup@example.com",
      });
      assert.equal(lead.status, 201);
      await runCron(server.url, "2026-11-27T12:00:00Z");
      // Twice: still one backup that day.
      await runCron(server.url, "2026-11-27T12:15:00Z");

      await openSystemTab(page);
      const rows = card.getByTestId("backup-row");
      await rows.first().waitFor();
      assert.equal(await rows.count(), 1);
      const text = await rows.first().innerText();
      assert.match(text, /27\/11\/2026/);
      assert.match(text, /\d+(,\d+)? KB · \d+ registros · Feito às 09:00/);
      // How to restore, in words for a CRM admin: whoever runs the server does it; no command to type.
      const restore = await card.getByTestId("backups-restore").innerText();
      assert.match(restore, /^Como restaurar\n+Quem administra o servidor do CRM restaura um backup baixado/);
      assert.doesNotMatch(await card.innerText(), /npm|db:restore/);
      const violations = await auditScreen(page);
      assert.equal(violations.length, 0, describeViolations(violations));
      await snapshot(page, "crm-backups-pt-1280");

      const [download] = await Promise.all([page.waitForEvent("download"), rows.first().getByTestId("backup-download").click()]);
      assert.equal(download.suggestedFilename(), "backup-2026-11-27.zip");
      const zipPath = (await download.path())!;
      const files = unzipSync(new Uint8Array(await readFile(zipPath)));
      const manifest = JSON.parse(new TextDecoder().decode(files["manifest.json"]!)) as {
        date: string;
        tables: { file: string; rows: number }[];
      };
      assert.equal(manifest.date, "2026-11-27");
      assert.deepEqual(Object.keys(files).sort(), ["manifest.json", ...manifest.tables.map((table) => table.file)].sort());

      // npm run db:restore on the downloaded file, into a migrated state directory of its own.
      const target = await prepareState();
      try {
        const { stdout } = await run(
          process.execPath,
          ["--disable-warning=ExperimentalWarning", "scripts/db-restore.mjs", zipPath, "--persist-to", target.dir],
          {
            env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" },
          },
        );
        assert.match(stdout, /Restored \d+ rows in \d+ tables/);
        const restored = openD1File(target.dir);
        const live = openD1File(server.stateDir);
        try {
          for (const table of ["users", "leads", "organisation_settings", "lead_status_totals"]) {
            const read = (db: typeof live) => JSON.stringify(db.prepare(`select rowid, * from ${table} order by rowid`).all());
            assert.equal(read(restored), read(live), table);
          }
          assert.deepEqual(
            { ...restored.prepare("select count(*) as n from leads_fts where leads_fts match 'cliente backup'").get() },
            { n: 1 },
          );
          // A second restore over it is refused without --force.
          const refused = await run(
            process.execPath,
            ["--disable-warning=ExperimentalWarning", "scripts/db-restore.mjs", zipPath, "--persist-to", target.dir],
            {
              env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" },
            },
          ).catch((error: { code: number; stderr: string }) => error);
          assert.equal((refused as { code: number }).code, 1);
          assert.match((refused as { stderr: string }).stderr, /holds data .* --force/);
        } finally {
          restored.close();
          live.close();
        }
      } finally {
        target.remove();
      }

      // Switched off: the card says so; the next day's run writes nothing.
      const off = await callApi(page, "PUT", "/settings/system", { ...DEFAULTS, auto_backup: false });
      assert.equal(off.status, 200);
      await runCron(server.url, "2026-11-28T12:00:00Z");
      await openSystemTab(page);
      assert.equal(await card.getByTestId("backups-switch-state").innerText(), "Backup automático desligado");
      await card.getByText("Nenhum backup novo é feito até que o backup automático seja ligado acima.", { exact: false }).waitFor();
      // The day's backup is still listed, and no second one came.
      await card.getByTestId("backup-row").first().waitFor();
      assert.equal(await card.getByTestId("backup-row").count(), 1);
      await snapshot(page, "crm-backups-off-pt-1280");
    } finally {
      const restored = await callApi(page, "PUT", "/settings/system", DEFAULTS);
      assert.equal(restored.status, 200);
    }
  });

  it("a manager sees no backups card, and the API answers 403", async () => {
    const { page } = await journeys.signIn("manager", {
      ...DESKTOP,
      baseURL: server.url,
      path: "/settings?tab=system",
      // The refused API call, as the browser reports it.
      allowConsoleErrors: [failedRequest(403)],
    });
    await page.getByTestId("system-settings").waitFor();
    await hydrated(page, "[data-testid=system-settings]");
    assert.equal(await page.getByTestId("system-backups").count(), 0);
    // The switch's hint fits a manager too: no list "below" that only admins have.
    const hint = await page
      .getByTestId("system-auto_backup")
      .evaluate((control) => document.getElementById(control.getAttribute("aria-describedby")!)!.textContent);
    assert.equal(
      hint,
      "Uma cópia de todos os dados por dia, a partir das 03:00, guardada por 14 dias. Os administradores podem baixar cada cópia.",
    );
    assert.equal((await callApi(page, "GET", "/backups")).status, 403);
    assert.equal((await page.request.get(`${server.url}/api/backups/2026-11-27/download`)).status(), 403);
  });

  for (const [language, options, width, title, download, rows, restore] of [
    ["es", PHONE, 390, "Copias de seguridad automáticas", "Descargar", "51.220 registros", "Cómo restaurar"],
    ["en", DESKTOP, 1280, "Automatic backups", "Download", "51,220 records", "How to restore"],
    ["en", PHONE, 390, "Automatic backups", "Download", "51,220 records", "How to restore"],
    ["pt", PHONE, 390, "Backups automáticos", "Baixar", "51.220 registros", "Como restaurar"],
    ["es", DESKTOP, 1280, "Copias de seguridad automáticas", "Descargar", "51.220 registros", "Cómo restaurar"],
  ] as const) {
    it(`${language} at ${width} px: the card translated (rows grouped by the language), no sideways scroll, axe clean`, async () => {
      const { page } = await journeys.signIn("admin", { ...options, baseURL: server.url, path: "/settings?tab=system", language });
      // The listing as the server sends it, with a backup of 51,220 rows (a CRM of some size).
      await page.route(
        (url) => url.pathname === "/api/backups",
        async (route) => {
          const response = await route.fetch();
          const listing = (await response.json()) as { backups: { rows: number }[] };
          listing.backups[0]!.rows = 51_220;
          await route.fulfill({ response, json: listing });
        },
      );
      await page.reload();
      const card = page.getByTestId("system-backups");
      await card.getByRole("heading", { name: title }).waitFor();
      await card.getByTestId("backup-row").first().getByText(download, { exact: true }).waitFor();
      assert.match(await card.getByTestId("backup-row").first().innerText(), new RegExp(` · ${rows} · `));
      assert.equal((await card.getByTestId("backups-restore").innerText()).split("\n")[0], restore);
      assert.doesNotMatch(await card.innerText(), /npm|db:restore/);
      await card.getByTestId("backup-row").first().scrollIntoViewIfNeeded();
      await assertNoSidewaysScroll(page, `backups ${language} ${width}`);
      const violations = await auditScreen(page);
      assert.equal(violations.length, 0, describeViolations(violations));
      await snapshot(page, `crm-backups-${language}-${width}`);
    });
  }
});
