// The contract of GET /api/openapi.json (issue 25, docs/decisions/030): real requests through
// the Worker's fetch handler, on real D1 and R2, for every operation of the document; each
// answer must have a status the operation declares, the declared media type, and a body that
// matches the declared schema (@cfworker/json-schema; the DTO schemas are strict, so a field
// the document does not name fails too). Generic cases come from the document itself (401
// anonymous for every staff operation, 403 below the required role, 400 for a body that is
// not an object or a parameter out of range, 404 for an id that does not exist, 413 for a
// body over the limit); the rest are written per resource below. At the end every declared
// (operation, status) must have been seen, except the few in NOT_EXERCISED, each with its reason.
import { env } from "cloudflare:workers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "../../worker/api/index.ts";
import { signUnsubscribeToken } from "../../worker/auth/unsubscribe-token.ts";
import { MAX_ACTIVE_API_TOKENS } from "../../worker/services/api-token-service.ts";
import { writeBackup } from "../../worker/services/backup-service.ts";
import { writeWebhookDeliveries } from "../../worker/services/webhooks/webhook-delivery.ts";
import { MAX_WEBHOOK_ENDPOINTS } from "../../worker/services/webhooks/webhook-service.ts";
import { createCaseStudy, createLead, createNotification, createUser } from "../factories/index.ts";
import { bearer, db, eventually, ORIGIN, recoverySession, request, sessionCookie, signedInUser, signIn } from "../helpers.ts";
import { setWebhookReceiver } from "../setup/webhook-receiver.ts";
import {
  declaredResponse,
  documentedOperations,
  readDocument,
  registeredRoutes,
  schemaValidator,
  type Document,
  type Operation,
} from "./openapi-support.ts";

type Session = Awaited<ReturnType<typeof signedInUser>>;
type Json = Record<string, unknown> & { [key: string]: any }; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers read field by field

/**
 * Declared statuses no request here produces, each with why. Everything else a route declares
 * is requested below; adding a status to a route without a case for it fails the last test.
 */
const NOT_EXERCISED: Record<string, string> = {
  "GET /api/health 503": "needs D1 to fail; tests/api/health.test.ts",
  "POST /api/chat-assistant 503": "needs the assistant to fail; tests/api/chat-assistant.test.ts",
  "POST /api/leads/capture 202": "needs the lead's write to fail; tests/api/lead-capture.test.ts",
  "POST /api/push/devices 503": "needs a deploy without VAPID keys (the test Worker has them); tests/api/push.test.ts",
  "POST /api/auth/token 429": "the sign-in throttle; tests/api/throttles.test.ts",
  "POST /api/auth/recover 429": "the recovery e-mail throttle; tests/api/throttles.test.ts",
  "POST /api/auth/verify 429": "the sign-in throttle; tests/api/throttles.test.ts",
  "POST /api/users/invitations 429": "30 invitations an hour per admin; tests/api/users-admin.test.ts",
  "POST /api/users/{id}/invitation 429": "the same 30 an hour; tests/api/users-admin.test.ts",
  "POST /api/imports 429": "30 previews of new files in 10 minutes; tests/api/lead-import.test.ts",
  "GET /api/imports/{id} 410": "an import left unfinished past its expiry; tests/api/lead-import-resume.test.ts",
  "POST /api/imports/{id}/commit 410": "the same expiry; tests/api/lead-import-resume.test.ts",
  "GET /api/imports/{id}/failed.csv 410": "the same expiry; tests/api/lead-import-resume.test.ts",
  "POST /api/unsubscribe 429": "per IP, then per user; tests/api/unsubscribe.test.ts",
};

const MISSING_ID = "00000000-0000-4000-8000-000000000000";

let document: Document;
let operations: Map<string, Operation>;
const seen = new Set<string>();

let admin: Session;
let manager: Session;
let rep: Session;
let otherRep: Session;

type Call = {
  /** Who calls: a session (bearer token), null for nobody; admin unless said. */
  as?: Session | null;
  path?: Record<string, string>;
  query?: Record<string, string>;
  json?: unknown;
  body?: BodyInit;
  headers?: Record<string, string>;
  /**
   * How the session is sent: its access token as a bearer token, or the browser's cookies
   * (with our Origin, as a browser's writes have). Unless told, the cookies for an operation
   * whose only security is the session cookie (/api/tokens), the bearer token otherwise.
   */
  auth?: "bearer" | "cookie";
};

const cookieOnly = (operation: Operation) => JSON.stringify(operation.security) === JSON.stringify([{ cookieAuth: [] }]);

