// The services' errors reach the API and the routes' loaders and actions in the same words:
// status, code, Retry-After and a translated message (worker/http/error-response.ts).
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { action as authAction } from "../../app/routes/auth.tsx";
import { loader as chatLoader } from "../../app/routes/crm/chat.tsx";
import { loader as tasksLoader } from "../../app/routes/crm/tasks.tsx";
import { action as contactAction } from "../../app/routes/site/contact.tsx";
import { createLoadContext } from "../../worker/router-context.ts";
import { createChannel, createLead, createTask } from "../factories/index.ts";
import { bearer, db, json, ORIGIN, request, sessionCookie, signedInUser } from "../helpers.ts";

type Staff = Awaited<ReturnType<typeof signedInUser>>;
let manager: Staff, rep: Staff, otherRep: Staff;

beforeAll(async () => {
  [manager, rep, otherRep] = await Promise.all([signedInUser("manager"), signedInUser("sales_rep"), signedInUser("sales_rep")]);
});

/** Calls a route module's loader or action as React Router does, through the Worker's load context. */
async function callRoute<T>(handler: (args: never) => Promise<T>, path: string, init: RequestInit = {}): Promise<T> {
  const url = new URL(path, ORIGIN);
  const req = new Request(url, init);
  const { context } = createLoadContext(req, env, createExecutionContext(), "nonce");
  return handler({ request: req, context, params: {}, unstable_pattern: url.pathname } as never);
}

const contactForm = (email: string) => {
  const form = new FormData();
  form.set("name", "Ana Souza");
  form.set("email", email);
  form.set("message", "Queremos um app de agendamento para 30 clínicas.");
  return form;
};

/** The five messages an IP may send in 10 minutes, through the API (the same service and counter). */
async function useUpContactLimit(ip: string) {
  for (let i = 0; i < 5; i++) {
    const body = { name: "Ana Souza", email: `limite${i}-${ip}@example.com`, message: "Queremos um app de agendamento para 30 clínicas." };
    expect((await request("/api/contact", json("POST", body, { "CF-Connecting-IP": ip }))).status).toBe(201);
  }
}

describe("the contact form's throttle", () => {
  const sentences = {
    pt: /^Você enviou muitas mensagens em pouco tempo\. Tente novamente em (\d+) minutos?\.$/,
    es: /^Has enviado varios mensajes en poco tiempo\. Inténtalo de nuevo en (\d+) minutos?\.$/,
    en: /^You have sent several messages in a short time\. Please try again in (\d+) minutes?\.$/,
  };

  it.each(Object.entries(sentences))("says the wait in words in %s, on the page and in the API alike", async (language, sentence) => {
    const ip = `203.0.113.${language === "pt" ? 101 : language === "es" ? 102 : 103}`;
    await useUpContactLimit(ip);

    const page = await callRoute(contactAction, `/${language}/contact`, {
      method: "POST",
      headers: { "CF-Connecting-IP": ip },
      body: contactForm("pagina@example.com"),
    });
    const { data, init } = page as unknown as { data: { ok: false; reason: string; message: string; values: unknown }; init: ResponseInit };
    expect(init.status).toBe(429);
    const retryAfter = Number(new Headers(init.headers).get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(data.reason).toBe("rate_limited");
    expect(data.message).toMatch(sentence);
    // Whole minutes, rounded up, from the Retry-After seconds (formatWaitTime), as every throttle says it.
    expect(Number(sentence.exec(data.message)![1])).toBe(Math.ceil(retryAfter / 60));
    expect(data.values).toMatchObject({ email: "pagina@example.com" });

    const api = await request(
      `/api/contact?lang=${language}`,
      json(
        "POST",
        { name: "Ana Souza", email: "api@example.com", message: "Queremos um app de agendamento para 30 clínicas." },
        { "CF-Connecting-IP": ip },
      ),
    );
    expect(api.status).toBe(429);
    expect(await api.json()).toEqual({ error: "rate_limited", message: data.message });
  });
});

describe("a service's domain error reaches the client", () => {
  it("forbidden (lead-service): 403 with the message in the caller's language", async () => {
    const lead = await createLead(db(), { name: "Lead de Outro", assignedTo: otherRep.user.id });
    const response = await request(`/api/leads/${lead.id}?lang=en`, json("PATCH", { status: "won" }, bearer(rep.session.access_token)));
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: "forbidden", message: "You do not have permission for this action." });
  });

  it("not found (task-service): 404 to the API; the /tasks loader shows no linked task instead of failing", async () => {
    const missing = crypto.randomUUID();
    const response = await request(`/api/tasks/${missing}`, { headers: { ...bearer(rep.session.access_token), "Accept-Language": "es" } });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: "not_found", message: "El recurso solicitado no existe." });

    const page = await callRoute(tasksLoader, `/tasks?task=${missing}`, { headers: { Cookie: sessionCookie(rep.session) } });
    expect(page.linked).toEqual({ id: missing, task: null });

    const task = await createTask(db(), { title: "Ligar para a Ana", assignedTo: rep.user.id, createdBy: rep.user.id });
    const linked = await callRoute(tasksLoader, `/tasks?task=${task.id}`, { headers: { Cookie: sessionCookie(rep.session) } });
    expect(linked.linked?.task?.id).toBe(task.id);
  });

  it("not found (chat-service): a private channel the viewer is not in opens nothing on /chat", async () => {
    const secret = await createChannel(db(), { name: "diretoria-secreta", isPrivate: true, createdBy: manager.user.id }, [manager.user.id]);
    const api = await request(`/api/chat/channels/${secret.id}/messages?lang=pt`, { headers: bearer(rep.session.access_token) });
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ error: "not_found", message: "O recurso solicitado não existe." });

    const page = await callRoute(chatLoader, `/chat?channel=${secret.id}`, { headers: { Cookie: sessionCookie(rep.session) } });
    expect(page).toMatchObject({ missing: true, openId: null, page: null });
  });
});

describe("the /auth form's errors", () => {
  it("read like the API's: the auth error's status, its message in the reader's language and Retry-After", async () => {
    const { user } = await signedInUser();
    const signIn = () => {
      const form = new FormData();
      form.set("intent", "sign-in");
      form.set("email", user.email);
      form.set("password", "nao-e-a-senha-1");
      return callRoute(authAction, "/auth", {
        method: "POST",
        body: form,
        headers: { "CF-Connecting-IP": "198.51.100.77", Cookie: "language=en" },
      });
    };
    type Answer = { data: { ok: false; message: string }; init: ResponseInit };

    const wrong = (await signIn()) as unknown as Answer;
    expect(wrong.init.status).toBe(400);
    expect(wrong.data.message).toBe("Invalid login credentials");
    for (let i = 0; i < 4; i++) await signIn();

    const limited = (await signIn()) as unknown as Answer;
    expect(limited.init.status).toBe(429);
    const retryAfter = Number(new Headers(limited.init.headers).get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(limited.data.message).toBe(`Too many attempts. Try again in ${Math.ceil(retryAfter / 60)} minutes.`);
  });
});
