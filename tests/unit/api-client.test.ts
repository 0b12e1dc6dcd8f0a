// The CRM screens' typed API client (app/modules/crm/api-client.ts, docs/decisions/033): what
// it sends (cookies, Accept, JSON or a FormData as it is, encoded path parameters, no empty
// query values, the caller's AbortSignal) and how answers come back (the typed JSON, undefined
// for 204, ApiClientError with the field messages for a 4xx, OfflineError for no answer at
// all). The last block sends the client's requests through the real Worker.
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { apiClient, ApiClientError, call, OfflineError } from "../../app/modules/crm/api-client.ts";
import { createLead } from "../factories/index.ts";
import { bearer, db, request, signedInUser } from "../helpers.ts";

type Sent = { url: string; init: RequestInit };

/** Replaces fetch with one answering `answer` and records what the client sent. */
function answering(answer: () => Response | Promise<Response>): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init: RequestInit = {}) => {
    sent.push({ url: String(input), init });
    return answer();
  });
  return sent;
}

const jsonAnswer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("apiClient requests", () => {
  it("a GET: /api/<path> with the session's cookies, JSON asked for, the parameter encoded, empty query values left out", async () => {
    const sent = answering(() => jsonAnswer(200, { items: [], next_cursor: null }));
    await call(apiClient.leads[":id"].activities.$get({ param: { id: "a/b?c" }, query: { cursor: "" } }));
    await call(apiClient.leads.$get({ query: { q: "ana maria", status: undefined, limit: "5" } }));

    expect(sent.map((s) => s.url)).toEqual(["/api/leads/a%2Fb%3Fc/activities", "/api/leads?q=ana+maria&limit=5"]);
    for (const { init } of sent) {
      expect(init.method).toBe("GET");
      expect(init.credentials).toBe("same-origin");
      expect(new Headers(init.headers).get("Accept")).toBe("application/json");
      expect(init.body).toBeUndefined();
    }
  });

  it("an id of '.' or '..' (plain or encoded) is a 404 without a request: it never points the request at another path", async () => {
    const sent = answering(() => new Response(null, { status: 204 }));
    for (const id of ["..", ".", "%2e%2E", ".%2e"]) {
      const error = await call(apiClient.leads[":id"].$delete({ param: { id } })).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiClientError);
      expect((error as ApiClientError).status).toBe(404);
    }
    expect(sent).toEqual([]);
    // An id that merely contains dots goes as it is.
    await call(apiClient.leads[":id"].$delete({ param: { id: "..a" } }));
    expect(sent.map((s) => s.url)).toEqual(["/api/leads/..a"]);
  });

  it("a JSON body goes as application/json, with the caller's AbortSignal", async () => {
    const sent = answering(() => jsonAnswer(201, { note: { id: "n1" } }));
    const controller = new AbortController();
    await call(
      apiClient.leads[":id"].notes.$post({ param: { id: "l1" }, json: { content: "Olá" } }, { init: { signal: controller.signal } }),
    );

    expect(sent[0]!.url).toBe("/api/leads/l1/notes");
    expect(sent[0]!.init.method).toBe("POST");
    expect(new Headers(sent[0]!.init.headers).get("Content-Type")).toBe("application/json");
    expect(sent[0]!.init.body).toBe(JSON.stringify({ content: "Olá" }));
    expect(sent[0]!.init.signal).toBe(controller.signal);
  });

  it("a FormData upload goes as it is, without a Content-Type (the browser writes the multipart boundary)", async () => {
    const sent = answering(() => jsonAnswer(201, { attachment: { id: "a1" } }));
    const form = new FormData();
    form.append("file", new File(["hello"], "hello.txt", { type: "text/plain" }));
    const { attachment } = await call(apiClient.leads[":id"].attachments.$post({ param: { id: "l1" } }, { init: { body: form } }));

    expect(attachment.id).toBe("a1");
    expect(sent[0]!.init.method).toBe("POST");
    expect(sent[0]!.init.body).toBe(form);
    expect(new Headers(sent[0]!.init.headers).has("Content-Type")).toBe(false);
  });
});