/** Sends `operation` ("METHOD /path/{param}"), expects `status`, and checks the answer against the document. */
async function call(key: string, status: number, options: Call = {}): Promise<Json> {
  const operation = operations.get(key);
  expect(operation, `${key} is in the document`).toBeDefined();
  const [method, template] = key.split(" ") as [string, string];
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(options.path?.[name] ?? MISSING_ID));
  const url = options.query ? `${path}?${new URLSearchParams(options.query)}` : path;
  const who = options.as === undefined ? admin : options.as;
  const auth = options.auth ?? (cookieOnly(operation!) ? "cookie" : "bearer");
  const credentials: Record<string, string> = !who
    ? {}
    : auth === "cookie"
      ? { Cookie: sessionCookie(who.session), Origin: ORIGIN }
      : bearer(who.session.access_token);
  const headers: Record<string, string> = { ...credentials, ...options.headers };
  let body = options.body;
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers["Content-Type"] ??= "application/json";
  }
  const response = await request(url, { method, headers, body, redirect: "manual" });
  const bytes = new Uint8Array(await response.arrayBuffer());
  const text = new TextDecoder().decode(bytes.slice(0, 2000));
  expect(response.status, `${key} answered ${response.status}: ${text.slice(0, 300)}`).toBe(status);
  const declared = declaredResponse(operation!, status);
  expect(declared, `${key} declares ${status}`).toBeDefined();
  seen.add(`${key} ${status}`);

  if (status === 429) expect(response.headers.get("Retry-After"), `${key} 429 Retry-After`).toMatch(/^\d+$/);
  if (declared!.headers?.Location) expect(response.headers.get("Location"), `${key} Location`).toBeTruthy();
  if (!declared!.content) {
    expect(bytes.length, `${key} ${status} has no body`).toBe(0);
    return {};
  }
  const type = (response.headers.get("Content-Type") ?? "").split(";")[0]!.trim();
  const mediaTypes = Object.keys(declared!.content);
  const media = mediaTypes.find((m) => m === type || m === "*/*" || (m.endsWith("/*") && type.startsWith(m.slice(0, -1))));
  expect(media, `${key} ${status}: ${type} is one of ${mediaTypes.join(", ")}`).toBeDefined();
  if (media !== "application/json") {
    if (declared!.headers?.["Content-Disposition"])
      expect(response.headers.get("Content-Disposition"), key).toMatch(/^(attachment|inline)/);
    return {};
  }
  const parsed = JSON.parse(new TextDecoder().decode(bytes)) as Json;
  const schema = declared!.content[media]!.schema as object;
  const result = schemaValidator(document, schema).validate(parsed);
  expect(result.errors.slice(0, 4), `${key} ${status} body matches its schema: ${text.slice(0, 400)}`).toEqual([]);
  return parsed;
}

const form = (fields: Record<string, string | File>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
};
/** A 1×1 PNG. */
const PNG = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="), (c) =>
  c.charCodeAt(0),
);
const bigJson = () => JSON.stringify({ padding: "x".repeat(1024 * 1024 + 16) });

beforeAll(async () => {
  admin = await signedInUser("admin");
  manager = await signedInUser("manager");
  rep = await signedInUser("sales_rep");
  otherRep = await signedInUser("sales_rep");
  document = await readDocument(admin.session.access_token);
  operations = documentedOperations(document);
});

describe("generic cases from the document", () => {
  it("every staff operation answers 401 {error, message} to an anonymous request", async () => {
    for (const [key, operation] of operations) {
      if (!operation.security?.length) continue;
      await call(key, 401, { as: null });
    }
  });

  it("every role-gated operation answers 403 below its role", async () => {
    for (const [key, operation] of operations) {
      if (operation["x-required-role"]) await call(key, 403, { as: rep });
    }
  });

  it("every operation that reads a JSON body answers 400 to a body that is not an object", async () => {
    const manual = ["PUT /api/auth/user"]; // 403 for a normal session before the body is read: its 400 is below
    for (const [key, operation] of operations) {
      const content = (operation.requestBody as { content?: Record<string, unknown> } | undefined)?.content;
      if (!content?.["application/json"] || manual.includes(key)) continue;
      const as = operation.security?.length ? admin : null;
      const query = key === "POST /api/auth/token" ? { grant_type: "password" } : undefined;
      await call(key, 400, { as, json: [], query, path: { id: "x", status: "new" } });
    }
  });

  it("every operation with a path or query parameter that has a limit answers 400 past it", async () => {
    for (const [key, operation] of operations) {
      if (!operation.responses?.["400"] || (operation.requestBody as { content?: object } | undefined)?.content) continue;
      const parameters = (operation.parameters ?? []) as { in: string; name: string; schema?: Record<string, unknown> }[];
      const bad = parameters.map((p) => ({ p, value: outOfRange(p.schema ?? {}) })).find(({ value }) => value !== undefined);
      if (!bad) continue;
      const { p, value } = bad;
      await call(key, 400, {
        as: operation.security?.length ? admin : null,
        path: p.in === "path" ? { [p.name]: value! } : { status: "new" },
        query: p.in === "query" ? { [p.name]: value! } : undefined,
      });
    }
  });

  it("every operation on an id that does not exist answers 404 (those without a body here; the others below)", async () => {
    for (const [key, operation] of operations) {
      if (!operation.responses?.["404"] || !key.includes("{") || operation.requestBody) continue;
      await call(key, 404, { as: operation.security?.length ? admin : null });
    }
  });

  it("every operation declaring 413 refuses a JSON body over 1 MB", async () => {
    for (const [key, operation] of operations) {
      const content = (operation.requestBody as { content?: Record<string, unknown> } | undefined)?.content;
      if (!operation.responses?.["413"] || !content?.["application/json"]) continue;
      await call(key, 413, { as: null, body: bigJson(), headers: { "Content-Type": "application/json" } });
    }
  });
});

