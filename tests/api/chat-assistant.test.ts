import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CHAT_LIMITS, type ChatAssistantRequest, type ChatAssistantResponse } from "~/modules/chat/chat-types";
import { json, ORIGIN, request } from "../helpers.ts";

// POST /api/chat-assistant through the Worker's real fetch handler, with the embedded
// assistant (no AI binding in tests). Each test posts from its own IP so the per-IP limit of
// one test never bleeds into another.

// The assistant can be made to fail (or answer nothing) for the 503 tests; otherwise it is
// the real one, and the options the route passes are recorded. The mock reaches the modules
// this file imports (the API app, called directly by `direct` below), not the Worker that
// `request` goes through, which always runs the real assistant.
const fault = vi.hoisted(() => ({ mode: null as null | "throw" | "empty", signals: [] as unknown[] }));
vi.mock("../../worker/services/chat-assistant/index.ts", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../../worker/services/chat-assistant/index.ts")>();
  return {
    ...actual,
    chatAssistantFor: (environment: Env) => {
      const real = actual.chatAssistantFor(environment);
      return {
        reply: async (body: ChatAssistantRequest, options?: { signal?: AbortSignal }) => {
          fault.signals.push(options?.signal);
          if (fault.mode === "throw") throw new Error("model unavailable (test)");
          const reply = await real.reply(body, options);
          return fault.mode === "empty" ? { ...reply, response: "  " } : reply;
        },
      };
    },
  };
});

type ErrorBody = { error: string; message: string; issues?: { path: string; message: string }[] };

const chat = (body: unknown, { ip, query = "", headers = {} }: { ip: string; query?: string; headers?: Record<string, string> }) =>
  request(`/api/chat-assistant${query}`, json("POST", body, { "CF-Connecting-IP": ip, ...headers }));

/**
 * The same API app (middleware, routes, error handler), imported afresh so the mock applies
 * (the Worker's copy was loaded before this file's mocks were registered).
 */
let freshApi: Promise<typeof import("../../worker/api/index.ts")> | undefined;
async function direct(body: unknown, ip: string) {
  freshApi ??= (vi.resetModules(), import("../../worker/api/index.ts"));
  const { api } = await freshApi;
  const ctx = createExecutionContext();
  const response = await api.fetch(
    new Request(new URL("/api/chat-assistant", ORIGIN), json("POST", body, { "CF-Connecting-IP": ip })),
    env,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return response;
}

const ask = (
  message: string,
  language: ChatAssistantRequest["language"],
  rest: Partial<ChatAssistantRequest> = {},
): ChatAssistantRequest => ({
  message,
  language,
  conversation: [],
  userInfo: {},
  ...rest,
});

const answer = async (response: Response) => {
  expect(response.status).toBe(200);
  return response.json<ChatAssistantResponse>();
};

const burst = <T>(n: number, make: (i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, i) => make(i)));

afterEach(() => {
  fault.mode = null;
  vi.restoreAllMocks();
});

