// Every `issues[].message` of a validation_failed answer is a translated dictionary text
// (issue 24 review): a JSON array, number, null or string where a route expects an object
// used to come back as zod's English ("Invalid input: expected object, received array")
// inside an otherwise pt/es answer. Routes validated by validate() and by
// validateWithMessageKeys(), in pt, es and en (Accept-Language, cookie, ?lang).
import { describe, expect, it } from "vitest";
import { bearer, json, request, signedInUser } from "../helpers.ts";

type ErrorBody = { error: string; message: string; issues: { path: string; message: string }[] };

const EXPECTED_OBJECT = {
  pt: "O corpo da requisição deve ser um objeto JSON.",
  es: "El cuerpo de la solicitud debe ser un objeto JSON.",
  en: "The request body must be a JSON object.",
} as const;
const FIELDS_INVALID = { pt: /^Alguns campos são inválidos/, es: /^Algunos campos/, en: /^Some fields/ } as const;
/** How each language is asked for: the three ways an API caller's language is chosen. */
const ASK = {
  pt: {},
  es: { Cookie: "language=es" },
  en: { "Accept-Language": "en-US,en;q=0.9" },
} as const;
const ZOD_ENGLISH = /Invalid input|expected|received|Too (big|small)|Unrecognized|apiErrors\./;

describe("validation issues are always translated", () => {
  it("non-object JSON bodies (array, number, null, string) on routes of both validators: 400 with 'must be a JSON object' in pt/es/en", async () => {
    const me = await signedInUser("admin");
    const auth = bearer(me.session.access_token);
    const routes = [
      ["PATCH", "/api/leads/some-lead/activities/some-activity"], // validateWithMessageKeys
      ["POST", "/api/leads"], // validateWithMessageKeys
      ["POST", "/api/tasks"], // validate
      ["PATCH", "/api/users/me"], // validateWithMessageKeys
    ] as const;
    for (const [method, path] of routes) {
      for (const body of [[], [{ title: "x" }], 42, null, "text", true]) {
        for (const language of ["pt", "es", "en"] as const) {
          const what = `${method} ${path} ${JSON.stringify(body)} ${language}`;
          const response = await request(path, json(method, body, { ...auth, ...ASK[language] }));
          expect(response.status, what).toBe(400);
          const answer = (await response.json()) as ErrorBody;
          expect(answer.error, what).toBe("validation_failed");
          expect(answer.message, what).toMatch(FIELDS_INVALID[language]);
          expect(answer.issues, what).toEqual([{ path: "(body)", message: EXPECTED_OBJECT[language] }]);
        }
      }
    }
  });

  it("a schema that names its own problem for the whole body keeps it, translated (PUT /api/settings/notifications: 'Valor inválido.')", async () => {
    const me = await signedInUser();
    const auth = bearer(me.session.access_token);
    const invalidValue = { pt: "Valor inválido.", es: "Valor no válido.", en: "Invalid value." } as const;
    for (const body of [[], 42, null, "text"]) {
      for (const language of ["pt", "es", "en"] as const) {
        const response = await request("/api/settings/notifications", json("PUT", body, { ...auth, ...ASK[language] }));
        expect(response.status).toBe(400);
        expect(((await response.json()) as ErrorBody).issues).toEqual([{ path: "(body)", message: invalidValue[language] }]);
      }
    }
  });

  it("?lang= picks the language too, over the cookie", async () => {
    const me = await signedInUser();
    const response = await request(
      "/api/tasks?lang=es",
      json("POST", [1, 2, 3], { ...bearer(me.session.access_token), Cookie: "language=en" }),
    );
    expect(response.status).toBe(400);
    const answer = (await response.json()) as ErrorBody;
    expect(answer.issues).toEqual([{ path: "(body)", message: EXPECTED_OBJECT.es }]);
  });

  it("field issues zod words itself (wrong types, unknown values) are translated too, never zod's English", async () => {
    const me = await signedInUser("admin");
    const auth = bearer(me.session.access_token);
    for (const language of ["pt", "es", "en"] as const) {
      for (const [method, path, body] of [
        ["POST", "/api/tasks", { title: 5, due_date: [], priority: "whenever", lead_id: {} }],
        ["PUT", "/api/settings/notifications", { email_notifications: "yes", weekly_reports: 1 }],
        ["PATCH", "/api/leads/some-lead/activities/some-activity", { scheduled_at: 12, extra: true }],
      ] as const) {
        const what = `${method} ${path} ${language}`;
        const response = await request(path, json(method, body, { ...auth, ...ASK[language] }));
        expect(response.status, what).toBe(400);
        const answer = (await response.json()) as ErrorBody;
        expect(answer.issues.length, what).toBeGreaterThan(0);
        for (const issue of answer.issues) {
          expect(issue.message, `${what} ${issue.path}`).not.toMatch(ZOD_ENGLISH);
          expect(issue.message.length, `${what} ${issue.path}`).toBeGreaterThan(3);
        }
      }
    }
  });
});