/** A value just past a parameter's schema: an unknown enum value, a number over its maximum, a text over its length. */
function outOfRange(schema: Record<string, unknown>): string | undefined {
  if (Array.isArray(schema.enum) || schema.const !== undefined) return "not-a-value";
  if (typeof schema.maximum === "number") return String(schema.maximum + 1);
  if (typeof schema.maxLength === "number") return "x".repeat(schema.maxLength + 1);
  return undefined;
}

describe("leads and their detail", () => {
  it("list, create, read, update, undo, pipeline, bulk", async () => {
    await call("GET /api/leads", 200, { as: rep, query: { sort: "name" } });
    const email = `contract-${crypto.randomUUID()}@example.com`;
    const created = await call("POST /api/leads", 201, { as: rep, json: { name: "Contract Lead", email, assigned_to: rep.user.id } });
    const id = created.lead.id as string;
    await call("POST /api/leads", 409, { as: rep, json: { name: "Again", email } });
    await call("GET /api/leads/{id}", 200, { as: rep, path: { id } });

    await call("PATCH /api/leads/{id}", 200, { as: rep, path: { id }, json: { status: "qualified" } });
    await call("PATCH /api/leads/{id}", 403, { as: otherRep, path: { id }, json: { status: "won" } });
    await call("PATCH /api/leads/{id}", 404, { path: { id: MISSING_ID }, json: { status: "won" } });
    const other = await createLead(db(), { email: `other-${crypto.randomUUID()}@example.com` });
    await call("PATCH /api/leads/{id}", 409, { path: { id }, json: { email: other.email } });

    await call("POST /api/leads/{id}/undo-move", 200, { as: rep, path: { id }, json: { from: "new", to: "qualified" } });
    await call("POST /api/leads/{id}/undo-move", 409, { as: rep, path: { id }, json: { from: "new", to: "qualified" } });
    await call("POST /api/leads/{id}/undo-move", 403, { as: otherRep, path: { id }, json: { from: "won", to: "new" } });
    await call("POST /api/leads/{id}/undo-move", 404, { path: { id: MISSING_ID }, json: { from: "won", to: "new" } });

    await call("GET /api/leads/pipeline", 200, { as: rep, query: { per_column: "5" } });
    await call("GET /api/leads/pipeline/{status}", 200, { as: rep, path: { status: "new" } });
    const bulk = await call("POST /api/leads/bulk", 200, {
      as: rep,
      json: { ids: [id, other.id, MISSING_ID], action: { type: "tag_add", tag: "vip" } },
    });
    expect(bulk.refused.length).toBeGreaterThan(0);
  });

  it("timeline, meetings, notes and files", async () => {
    const lead = await createLead(db(), { assignedTo: rep.user.id, email: `detail-${crypto.randomUUID()}@example.com` });
    const id = lead.id;
    await call("GET /api/leads/{id}/activities", 200, { as: rep, path: { id } });
    const logged = await call("POST /api/leads/{id}/activities", 201, {
      as: rep,
      path: { id },
      json: { type: "meeting", content: "Demo", meeting_at: "2027-03-10T10:00" },
    });
    await call("POST /api/leads/{id}/activities", 403, { as: otherRep, path: { id }, json: { type: "call", content: "Hi" } });
    await call("POST /api/leads/{id}/activities", 404, { path: { id: MISSING_ID }, json: { type: "call", content: "Hi" } });
    const activityId = logged.activity.id as string;
    await call("PATCH /api/leads/{id}/activities/{activityId}", 200, {
      as: rep,
      path: { id, activityId },
      json: { meeting_at: "2027-03-11T10:00" },
    });
    await call("PATCH /api/leads/{id}/activities/{activityId}", 403, {
      as: otherRep,
      path: { id, activityId },
      json: { meeting_at: "2027-03-12T10:00" },
    });
    await call("PATCH /api/leads/{id}/activities/{activityId}", 404, {
      path: { id, activityId: MISSING_ID },
      json: { meeting_at: "2027-03-12T10:00" },
    });
    await call("DELETE /api/leads/{id}/activities/{activityId}", 403, { as: otherRep, path: { id, activityId } });
    await call("DELETE /api/leads/{id}/activities/{activityId}", 204, { as: rep, path: { id, activityId } });

    await call("GET /api/leads/{id}/notes", 200, { as: rep, path: { id } });
    const note = await call("POST /api/leads/{id}/notes", 201, { as: rep, path: { id }, json: { content: "First call went well." } });
    await call("POST /api/leads/{id}/notes", 403, { as: otherRep, path: { id }, json: { content: "Not mine." } });
    await call("POST /api/leads/{id}/notes", 404, { path: { id: MISSING_ID }, json: { content: "Nobody's." } });
    const noteId = note.note.id as string;
    await call("PATCH /api/leads/{id}/notes/{noteId}", 200, { as: rep, path: { id, noteId }, json: { content: "Edited." } });
    await call("PATCH /api/leads/{id}/notes/{noteId}", 403, { as: otherRep, path: { id, noteId }, json: { content: "Mine now." } });
    await call("PATCH /api/leads/{id}/notes/{noteId}", 404, { path: { id, noteId: MISSING_ID }, json: { content: "Nothing." } });
    await call("DELETE /api/leads/{id}/notes/{noteId}", 403, { as: otherRep, path: { id, noteId } });
    await call("DELETE /api/leads/{id}/notes/{noteId}", 204, { as: rep, path: { id, noteId } });

    await call("GET /api/leads/{id}/attachments", 200, { as: rep, path: { id } });
    const file = () => form({ file: new File(["hello, world\n"], "olá.txt", { type: "text/plain" }) });
    const uploaded = await call("POST /api/leads/{id}/attachments", 201, { as: rep, path: { id }, body: file() });
    await call("POST /api/leads/{id}/attachments", 400, { as: rep, path: { id }, body: form({ note: "no file" }) });
    await call("POST /api/leads/{id}/attachments", 403, { as: otherRep, path: { id }, body: file() });
    await call("POST /api/leads/{id}/attachments", 404, { path: { id: MISSING_ID }, body: file() });
    await call("POST /api/leads/{id}/attachments", 413, {
      as: rep,
      path: { id },
      body: form({ file: new File([new Uint8Array(25 * 1024 * 1024 + 1)], "big.bin", { type: "application/octet-stream" }) }),
    });
    const attachmentId = uploaded.attachment.id as string;
    await call("GET /api/attachments/{id}", 200, { as: otherRep, path: { id: attachmentId } });
    await call("DELETE /api/attachments/{id}", 403, { as: otherRep, path: { id: attachmentId } });
    await call("DELETE /api/attachments/{id}", 204, { as: rep, path: { id: attachmentId } });

    await call("DELETE /api/leads/{id}", 403, { as: rep, path: { id } });
    await call("DELETE /api/leads/{id}", 204, { as: manager, path: { id } });
  });
});

