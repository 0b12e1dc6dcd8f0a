// Webhooks on the audit trail (issue 25, security review): an endpoint decides where the CRM sends
// every lead, so registering, changing, rotating, deleting and resending are each one entry
// (actor, target, before → after of what changed, URL included, never the secret), written in the
// batch of the change and only when it took effect; Settings → Usuários reads them from
// GET /api/users/audit.
import { env } from "cloudflare:workers";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AuditEntryDto } from "../../worker/services/audit-service.ts";
import { MAX_WEBHOOK_ENDPOINTS, type WebhookEndpointDto } from "../../worker/services/webhooks/webhook-service.ts";
import { bearer, json, request, signedInUser } from "../helpers.ts";
import { setWebhookReceiver } from "../setup/webhook-receiver.ts";

type Staff = Awaited<ReturnType<typeof signedInUser>>;

const call = (who: Staff, method: string, path: string, body?: unknown) => {
  const headers = bearer(who.session.access_token);
  return request(`/api/webhooks${path}`, body === undefined ? { method, headers } : json(method, body, headers));
};

type Row = {
  actor_id: string | null;
  actor_name: string;
  action: string;
  target_type: string;
  target_id: string | null;
  target_label: string | null;
  before: string | null;
  after: string | null;
};

const webhookRows = async () =>
  (
    await env.DB.prepare(
      "select actor_id, actor_name, action, target_type, target_id, target_label, before, after from audit_log where action like 'webhook.%' order by created_at, rowid",
    ).all<Row>()
  ).results;

let admin: Staff;
let secrets: string[];

beforeAll(async () => {
  admin = await signedInUser("admin");
  setWebhookReceiver(() => new Response("ok"));
});
afterAll(() => setWebhookReceiver(undefined));
beforeEach(async () => {
  await env.DB.prepare("delete from webhook_endpoints").run();
  await env.DB.prepare("delete from audit_log where action like 'webhook.%'").run();
  secrets = [];
});

async function register(url = "https://hooks.example.com/crm?token=abc", events = ["lead.created"]) {
  const response = await call(admin, "POST", "", { url, description: "ERP", events });
  expect(response.status).toBe(201);
  const body = await response.json<{ endpoint: WebhookEndpointDto; secret: string }>();
  secrets.push(body.secret);
  return body.endpoint;
}

/** No audit row holds a secret, in plain or sealed form. */
async function noSecretIn(rows: Row[]) {
  const sealed = (await env.DB.prepare("select secret from webhook_endpoints").all<{ secret: string }>()).results.map((r) => r.secret);
  const text = JSON.stringify(rows);
  expect(text).not.toMatch(/whsec_|"secret"/);
  for (const value of [...secrets, ...sealed]) expect(text).not.toContain(value);
}

