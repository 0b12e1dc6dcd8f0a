import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createUser, DEFAULT_PASSWORD } from "../factories/index.ts";
import { db, json, request } from "../helpers.ts";

// Every limit holds under a parallel burst: the attempt is reserved and the count tested in
// one statement, so 30 simultaneous requests can never all be "under the limit".

const burst = <T>(n: number, make: (i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, i) => make(i)));
const statuses = (responses: Response[]) => responses.map((r) => r.status);
const count = (list: number[], status: number) => list.filter((s) => s === status).length;

const signInAttempt = (email: string, password: string, ip: string, extra: Record<string, string> = {}) =>
  request("/api/auth/token?grant_type=password", json("POST", { email, password }, { "CF-Connecting-IP": ip, ...extra }));

describe("sign-in throttle under a burst", () => {
  it("30 parallel wrong passwords for one e-mail: at most 5 are evaluated, the rest get 429 with Retry-After", async () => {
    const user = await createUser(db());
    const responses = await burst(30, () => signInAttempt(user.email, "wrong-password", "203.0.113.20"));
    const list = statuses(responses);
    expect(count(list, 400)).toBeLessThanOrEqual(5);
    expect(count(list, 400) + count(list, 429)).toBe(30);
    expect(count(list, 429)).toBeGreaterThanOrEqual(25);
    for (const response of responses.filter((r) => r.status === 429)) {
      expect(Number(response.headers.get("Retry-After"))).toBeGreaterThan(0);
      expect(await response.json()).toMatchObject({ error_code: "over_request_rate_limit" });
    }
  });

  it("the right password hidden in a burst after the limit is refused: 429 and no session", async () => {
    const user = await createUser(db());
    const ip = "203.0.113.21";
    // Five wrong guesses use up the window…
    const first = await burst(5, () => signInAttempt(user.email, "wrong-password", ip));
    expect(statuses(first)).toEqual([400, 400, 400, 400, 400]);
    // …then a burst with the right password among wrong ones.
    const responses = await burst(20, (i) => signInAttempt(user.email, i === 10 ? DEFAULT_PASSWORD : "wrong-password", ip));
    expect(statuses(responses).every((s) => s === 429)).toBe(true);
    const sessions = await env.DB.prepare("select count(*) as n from auth_sessions where user_id = ?").bind(user.id).first<{ n: number }>();
    expect(sessions?.n).toBe(0);
  });

  it("a failed sign-in stays counted; a successful one clears the e-mail's failures", async () => {
    const user = await createUser(db());
    const ip = "203.0.113.22";
    await burst(4, () => signInAttempt(user.email, "wrong-password", ip));
    expect((await signInAttempt(user.email, DEFAULT_PASSWORD, ip)).status).toBe(200);
    const after = statuses(await burst(8, () => signInAttempt(user.email, "wrong-password", ip)));
    expect(count(after, 400)).toBe(5);
    expect(count(after, 429)).toBe(3);
  });

  it("X-Forwarded-For is not trusted: changing it does not escape the limit", async () => {
    const user = await createUser(db());
    const responses = await burst(12, (i) =>
      signInAttempt(user.email, "wrong-password", "203.0.113.23", { "X-Forwarded-For": `10.0.0.${i}` }),
    );
    expect(count(statuses(responses), 400)).toBe(5);
    // Without CF-Connecting-IP every such client shares one bucket, whatever X-Forwarded-For says.
    const spoofed = await burst(12, (i) =>
      request(
        "/api/auth/token?grant_type=password",
        json("POST", { email: user.email, password: "x-wrong" }, { "X-Forwarded-For": `10.1.0.${i}` }),
      ),
    );
    expect(count(statuses(spoofed), 400)).toBe(5);
  });
});

describe("recovery throttle under a burst", () => {
  it("30 parallel requests for one e-mail: 5 answered, 25 refused with 429, at most 5 e-mails", async () => {
    const user = await createUser(db());
    const responses = await burst(30, () =>
      request("/api/auth/recover", json("POST", { email: user.email }, { "CF-Connecting-IP": "203.0.113.30" })),
    );
    const list = statuses(responses);
    expect(count(list, 200)).toBe(5);
    expect(count(list, 429)).toBe(25);
    for (const response of responses.filter((r) => r.status === 429)) expect(response.headers.get("Retry-After")).toBeTruthy();
  });
});

describe("contact throttle under a burst", () => {
  it("30 parallel messages from one IP: 5 stored, 25 refused with 429", async () => {
    const responses = await burst(30, (i) =>
      request(
        "/api/contact",
        json(
          "POST",
          { name: "Rajada", email: `rajada${i}@example.com`, message: "Mensagem de teste com tamanho suficiente." },
          { "CF-Connecting-IP": "203.0.113.40" },
        ),
      ),
    );
    const list = statuses(responses);
    expect(count(list, 201)).toBe(5);
    expect(count(list, 429)).toBe(25);
    const stored = await env.DB.prepare("select count(*) as n from contact_messages where email like 'rajada%'").first<{ n: number }>();
    expect(stored?.n).toBe(5);
  });
});

describe("newsletter throttle", () => {
  it("one IP gets 10 sign-ups an hour; a parallel burst of 30 stores 10 and the rest get a translated 429", async () => {
    const responses = await burst(30, (i) =>
      request("/api/newsletter?lang=en", json("POST", { email: `leitor${i}@example.com` }, { "CF-Connecting-IP": "203.0.113.50" })),
    );
    const list = statuses(responses);
    expect(count(list, 201)).toBe(10);
    expect(count(list, 429)).toBe(20);
    const limited = responses.find((r) => r.status === 429)!;
    expect(limited.headers.get("Retry-After")).toBeTruthy();
    expect(await limited.json()).toEqual({
      error: "rate_limited",
      message: "Too many sign-ups from this network. Please try again later.",
    });
    const stored = await env.DB.prepare("select count(*) as n from newsletter_subscribers where email like 'leitor%'").first<{
      n: number;
    }>();
    expect(stored?.n).toBe(10);
    // Another network is not affected.
    expect(
      (await request("/api/newsletter", json("POST", { email: "outra@example.com" }, { "CF-Connecting-IP": "203.0.113.51" }))).status,
    ).toBe(201);
  });
});