describe("tasks", () => {
  it("list, create, read, update, complete, delete", async () => {
    await call("GET /api/tasks", 200, { as: rep, query: { filter: "pending" } });
    const created = await call("POST /api/tasks", 201, {
      as: rep,
      json: { title: "Call back", due_date: "2027-02-01", assigned_to: rep.user.id },
    });
    const id = created.task.id as string;
    await call("GET /api/tasks/{id}", 200, { as: otherRep, path: { id } });
    await call("PATCH /api/tasks/{id}", 200, { as: rep, path: { id }, json: { title: "Call back today" } });
    await call("PATCH /api/tasks/{id}", 403, { as: otherRep, path: { id }, json: { title: "Mine" } });
    await call("PATCH /api/tasks/{id}", 404, { path: { id: MISSING_ID }, json: { title: "Nothing" } });
    await call("PATCH /api/tasks/{id}/completion", 200, { as: rep, path: { id }, json: { completed: true } });
    await call("PATCH /api/tasks/{id}/completion", 403, { as: otherRep, path: { id }, json: { completed: false } });
    await call("PATCH /api/tasks/{id}/completion", 404, { path: { id: MISSING_ID }, json: { completed: false } });
    await call("DELETE /api/tasks/{id}", 403, { as: otherRep, path: { id } });
    await call("DELETE /api/tasks/{id}", 204, { as: rep, path: { id } });
  });
});

describe("figures", () => {
  it("dashboard, reports, search", async () => {
    await createLead(db(), { assignedTo: rep.user.id, status: "won", estimatedValue: 1200, currency: "USD" });
    await call("GET /api/dashboard", 200, { as: rep });
    await call("GET /api/dashboard", 200, { as: manager, query: { seller: rep.user.id } });
    await call("GET /api/dashboard", 403, { as: rep, query: { seller: otherRep.user.id } });
    await call("GET /api/reports", 200, { as: rep, query: { period: "all" } });
    await call("GET /api/reports/export", 200, { as: rep, query: { period: "30d" } });
    await call("GET /api/search", 200, { as: rep, query: { q: "Contract" } });
  });
});