describe("POST /api/chat-assistant: answers", () => {
  it("answers in the visitor's language, linking the page in that language, with exactly response, userInfo and shouldCreateLead", async () => {
    const cases = [
      { language: "pt", message: "Quanto custa desenvolver um aplicativo?", words: /\b(projeto|investimento|semanas|você)\b/i },
      { language: "es", message: "¿Cuánto cuesta desarrollar una aplicación?", words: /\b(proyecto|inversión|semanas|puedes|tu)\b/i },
      { language: "en", message: "How much does it cost to build an app?", words: /\b(project|investment|weeks|you)\b/i },
    ] as const;
    for (const { language, message, words } of cases) {
      const response = await chat(ask(message, language), { ip: "203.0.113.1" });
      expect(response.headers.get("Set-Cookie")).toBeNull();
      const body = await answer(response);
      expect(Object.keys(body).sort()).toEqual(["response", "shouldCreateLead", "userInfo"]);
      expect(body.response.trim().length).toBeGreaterThan(20);
      expect(body.response).toMatch(words);
      expect(body.response).toContain(`/${language}/planner`);
      for (const other of ["pt", "es", "en"].filter((l) => l !== language)) expect(body.response).not.toContain(`/${other}/`);
      expect(body.shouldCreateLead).toBe(false);
      expect(body.userInfo.email ?? null).toBeNull();
      expect(body.userInfo.needsIdentified).toContain("pricing");
    }
    // The route passes the request's abort signal on (a visitor who leaves stops a model call).
    fault.signals.length = 0;
    expect((await direct(ask("hello", "en"), "203.0.113.4")).status).toBe(200);
    expect(fault.signals).toHaveLength(1);
    expect(fault.signals[0]).toBeInstanceOf(AbortSignal);
  });

  it("extracts the contact details into userInfo and asks for a lead once there is an e-mail and a need", async () => {
    const first = await answer(
      await chat(ask("Oi! Preciso de um app de delivery para o meu restaurante, quanto custa?", "pt"), { ip: "203.0.113.2" }),
    );
    expect(first.shouldCreateLead).toBe(false);
    expect(first.userInfo.needsIdentified?.length).toBeGreaterThan(0);

    const conversation = [
      { content: "Oi! Preciso de um app de delivery para o meu restaurante, quanto custa?", isBot: false },
      { content: first.response, isBot: true },
    ];
    const second = await answer(
      await chat(
        ask("Sou a Mariana Costa, meu e-mail é Mariana.Costa@Sabor.com.br e o telefone (11) 98765-4321", "pt", {
          conversation,
          userInfo: first.userInfo,
        }),
        {
          ip: "203.0.113.2",
        },
      ),
    );
    expect(second.userInfo.email).toBe("mariana.costa@sabor.com.br");
    expect(second.userInfo.phone?.replace(/\D/g, "")).toMatch(/11987654321$/);
    expect(second.userInfo.name).toBe("Mariana Costa");
    expect(second.userInfo.needsIdentified).toEqual(expect.arrayContaining(first.userInfo.needsIdentified!));
    expect(second.shouldCreateLead).toBe(true);
    expect(second.response).toContain("24");

    // English: an e-mail alone is not enough, a need alone neither; both are.
    const emailOnly = await answer(await chat(ask("my email is sam@northwind.io", "en"), { ip: "203.0.113.2" }));
    expect(emailOnly.userInfo.email).toBe("sam@northwind.io");
    expect(emailOnly.shouldCreateLead).toBe(false);
    const both = await answer(
      await chat(ask("We need an online store, what would that cost?", "en", { userInfo: emailOnly.userInfo }), { ip: "203.0.113.2" }),
    );
    expect(both.userInfo.email).toBe("sam@northwind.io");
    expect(both.shouldCreateLead).toBe(true);

    // Spanish, from the history alone (a widget that kept no userInfo).
    const history = await answer(
      await chat(
        ask("¿y cuánto tardan?", "es", {
          conversation: [
            { content: "Necesito una tienda online, mi correo es lucia@tienda.es", isBot: false },
            { content: "¡Gracias!", isBot: true },
          ],
        }),
        { ip: "203.0.113.2" },
      ),
    );
    expect(history.userInfo.email).toBe("lucia@tienda.es");
    expect(history.response).toContain("/es/");
  });

  it("needs no session and sets no cookie", async () => {
    const response = await chat(ask("hello", "en"), { ip: "203.0.113.3" });
    expect(response.status).toBe(200);
    expect(response.headers.get("Set-Cookie")).toBeNull();
    expect((await request("/api/leads")).status).toBe(401);
  });
});