describe("webhook changes on the audit trail", () => {
  it("each change is exactly one entry with actor, target and before → after (never the secret); the trail API returns them", async () => {
    const endpoint = await register();
    let rows = await webhookRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actor_id: admin.user.id,
      actor_name: admin.user.name,
      action: "webhook.created",
      target_type: "webhook_endpoint",
      target_id: endpoint.id,
      target_label: "ERP (hooks.example.com)",
      before: null,
    });
    expect(JSON.parse(rows[0]!.after!)).toEqual({
      url: "https://hooks.example.com/crm?token=abc",
      description: "ERP",
      events: ["lead.created"],
      enabled: true,
    });

    // Pointing it elsewhere: only the fields that changed, URL included.
    const patched = await call(admin, "PATCH", `/${endpoint.id}`, {
      url: "https://elsewhere.example.net/take",
      description: "ERP",
      events: ["lead.created", "lead.updated"],
    });
    expect(patched.status).toBe(200);
    rows = await webhookRows();
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({ actor_id: admin.user.id, action: "webhook.updated", target_id: endpoint.id });
    expect(JSON.parse(rows[1]!.before!)).toEqual({ url: "https://hooks.example.com/crm?token=abc", events: ["lead.created"] });
    expect(JSON.parse(rows[1]!.after!)).toEqual({ url: "https://elsewhere.example.net/take", events: ["lead.created", "lead.updated"] });

    expect((await call(admin, "PATCH", `/${endpoint.id}`, { enabled: false })).status).toBe(200);
    rows = await webhookRows();
    expect(rows).toHaveLength(3);
    expect([JSON.parse(rows[2]!.before!), JSON.parse(rows[2]!.after!)]).toEqual([{ enabled: true }, { enabled: false }]);

    // A PATCH that changes nothing writes nothing.
    expect((await call(admin, "PATCH", `/${endpoint.id}`, { enabled: false, description: "ERP" })).status).toBe(200);
    expect(await webhookRows()).toHaveLength(3);
    expect((await call(admin, "PATCH", `/${endpoint.id}`, { enabled: true })).status).toBe(200);

    const rotated = await call(admin, "POST", `/${endpoint.id}/rotate-secret`);
    expect(rotated.status).toBe(200);
    secrets.push((await rotated.json<{ secret: string }>()).secret);
    rows = await webhookRows();
    expect(rows).toHaveLength(5);
    expect(rows[4]).toMatchObject({
      action: "webhook.secret_rotated",
      actor_id: admin.user.id,
      target_id: endpoint.id,
      before: null,
      // The secret it replaced still signs for a day (no body: not revoked).
      after: JSON.stringify({ previous_secret: "valid_24h" }),
    });

    // A settled delivery, resent.
    await env.DB.prepare(
      "insert into webhook_deliveries (id, endpoint_id, event_type, payload, status, attempts) values ('msg_audit', ?, 'lead.created', '{}', 'failed', 3)",
    )
      .bind(endpoint.id)
      .run();
    expect((await call(admin, "POST", `/${endpoint.id}/deliveries/msg_audit/resend`)).status).toBe(202);
    rows = await webhookRows();
    expect(rows).toHaveLength(6);
    expect(rows[5]).toMatchObject({ action: "webhook.delivery_resent", actor_id: admin.user.id, target_id: endpoint.id, before: null });
    expect(JSON.parse(rows[5]!.after!)).toEqual({ delivery_id: "msg_audit" });

    await noSecretIn(rows);
    expect((await call(admin, "DELETE", `/${endpoint.id}`)).status).toBe(204);
    rows = await webhookRows();
    expect(rows).toHaveLength(7);
    expect(rows[6]).toMatchObject({ action: "webhook.deleted", actor_id: admin.user.id, target_id: endpoint.id, after: null });
    expect(JSON.parse(rows[6]!.before!)).toEqual({
      url: "https://elsewhere.example.net/take",
      description: "ERP",
      events: ["lead.created", "lead.updated"],
      enabled: true,
    });
    await noSecretIn(rows);

    // Settings → Usuários reads them (entries of one millisecond have no order among them).
    const trail = await request("/api/users/audit", { headers: bearer(admin.session.access_token) });
    expect(trail.status).toBe(200);
    const { entries } = await trail.json<{ entries: AuditEntryDto[] }>();
    const mine = entries.filter((e) => e.target_id === endpoint.id);
    expect(mine.map((e) => e.action).sort()).toEqual(rows.map((r) => r.action).sort());
    expect(mine.find((e) => e.action === "webhook.deleted")).toMatchObject({
      actor_name: admin.user.name,
      target_type: "webhook_endpoint",
      target_label: "ERP (elsewhere.example.net)",
      before: { url: "https://elsewhere.example.net/take" },
      after: null,
    });
  });

  it("a refused change writes no entry (400 URL, 404 id, 409 pending resend, 403 role, the endpoint limit)", async () => {
    const endpoint = await register();
    const before = (await webhookRows()).length;
    expect((await call(admin, "POST", "", { url: "https://10.0.0.1/x", events: ["lead.created"] })).status).toBe(400);
    expect((await call(admin, "PATCH", `/${endpoint.id}`, { url: "ftp://hooks.example.com/x" })).status).toBe(400);
    expect((await call(admin, "PATCH", `/${endpoint.id}`, { url: "http://169.254.169.254/latest" })).status).toBe(400);
    const missing = crypto.randomUUID();
    expect((await call(admin, "PATCH", `/${missing}`, { enabled: false })).status).toBe(404);
    expect((await call(admin, "DELETE", `/${missing}`)).status).toBe(404);
    expect((await call(admin, "POST", `/${missing}/rotate-secret`)).status).toBe(404);
    expect((await call(admin, "POST", `/${endpoint.id}/deliveries/msg_none/resend`)).status).toBe(404);
    await env.DB.prepare(
      "insert into webhook_deliveries (id, endpoint_id, event_type, payload, status, attempts) values ('msg_pending', ?, 'lead.created', '{}', 'pending', 0)",
    )
      .bind(endpoint.id)
      .run();
    expect((await call(admin, "POST", `/${endpoint.id}/deliveries/msg_pending/resend`)).status).toBe(409);
    const manager = await signedInUser("manager");
    expect((await call(manager, "DELETE", `/${endpoint.id}`)).status).toBe(403);
    expect(await webhookRows()).toHaveLength(before);

    // Up to the limit, each creation is one entry; the refused one past it is none.
    for (let i = 1; i < MAX_WEBHOOK_ENDPOINTS; i++) await register(`https://hooks.example.com/${i}`);
    expect(await webhookRows()).toHaveLength(MAX_WEBHOOK_ENDPOINTS);
    expect((await call(admin, "POST", "", { url: "https://hooks.example.com/over", events: ["lead.created"] })).status).toBe(409);
    expect(await webhookRows()).toHaveLength(MAX_WEBHOOK_ENDPOINTS);
  });

  it("a parallel burst of creations writes exactly one entry per endpoint created", async () => {
    const results = await Promise.all(
      Array.from({ length: MAX_WEBHOOK_ENDPOINTS + 5 }, (_, i) =>
        call(admin, "POST", "", { url: `https://hooks.example.com/burst/${i}`, events: ["lead.created"] }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(MAX_WEBHOOK_ENDPOINTS);
    expect(results.filter((r) => r.status === 409)).toHaveLength(5);
    const rows = await webhookRows();
    const ids = (await env.DB.prepare("select id from webhook_endpoints").all<{ id: string }>()).results.map((r) => r.id).sort();
    expect(rows.map((r) => r.target_id).sort()).toEqual(ids);
  });
});