describe("call: answers", () => {
  it("2xx: the parsed JSON; 204: undefined", async () => {
    answering(() => jsonAnswer(200, { unread_count: 3 }));
    expect(await call(apiClient.notifications["unread-count"].$get())).toEqual({ unread_count: 3 });

    answering(() => new Response(null, { status: 204 }));
    expect(await call(apiClient.tasks[":id"].$delete({ param: { id: "t1" } }))).toBeUndefined();
  });

  it("a 4xx with issues: ApiClientError with the translated message, the code and each field's message", async () => {
    answering(() =>
      jsonAnswer(400, {
        error: "validation_failed",
        message: "Alguns campos são inválidos: title.",
        issues: [
          { path: "title", message: "Obrigatório" },
          { path: "due_date.day", message: "Data inválida" },
        ],
      }),
    );
    const error = await call(apiClient.tasks.$post({ json: { title: "" } })).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiClientError);
    const refused = error as ApiClientError;
    expect(refused.status).toBe(400);
    expect(refused.code).toBe("validation_failed");
    expect(refused.message).toBe("Alguns campos são inválidos: title.");
    expect(refused.fieldMessage("title")).toBe("Obrigatório");
    expect(refused.fieldMessage("due_date")).toBe("Data inválida");
    expect(refused.fieldMessage("lead_id")).toBeUndefined();
  });

  it("a 409 keeps the whole body; a non-JSON error answer becomes its message", async () => {
    answering(() => jsonAnswer(409, { error: "lead_exists", message: "Já existe", lead: { id: "l9", name: "Ana" } }));
    const conflict = (await call(apiClient.leads.$post({ json: { name: "Ana" } })).catch((caught: unknown) => caught)) as ApiClientError;
    expect(conflict.body.lead).toEqual({ id: "l9", name: "Ana" });

    answering(() => new Response("Bad gateway", { status: 502 }));
    const gateway = (await call(apiClient.leads.$get({ query: {} })).catch((caught: unknown) => caught)) as ApiClientError;
    expect(gateway).toBeInstanceOf(ApiClientError);
    expect([gateway.status, gateway.code, gateway.message]).toEqual([502, "unknown", "Bad gateway"]);
  });

  it("no answer at all: OfflineError; any other failure stays what it was", async () => {
    answering(() => Promise.reject(new TypeError("Failed to fetch")));
    await expect(call(apiClient.leads.$get({ query: {} }))).rejects.toBeInstanceOf(OfflineError);

    const aborted = new DOMException("The operation was aborted.", "AbortError");
    answering(() => Promise.reject(aborted));
    await expect(call(apiClient.leads.$get({ query: {} }))).rejects.toBe(aborted);
  });
});

describe("apiClient against the Worker", () => {
  let rep: Awaited<ReturnType<typeof signedInUser>>;
  beforeAll(async () => {
    rep = await signedInUser("sales_rep");
  });

  /** The client's requests go to the real fetch handler, signed in as `rep`. */
  const throughWorker = () =>
    vi.stubGlobal("fetch", (input: RequestInfo | URL, init: RequestInit = {}) => {
      const headers = new Headers(init.headers);
      for (const [key, value] of Object.entries(bearer(rep.session.access_token))) headers.set(key, value);
      return request(String(input), { ...init, headers });
    });

  it("a lead read, a refused write with its field message, a 404 and a delete's 204, as the screens see them", async () => {
    throughWorker();
    const lead = await createLead(db(), { assignedTo: rep.user.id });

    const { lead: read } = await call(apiClient.leads[":id"].$get({ param: { id: lead.id } }));
    expect([read.id, read.name]).toEqual([lead.id, lead.name]);

    const refused = (await call(apiClient.tasks.$post({ json: { title: " " } })).catch((caught: unknown) => caught)) as ApiClientError;
    expect(refused).toBeInstanceOf(ApiClientError);
    expect([refused.status, refused.code]).toEqual([400, "validation_failed"]);
    expect(refused.fieldMessage("title")).toBeTruthy();

    const missing = (await call(apiClient.leads[":id"].$get({ param: { id: "no-such-lead" } })).catch(
      (caught: unknown) => caught,
    )) as ApiClientError;
    expect([missing.status, missing.code]).toEqual([404, "not_found"]);

    const { note } = await call(apiClient.leads[":id"].notes.$post({ param: { id: lead.id }, json: { content: "Ligar amanhã" } }));
    expect(await call(apiClient.leads[":id"].notes[":noteId"].$delete({ param: { id: lead.id, noteId: note.id } }))).toBeUndefined();
    expect(await call(apiClient.leads[":id"].notes.$get({ param: { id: lead.id } }))).toEqual([]);
  });
});