describe("the signed-in user's own things", () => {
  it("notifications", async () => {
    const notification = await createNotification(db(), { userId: rep.user.id });
    await call("GET /api/notifications", 200, { as: rep });
    await call("GET /api/notifications/unread-count", 200, { as: rep });
    await call("PATCH /api/notifications/{id}/read", 200, { as: rep, path: { id: notification.id } });
    await call("POST /api/notifications/read-all", 200, { as: rep });
  });

  it("settings, push devices", async () => {
    const preferences = await call("GET /api/settings/notifications", 200, { as: rep });
    await call("PUT /api/settings/notifications", 200, { as: rep, json: { ...preferences.preferences, weekly_reports: false } });
    const system = await call("GET /api/settings/system", 200, { as: rep });
    const { updated_at: _at, updated_by: _by, ...settings } = system.settings;
    await call("PUT /api/settings/system", 200, { json: { ...settings, company_name: "Contract Co" } });

    await call("GET /api/push/key", 200, { as: rep });
    await call("GET /api/push/devices", 200, { as: rep });
    const keys = await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, ["deriveBits"]);
    const raw = new Uint8Array((await crypto.subtle.exportKey("raw", keys.publicKey)) as ArrayBuffer);
    const b64u = (bytes: Uint8Array) =>
      btoa(String.fromCharCode(...bytes))
        .replaceAll("+", "-")
        .replaceAll("/", "_")
        .replace(/=+$/, "");
    const subscription = {
      endpoint: "https://push.example.test/send/contract",
      expirationTime: null,
      keys: { p256dh: b64u(raw), auth: b64u(crypto.getRandomValues(new Uint8Array(16))) },
    };
    const device = await call("POST /api/push/devices", 201, { as: rep, json: subscription });
    await call("DELETE /api/push/devices/{id}", 204, { as: rep, path: { id: device.device.id } });
  });

  it("profile: name, photo, password", async () => {
    const me = await signedInUser("sales_rep");
    await call("PATCH /api/users/me", 200, { as: me, json: { name: "Contract Person", phone: "+55 11 98765-4321" } });
    const photo = await call("POST /api/users/me/avatar", 200, {
      as: me,
      body: form({ file: new File([PNG], "me.png", { type: "image/png" }) }),
    });
    await call("POST /api/users/me/avatar", 400, {
      as: me,
      body: form({ file: new File(["not an image"], "me.png", { type: "image/png" }) }),
    });
    await call("POST /api/users/me/avatar", 413, {
      as: me,
      body: form({ file: new File([new Uint8Array(3 * 1024 * 1024 + 1)], "big.png", { type: "image/png" }) }),
    });
    const [, userId, file] = (photo.profile.avatarUrl as string).match(/^\/api\/avatars\/([^/]+)\/([^/?]+)/)!;
    await call("GET /api/avatars/{userId}/{file}", 200, { as: rep, path: { userId: userId!, file: file! } });
    await call("DELETE /api/users/me/avatar", 200, { as: me });

    const wrong = { current_password: "not-my-password", new_password: "a-much-better-passphrase-2026" };
    for (let i = 0; i < 5; i++) await call("POST /api/users/me/password", 400, { as: me, json: wrong });
    await call("POST /api/users/me/password", 429, { as: me, json: wrong });
    const other = await signedInUser("sales_rep");
    await call("POST /api/users/me/password", 204, {
      as: other,
      json: { current_password: "crm-demo-2026", new_password: "a-much-better-passphrase-2026" },
    });
  });
});

describe("the team", () => {
  it("read, invite, resend, role, status", async () => {
    await call("GET /api/users/assignable", 200, { as: rep });
    await call("GET /api/users", 200, { as: rep });
    const email = `invited-${crypto.randomUUID()}@example.com`;
    const invited = await call("POST /api/users/invitations", 201, { json: { name: "Invited Person", email, role: "sales_rep" } });
    await call("POST /api/users/invitations", 409, { json: { name: "Invited Twice", email, role: "sales_rep" } });
    await call("POST /api/users/{id}/invitation", 200, { path: { id: invited.user.id } });
    await call("POST /api/users/{id}/invitation", 409, { path: { id: rep.user.id } });
    await call("GET /api/users/audit", 200);

    const someone = await createUser(db(), { role: "sales_rep" });
    await call("PATCH /api/users/{id}/role", 200, { path: { id: someone.id }, json: { role: "manager" } });
    await call("PATCH /api/users/{id}/role", 409, { path: { id: admin.user.id }, json: { role: "manager" } });
    await call("PATCH /api/users/{id}/role", 404, { path: { id: MISSING_ID }, json: { role: "manager" } });
    await call("PATCH /api/users/{id}/status", 200, { path: { id: someone.id }, json: { is_active: false } });
    await call("PATCH /api/users/{id}/status", 404, { path: { id: MISSING_ID }, json: { is_active: false } });
  });
});