describe("POST /api/chat-assistant: refusals", () => {
  it("answers bad input with 400 validation_failed in the body's language (else the request's)", async () => {
    const ip = "203.0.113.10";
    const issuesOf = async (body: unknown, query = "") => {
      const response = await chat(body, { ip, query });
      expect(response.status).toBe(400);
      const payload = await response.json<ErrorBody>();
      expect(payload.error).toBe("validation_failed");
      return payload.issues;
    };
    const valid = ask("Olá", "pt");

    expect(await issuesOf({ ...valid, message: undefined })).toEqual([{ path: "message", message: "Campo obrigatório." }]);
    expect(await issuesOf({ ...valid, message: " \n\t  ", language: "es" })).toEqual([{ path: "message", message: "Campo obligatorio." }]);
    expect(await issuesOf({ ...valid, message: "a".repeat(CHAT_LIMITS.messageLength + 1), language: "en" })).toEqual([
      { path: "message", message: "Text too long." },
    ]);
    expect(await issuesOf({ ...valid, message: 42 })).toEqual([{ path: "message", message: "Valor inválido." }]);
    expect(await issuesOf({ ...valid, message: "oi\u0000tudo bem" })).toEqual([
      { path: "message", message: "O texto contém caracteres de controle não permitidos." },
    ]);
    expect(await issuesOf({ ...valid, message: "oi\u001b[31m" })).toEqual([
      { path: "message", message: "O texto contém caracteres de controle não permitidos." },
    ]);
    // An unknown language: the answer follows the request (?lang=en), else pt.
    expect(await issuesOf({ ...valid, language: "fr" }, "?lang=en")).toEqual([{ path: "language", message: "Invalid value." }]);
    expect(await issuesOf({ ...valid, language: undefined })).toEqual([{ path: "language", message: "Campo obrigatório." }]);
    expect(
      await issuesOf({
        ...valid,
        conversation: Array.from({ length: CHAT_LIMITS.conversationTurns + 1 }, (_, i) => ({ content: `turno ${i}`, isBot: i % 2 === 0 })),
      }),
    ).toEqual([{ path: "conversation", message: "Itens demais." }]);
    expect(await issuesOf({ ...valid, conversation: [{ content: "x".repeat(CHAT_LIMITS.turnLength + 1), isBot: true }] })).toEqual([
      { path: "conversation.0.content", message: "Texto longo demais." },
    ]);
    expect(await issuesOf({ ...valid, conversation: [{ content: "oi", isBot: "no" }] })).toEqual([
      { path: "conversation.0.isBot", message: "Valor inválido." },
    ]);
    expect(await issuesOf({ ...valid, conversation: [{ content: "\u0007", isBot: false }] })).toEqual([
      { path: "conversation.0.content", message: "O texto contém caracteres de controle não permitidos." },
    ]);
    expect(await issuesOf({ ...valid, conversation: "oi" })).toEqual([{ path: "conversation", message: "Valor inválido." }]);
    expect(await issuesOf({ ...valid, userInfo: "ana" })).toEqual([{ path: "userInfo", message: "Valor inválido." }]);
    expect(await issuesOf({ ...valid, userInfo: { email: "a".repeat(255) } })).toEqual([
      { path: "userInfo.email", message: "Texto longo demais." },
    ]);
    expect(await issuesOf({ ...valid, userInfo: { name: "Ana\nBcc: x" } })).toEqual([
      { path: "userInfo.name", message: "O texto contém caracteres de controle não permitidos." },
    ]);
    expect(await issuesOf({ ...valid, userInfo: { needsIdentified: Array.from({ length: 21 }, (_, i) => `need${i}`) } })).toEqual([
      { path: "userInfo.needsIdentified", message: "Itens demais." },
    ]);
    expect(await issuesOf({ ...valid, pageContext: { trackRecord: "x".repeat(501) } })).toEqual([
      { path: "pageContext.trackRecord", message: "Texto longo demais." },
    ]);
    expect(await issuesOf({ ...valid, pageContext: { services: "apps" } })).toEqual([
      { path: "pageContext.services", message: "Valor inválido." },
    ]);
    expect(await issuesOf(["Olá"])).toEqual([{ path: "(body)", message: "Valor inválido." }]);

    const malformed = await request("/api/chat-assistant", {
      method: "POST",
      headers: { "Content-Type": "application/json", "CF-Connecting-IP": ip },
      body: '{"message": "oi',
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.json<ErrorBody>()).toMatchObject({ error: "invalid_json" });

    const huge = await chat({ ...valid, pageContext: { valueProposition: "x".repeat(1024 * 1024) } }, { ip });
    expect(huge.status).toBe(413);
    expect(await huge.json<ErrorBody>()).toMatchObject({ error: "payload_too_large" });
  });

  it("accepts what a widget sends: CRLF line breaks, tabs, surrounding spaces, no history and no userInfo yet, unknown fields", async () => {
    const body = await answer(await chat({ message: "  Olá,\r\n\tquero um site  ", language: "pt", extra: true }, { ip: "203.0.113.11" }));
    expect(body.response.length).toBeGreaterThan(0);
    const withContext = await chat(
      ask("What do you do?", "en", {
        userInfo: { name: null, email: null, phone: null, company: null, needsIdentified: [] },
        pageContext: {
          company: "Velox Labs",
          services: ["Web apps"],
          specialties: ["SaaS"],
          trackRecord: "500+ projects",
          valueProposition: "90 days",
        },
      }),
      { ip: "203.0.113.11" },
    );
    expect(withContext.status).toBe(200);
  });

  it("a parallel burst from one IP: exactly 30 messages are answered, the rest get 429 with Retry-After in the visitor's language", async () => {
    const responses = await burst(36, (i) => chat(ask(`Olá, mensagem ${i}`, "es"), { ip: "203.0.113.12" }));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(30);
    expect(statuses.filter((s) => s === 429)).toHaveLength(6);
    for (const limited of responses.filter((r) => r.status === 429)) {
      const retryAfter = Number(limited.headers.get("Retry-After"));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(600);
      const body = await limited.json<ErrorBody>();
      expect(body.error).toBe("rate_limited");
      expect(body.message).toMatch(/^Enviaste muchos mensajes en poco tiempo\. Inténtalo de nuevo en \d+ (minutos?|segundos?)\.$/);
    }
    // Invalid messages do not count, and another visitor is not affected.
    expect((await chat(ask("Olá", "pt"), { ip: "203.0.113.13" })).status).toBe(200);
    const stored = await env.DB.prepare("select count(*) as n from rate_limit_events where key = ?")
      .bind("chat-assistant:203.0.113.12")
      .first<{ n: number }>();
    expect(stored?.n).toBe(30);
  });

  it("a failing or silent assistant gives 503 assistant_unavailable with the technical-issue message, logged", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const expected = {
      pt: "Desculpe, tive um problema técnico. Pode repetir sua pergunta?",
      es: "Lo siento, tuve un problema técnico. ¿Puedes repetir tu pregunta?",
      en: "Sorry, I had a technical issue. Can you repeat your question?",
    } as const;
    for (const mode of ["throw", "empty"] as const) {
      fault.mode = mode;
      for (const language of ["pt", "es", "en"] as const) {
        const response = await direct(ask("Quanto custa?", language), "203.0.113.20");
        expect(response.status).toBe(503);
        expect(await response.json()).toEqual({ error: "assistant_unavailable", message: expected[language] });
      }
    }
    expect(logged).toHaveBeenCalledWith("chat assistant: the assistant failed", expect.any(Error));
    expect(logged).toHaveBeenCalledWith("chat assistant: the assistant answered nothing", expect.anything());
  });
});
