// `PORT=N npm run dev` (and `npm run dev -- --port N`) serve the Vite dev server on that
// port, and the links the Worker e-mails follow it. This starts scripts/dev.mjs as
// `npm run dev` does after preparing its database, over a database of its own, asks for a
// password-recovery link and opens it (about 30 s: Vite starts cold). Needs no build:
// `node --test tests/e2e/dev-port.test.ts`. The `--port` flag and a set PUBLIC_ORIGIN taking
// precedence are proven on the shared derivation in tests/unit/local-origin.test.ts.
import assert from "node:assert/strict";
import { after, describe, it } from "node:test";
import { freePort, prepareState, startScript, type LocalServer } from "./support/local-server.ts";

describe("npm run dev on a chosen port", () => {
  const cleanups: Array<() => Promise<void> | void> = [];
  after(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  async function startDev(env: Record<string, string>, args: string[] = []) {
    // Recovery only mails existing accounts; the password is never used here.
    const state = await prepareState(
      "insert into users (id, email, name, password_hash) values ('dev-port-user', 'dev-port@demo.test', 'Dora Porta', 'unused')",
    );
    cleanups.push(state.remove);
    const server: LocalServer = startScript("scripts/dev.mjs", { PERSIST_TO: state.dir, PUBLIC_ORIGIN: "", ...env }, args);
    cleanups.push(server.stop);
    return server;
  }

  it("PORT=N serves on N and the recovery e-mail links to N", { timeout: 180_000 }, async () => {
    const port = await freePort();
    const url = `http://localhost:${port}`;
    const server = await startDev({ PORT: String(port) });
    await server.waitForHealth(url);

    const response = await fetch(`${url}/api/auth/recover`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: "dev-port@demo.test" }),
    });
    assert.equal(response.status, 200);
    const [, link] = await server.waitForOutput(/to dev-port@demo\.test\n[\s\S]*?(http:\/\/\S+type=recovery\S+)/, 30_000);
    assert.ok(link!.startsWith(`${url}/auth?`), `the link opens on the chosen port: ${link}`);
    const page = await fetch(link!);
    assert.equal(page.status, 200);
    const html = await page.text();
    assert.match(html, /Nova senha/, "the link opens the new-password form");
    assert.match(html, /dev-port@demo\.test/, "for the account it was sent to (a valid link)");
  });
});
