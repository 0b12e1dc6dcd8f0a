// `npm start` promises (README) to print the e-mails it would send: recipient, subject and
// text. This starts scripts/start.mjs as `npm start` does after its build, with PORT set, over
// a database of its own, sends the contact form through the API and reads the team's e-mail
// from the server's output (printed by the e-mail queue's consumer, docs/decisions/026). It
// reuses build/ (the browser suite builds it first); run alone
// after `flock /tmp/e2e.lock npm run build` with `node --test tests/e2e/start-email.test.ts`.
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { after, before, describe, it } from "node:test";
import { freePort, prepareState, startScript, type LocalServer } from "./support/local-server.ts";

describe("npm start", () => {
  let state: Awaited<ReturnType<typeof prepareState>>;
  let server: LocalServer;
  let url: string;

  before(async () => {
    assert.ok(existsSync("build/server/wrangler.json"), "build/ is missing: run `flock /tmp/e2e.lock npm run build` first");
    state = await prepareState();
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    const env: Record<string, string> = { PORT: String(port), PERSIST_TO: state.dir, PUBLIC_ORIGIN: "" };
    server = startScript("scripts/start.mjs", env);
    await server.waitForHealth(url);
  });
  after(async () => {
    await server?.stop();
    state?.remove();
  });

  it("listens on PORT and says which origin e-mailed links use", () => {
    assert.match(server.output(), new RegExp(`Serving the production build at ${url} \\(e-mail links use PUBLIC_ORIGIN=${url}\\)`));
  });

  it("prints the e-mail it would send: recipient, subject and text, with links on its own origin", async () => {
    const response = await fetch(`${url}/api/contact`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "CF-Connecting-IP": "198.51.100.7" },
      body: JSON.stringify({
        name: "Beatriz Printada",
        email: "beatriz@example.com",
        message: "Queremos um portal para os nossos clientes.",
      }),
    });
    assert.equal(response.status, 201);
    const { leadId } = (await response.json()) as { leadId: string };
    const [mail] = await server.waitForOutput(/📧 E-mail \(contact_notification\) to team@demo\.test\n(?: {3}.*\n?)+/);
    assert.match(mail, /Subject: Nova mensagem de contato: Beatriz Printada/);
    assert.match(mail, /E-mail: beatriz@example\.com/);
    assert.match(mail, /Queremos um portal para os nossos clientes\./);
    assert.ok(mail.includes(`${url}/leads?lead=${leadId}`), `the CRM link uses this server's origin:\n${mail}`);
    // It went through the e-mail queue (Miniflare's agency-edge-email), not straight from the request.
    await server.waitForOutput(/QUEUE agency-edge-email \d+\/\d+/);
    // The request lines stay; wrangler's start-up banner and bindings table do not drown them.
    await server.waitForOutput(/POST \/api\/contact 201/);
    assert.doesNotMatch(server.output(), /Your Worker has access to the following bindings/);
  });
});