describe("API tokens and webhooks", () => {
  it("API tokens: the browser's session only; create, list, revoke, recent requests, the limit of active tokens", async () => {
    const me = await signedInUser("sales_rep");
    await call("GET /api/tokens", 200, { as: me });
    const expires_at = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const created = await call("POST /api/tokens", 201, { as: me, json: { name: "Contract", scopes: ["leads:read"], expires_at } });
    const id = created.token.id as string;
    // One request made with it, so its recent requests have an entry to check (written after the answer).
    expect((await request("/api/leads", { headers: bearer(created.secret) })).status).toBe(200);
    await eventually(
      () =>
        env.DB.prepare("select count(*) as n from audit_log where action = 'token.request' and target_id = ?")
          .bind(id)
          .first<{ n: number }>(),
      (row) => row?.n === 1,
    );
    const recent = await call("GET /api/tokens/{id}/requests", 200, { as: me, path: { id } });
    expect(recent.requests).toHaveLength(1);
    await call("GET /api/tokens/{id}/requests", 404, { as: otherRep, path: { id } });
    await call("GET /api/tokens", 200, { as: admin, query: { all: "1" } });
    await call("GET /api/tokens", 403, { as: me, query: { all: "1" } });

    // Any Authorization header is refused, the token's own included: a token never manages tokens.
    for (const headers of [bearer(created.secret), bearer(me.session.access_token)]) {
      await call("GET /api/tokens", 403, { as: null, headers });
      await call("POST /api/tokens", 403, { as: null, headers, json: { name: "From a token", scopes: ["leads:read"] } });
      await call("DELETE /api/tokens/{id}", 403, { as: null, headers, path: { id } });
      await call("GET /api/tokens/{id}/requests", 403, { as: null, headers, path: { id } });
    }

    await call("DELETE /api/tokens/{id}", 404, { as: otherRep, path: { id } });
    const revoked = await call("DELETE /api/tokens/{id}", 200, { as: me, path: { id } });
    expect(revoked.token.status).toBe("revoked");

    for (let i = 0; i < MAX_ACTIVE_API_TOKENS; i++) {
      await call("POST /api/tokens", 201, { as: me, json: { name: `Contract ${i}`, scopes: ["tasks:read"] } });
    }
    const refused = await call("POST /api/tokens", 409, { as: me, json: { name: "One too many", scopes: ["tasks:read"] } });
    expect(refused.error).toBe("api_token_limit");
  });

  it("webhooks: register, change, rotate, deliveries, resend, delete, the limit of endpoints (nothing leaves the test)", async () => {
    // A delivery the queue makes goes to this receiver, in this isolate (tests/setup/webhook-receiver.ts), never the network.
    const received: string[] = [];
    setWebhookReceiver((req) => {
      received.push(req.url);
      return new Response("ok");
    });
    try {
      const url = "https://hooks.example.com/contract";
      const created = await call("POST /api/webhooks", 201, { json: { url, description: "Contract", events: ["lead.deleted"] } });
      const id = created.endpoint.id as string;
      const refusedUrl = await call("POST /api/webhooks", 400, { json: { url: "https://10.0.0.1/hook", events: ["lead.created"] } });
      expect(refusedUrl.issues.map((issue: { path: string }) => issue.path)).toEqual(["url"]);
      await call("GET /api/webhooks", 200);
      await call("PATCH /api/webhooks/{id}", 200, { path: { id }, json: { description: "Contract endpoint" } });
      await call("PATCH /api/webhooks/{id}", 400, { path: { id }, json: { url: "http://hooks.example.com/plain" } });
      await call("PATCH /api/webhooks/{id}", 404, { path: { id: MISSING_ID }, json: { enabled: false } });
      // The body is optional: none (the previous secret signs for 24 h), or revoke it at once.
      await call("POST /api/webhooks/{id}/rotate-secret", 200, { path: { id } });
      const revoked = await call("POST /api/webhooks/{id}/rotate-secret", 200, { path: { id }, json: { revoke_previous: true } });
      expect(revoked.endpoint.previous_secret_expires_at).toBeNull();
      await call("POST /api/webhooks/{id}/rotate-secret", 404, { path: { id: MISSING_ID }, json: {} });

      // A delivery written without the queue (pending: a resend is refused), then settled as failed and resent.
      const unqueued = { db: db(), env: { ...env, WEBHOOK_QUEUE: undefined } as Env };
      const [deliveryId] = await writeWebhookDeliveries(unqueued, [{ type: "lead.deleted", data: { lead: { id: "contract" } } }]);
      expect(deliveryId).toBeDefined();
      const resend = { path: { id, deliveryId: deliveryId! } };
      await call("POST /api/webhooks/{id}/deliveries/{deliveryId}/resend", 409, resend);
      await env.DB.prepare("update webhook_deliveries set status = 'failed', attempts = 1 where id = ?").bind(deliveryId).run();
      await call("POST /api/webhooks/{id}/deliveries/{deliveryId}/resend", 202, resend);
      await eventually(
        () => env.DB.prepare("select status from webhook_deliveries where id = ?").bind(deliveryId).first<{ status: string }>(),
        (row) => row?.status === "sent",
      );
      expect(received).toEqual([url]);
      const deliveries = await call("GET /api/webhooks/{id}/deliveries", 200, { path: { id } });
      expect(deliveries.deliveries).toHaveLength(1);
      await call("PATCH /api/webhooks/{id}", 200, { path: { id }, json: { enabled: false } });
      const disabled = await call("POST /api/webhooks/{id}/deliveries/{deliveryId}/resend", 409, resend);
      expect(disabled.error).toBe("webhook_endpoint_disabled");

      for (let i = 1; i < MAX_WEBHOOK_ENDPOINTS; i++) {
        await call("POST /api/webhooks", 201, { json: { url: `${url}/${i}`, events: ["lead.deleted"] } });
      }
      const full = await call("POST /api/webhooks", 409, { json: { url: `${url}/more`, events: ["lead.deleted"] } });
      expect(full.error).toBe("webhook_limit_reached");
      await call("DELETE /api/webhooks/{id}", 204, { path: { id } });
    } finally {
      // No endpoint outlives this case: nothing the other cases do is delivered anywhere.
      await env.DB.prepare("delete from webhook_endpoints").run();
      setWebhookReceiver(undefined);
    }
  });
});

describe("chat", () => {
  it("channels, members, messages", async () => {
    await call("GET /api/chat/channels", 200, { as: rep });
    const created = await call("POST /api/chat/channels", 201, { as: manager, json: { name: `contract-${Date.now()}`, is_private: true } });
    const id = created.channel.id as string;
    await call("POST /api/chat/channels/{id}/members", 201, { as: manager, path: { id }, json: { user_id: rep.user.id } });
    await call("POST /api/chat/channels/{id}/members", 200, { as: manager, path: { id }, json: { user_id: rep.user.id } });
    await call("POST /api/chat/channels/{id}/members", 403, { as: rep, path: { id }, json: { user_id: otherRep.user.id } });
    await call("POST /api/chat/channels/{id}/members", 404, { as: otherRep, path: { id }, json: { user_id: otherRep.user.id } });
    await call("POST /api/chat/channels/{id}/messages", 201, { as: rep, path: { id }, json: { content: "Olá, equipe!" } });
    await call("POST /api/chat/channels/{id}/messages", 404, { as: otherRep, path: { id }, json: { content: "Let me in" } });
    await call("GET /api/chat/channels/{id}/messages", 200, { as: rep, path: { id } });
  });
});

describe("imports, exports, backups", () => {
  it("preview, commit, failed rows; export; backups", async () => {
    const csv = "name,email,status\nAna Import,ana-import@example.com,new\nSem Email,not-an-email,new\n";
    const preview = await call("POST /api/imports", 201, {
      as: manager,
      body: form({ file: new File([csv], "leads.csv", { type: "text/csv" }) }),
    });
    await call("POST /api/imports", 400, { as: manager, body: form({ mapping: "[]" }) });
    await call("POST /api/imports", 413, {
      as: manager,
      body: form({ file: new File([new Uint8Array(11 * 1024 * 1024 + 1)], "big.csv", { type: "text/csv" }) }),
    });
    const id = preview.import.id as string;
    await call("GET /api/imports/{id}", 200, { as: manager, path: { id } });
    await call("POST /api/imports/{id}/commit", 200, { as: manager, path: { id }, json: { mode: "skip" } });
    await call("POST /api/imports/{id}/commit", 409, { as: manager, path: { id }, json: { mode: "overwrite" } });
    await call("POST /api/imports/{id}/commit", 404, { as: manager, path: { id: MISSING_ID }, json: { mode: "skip" } });
    await call("GET /api/imports", 200, { as: manager, query: { status: "running" } });
    await call("GET /api/imports/{id}/failed.csv", 200, { as: manager, path: { id } });

    await call("GET /api/exports/data", 200, { as: manager });

    await writeBackup(env.DB, env.ATTACHMENTS, "2026-12-01", new Date("2026-12-01T06:00:00Z"));
    await call("GET /api/backups", 200);
    await call("GET /api/backups/{date}/download", 200, { path: { date: "2026-12-01" } });
  });
});

describe("session and auth (GoTrue)", () => {
  let signedIn: Session;
  beforeAll(async () => {
    signedIn = await signedInUser("sales_rep");
  });

  it("the browser's session", async () => {
    await call("GET /api/session", 200, { as: signedIn });
    const tokens = await signIn(signedIn.user.email);
    // A cookie-authenticated write names its origin (worker/auth/origin-check.ts), as a browser does.
    await call("POST /api/session/refresh", 200, { as: null, headers: { Cookie: sessionCookie(tokens), Origin: "http://localhost" } });
  });

  it("token, user, logout, recover, verify", async () => {
    await call("POST /api/auth/token", 200, {
      as: null,
      query: { grant_type: "password" },
      json: { email: signedIn.user.email, password: "crm-demo-2026" },
    });
    await call("POST /api/auth/token", 400, { as: null, query: { grant_type: "magic" }, json: {} });
    await call("GET /api/auth/user", 200, { as: signedIn });
    await call("PUT /api/auth/user", 403, { as: signedIn, json: { password: "another-good-passphrase-2026" } });
    await call("POST /api/auth/logout", 400, { as: signedIn, query: { scope: "everywhere" } });

    const recovery = await recoverySession(signedIn.user.email);
    const asRecovery = { user: signedIn.user, session: recovery } as Session;
    await call("PUT /api/auth/user", 400, { as: asRecovery, json: [] });
    await call("PUT /api/auth/user", 422, { as: asRecovery, json: { password: "short" } });
    await call("PUT /api/auth/user", 200, { as: asRecovery, json: { password: "another-good-passphrase-2026" } });
    await call("POST /api/auth/verify", 403, { as: null, json: { type: "recovery", token_hash: "not-a-token" } });

    // A fresh link (the newest recovery e-mail, once there is one more), spent through the documented route itself.
    const mails = () =>
      env.DB.prepare("select text_body from email_outbox where kind = 'password_recovery' and to_address = ? order by rowid")
        .bind(signedIn.user.email)
        .all<{ text_body: string }>()
        .then((result) => result.results);
    const before = (await mails()).length;
    await call("POST /api/auth/recover", 200, { as: null, json: { email: signedIn.user.email } });
    const sent = await eventually(mails, (rows) => rows.length > before);
    const token = new URL(sent.at(-1)!.text_body.match(/https?:\/\/\S+/)![0]).searchParams.get("token")!;
    await call("POST /api/auth/verify", 200, { as: null, json: { type: "recovery", token_hash: token } });

    const leaving = await signedInUser("sales_rep");
    await call("POST /api/auth/logout", 204, { as: leaving, query: { scope: "local" } });
  });
});

describe("public routes", () => {
  const ip = () => `203.0.113.${Math.floor(Math.random() * 250) + 1}`;

  it("case studies, health, this document", async () => {
    const study = await createCaseStudy(db());
    await call("GET /api/case-studies", 200, { as: null, query: { sort: "newest", timeline: "not-a-timeline" } });
    await call("GET /api/case-studies/{slug}", 200, { as: null, path: { slug: study.slug } });
    await call("GET /api/health", 200, { as: null });
    await call("GET /api/openapi.json", 200, { as: rep });
  });

  it("contact, newsletter, capture, assistant: each success and its rate limit", async () => {
    const from = { "CF-Connecting-IP": ip() };
    const contact = { name: "Ana Souza", email: "ana.contract@example.com", message: "Queremos um app de agendamento para 30 clínicas." };
    await call("POST /api/contact", 201, { as: null, headers: from, json: contact });
    await call("POST /api/contact", 200, { as: null, headers: from, json: { ...contact, company_url: "https://bot.example" } });
    for (let i = 0; i < 4; i++) await call("POST /api/contact", 201, { as: null, headers: from, json: contact });
    await call("POST /api/contact", 429, { as: null, headers: from, json: contact });

    const newsletterIp = { "CF-Connecting-IP": ip() };
    await call("POST /api/newsletter", 201, { as: null, headers: newsletterIp, json: { email: "reader.contract@example.com" } });
    await call("POST /api/newsletter", 200, { as: null, headers: newsletterIp, json: { email: "reader.contract@example.com" } });
    for (let i = 0; i < 8; i++)
      await call("POST /api/newsletter", 201, { as: null, headers: newsletterIp, json: { email: `reader${i}.contract@example.com` } });
    await call("POST /api/newsletter", 429, { as: null, headers: newsletterIp, json: { email: "one-too-many.contract@example.com" } });

    const captureIp = { "CF-Connecting-IP": ip() };
    const capture = {
      name: "Bia Capture",
      email: "bia.capture@example.com",
      phone: "(11) 98765-4321",
      company: "Clínica Vida",
      language: "pt",
      projectType: "web_app",
      budget: "budget_25k",
      timeline: "timeline_3months",
      teamSize: "team_small",
      transcript: [{ content: "Olá", isBot: false }],
    };
    await call("POST /api/leads/capture", 201, { as: null, headers: captureIp, json: capture });
    await call("POST /api/leads/capture", 200, { as: null, headers: captureIp, json: capture });
    for (let i = 0; i < 3; i++) await call("POST /api/leads/capture", 200, { as: null, headers: captureIp, json: capture });
    await call("POST /api/leads/capture", 429, { as: null, headers: captureIp, json: capture });

    const askIp = { "CF-Connecting-IP": ip() };
    const ask = { message: "Olá", language: "pt", conversation: [], userInfo: {} };
    for (let i = 0; i < 30; i++) await call("POST /api/chat-assistant", 200, { as: null, headers: askIp, json: ask });
    await call("POST /api/chat-assistant", 429, { as: null, headers: askIp, json: ask });
  });

  it("unsubscribe: the link opened, one click, and not one click", async () => {
    const token = await signUnsubscribeToken(env.AUTH_SECRET, rep.user.id, "weekly_reports");
    await call("GET /api/unsubscribe", 303, { as: null, query: { token } });
    const type = { "Content-Type": "application/x-www-form-urlencoded" };
    await call("POST /api/unsubscribe", 200, { as: null, query: { token }, headers: type, body: "List-Unsubscribe=One-Click" });
    await call("POST /api/unsubscribe", 400, { as: null, query: { token }, headers: type, body: "something=else" });
  });
});

afterAll(() => {
  // Nothing to undo: each test file has its own database and bucket.
});

describe("coverage", () => {
  it("every declared status of every operation was requested and answered as declared (but NOT_EXERCISED, each with its reason)", () => {
    const declared = [...operations].flatMap(([key, operation]) =>
      Object.keys(operation.responses ?? {}).map((status) => `${key} ${status}`),
    );
    const missing = declared.filter((pair) => !seen.has(pair) && !(pair in NOT_EXERCISED));
    expect(missing).toEqual([]);
    // A listed pair that is declared and now requested (or no longer declared) is taken off the list.
    expect(Object.keys(NOT_EXERCISED).filter((pair) => seen.has(pair) || !declared.includes(pair))).toEqual([]);
    expect(registeredRoutes(api).length).toBeGreaterThanOrEqual(operations.size);
  });
});
