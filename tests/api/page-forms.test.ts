// The pages' forms (React Router actions) against bodies that are not a form (issue 24
// review): every action path answers a translated 4xx before React Router runs — 415 for a
// JSON body or none declared, 400 for a multipart body that cannot be read, 413 for a huge
// one — and a real form still reaches the page (the workers pool's stand-in renderer: 404).
import { describe, expect, it } from "vitest";
import { ORIGIN, request } from "../helpers.ts";

/** Every page with an action (grep -rn "function action" app/routes), with and without a language prefix. */
const ACTION_PATHS = ["/unsubscribe?token=abc", "/auth", "/auth/logout", "/contact", "/es/contact", "/blog", "/en/blog"];

const TEXT = {
  415: {
    pt: "Este endereço só aceita um formulário (application/x-www-form-urlencoded ou multipart/form-data).",
    es: "Esta dirección solo acepta un formulario (application/x-www-form-urlencoded o multipart/form-data).",
    en: "This address only accepts a form (application/x-www-form-urlencoded or multipart/form-data).",
  },
  400: {
    pt: "Não foi possível ler o formulário enviado. Recarregue a página e tente de novo.",
    es: "No se pudo leer el formulario enviado. Recarga la página e inténtalo de nuevo.",
    en: "The form sent could not be read. Reload the page and try again.",
  },
  413: {
    pt: "O conteúdo enviado é grande demais.",
    es: "El contenido enviado es demasiado grande.",
    en: "The uploaded content is too large.",
  },
} as const;

type Language = "pt" | "es" | "en";
/** The language the page at `path` speaks for a reader without a saved choice. */
const languageOf = (path: string): Language => (path.startsWith("/es/") ? "es" : path.startsWith("/en/") ? "en" : "pt");

const post = (path: string, body: BodyInit | null, headers: Record<string, string> = {}) =>
  request(path, { method: "POST", headers: { Origin: ORIGIN, ...headers }, body });

async function expectRefused(response: Response, status: 400 | 413 | 415, language: Language, what: string) {
  expect(response.status, what).toBe(status);
  expect(response.headers.get("Content-Type"), what).toBe("text/plain; charset=utf-8");
  const text = await response.text();
  expect(text, what).toBe(TEXT[status][language]);
  expect(text, what).not.toMatch(/TypeError|FormData|at \w+ \(/);
}

describe("page actions refuse bodies that are not a form", () => {
  for (const path of ACTION_PATHS) {
    const language = languageOf(path);

    it(`${path}: a JSON body is a 415 in the page's language`, async () => {
      await expectRefused(
        await post(path, JSON.stringify({ token: 1 }), { "Content-Type": "application/json" }),
        415,
        language,
        `${path} json`,
      );
    });

    it(`${path}: a multipart body that does not parse is a 400; one without a boundary too`, async () => {
      await expectRefused(
        await post(path, "garbage", { "Content-Type": "multipart/form-data; boundary=zzz" }),
        400,
        language,
        `${path} multipart`,
      );
      await expectRefused(await post(path, "a=1", { "Content-Type": "multipart/form-data" }), 400, language, `${path} no boundary`);
    });

    it(`${path}: no Content-Type (with a body, and with none) is a 415`, async () => {
      // A string body makes fetch add text/plain: a stream has no type of its own.
      const body = new Blob(["token=abc"]).stream();
      await expectRefused(await post(path, body), 415, language, `${path} no type`);
      await expectRefused(await post(path, null), 415, language, `${path} no body`);
      await expectRefused(await post(path, "token=abc", { "Content-Type": "text/plain" }), 415, language, `${path} text/plain`);
    });

    it(`${path}: a huge form (2 MB) is a 413 read by nobody`, async () => {
      const huge = `token=${"a".repeat(2 * 1024 * 1024)}`;
      await expectRefused(await post(path, huge, { "Content-Type": "application/x-www-form-urlencoded" }), 413, language, `${path} huge`);
    });

    it(`${path}: a real form (urlencoded, multipart, empty) still reaches the page`, async () => {
      const multipart = new FormData();
      multipart.set("token", "abc");
      for (const [body, headers] of [
        ["token=abc&intent=sign-in", { "Content-Type": "application/x-www-form-urlencoded;charset=UTF-8" }],
        [multipart, {}],
        ["", { "Content-Type": "application/x-www-form-urlencoded" }],
      ] as const) {
        const response = await post(path, body, headers);
        // The workers pool renders no React Router: its stand-in answers every page with this 404.
        expect(response.status, path).toBe(404);
        expect(await response.text()).toBe("SSR is not part of the workers-pool tests");
      }
    });
  }

  it("the message follows the reader's saved language (cookie), then Accept-Language, where the URL has no prefix", async () => {
    const json = { "Content-Type": "application/json" };
    await expectRefused(await post("/unsubscribe?token=abc", "{}", { ...json, Cookie: "language=es" }), 415, "es", "cookie es");
    await expectRefused(await post("/auth", "{}", { ...json, "Accept-Language": "en-US,en;q=0.9" }), 415, "en", "accept en");
    await expectRefused(
      await post("/contact", "garbage", { "Content-Type": "multipart/form-data; boundary=zzz", Cookie: "language=en" }),
      400,
      "en",
      "cookie en",
    );
    // The URL's prefix wins over the cookie: the page itself is Spanish.
    await expectRefused(await post("/es/contact", "{}", { ...json, Cookie: "language=en" }), 415, "es", "prefix es");
  });

  it("reads (GET, HEAD) are never refused, whatever their headers say", async () => {
    for (const method of ["GET", "HEAD"]) {
      const response = await request("/contact", { method, headers: { "Content-Type": "application/json" } });
      expect(response.status, method).toBe(404);
      await response.body?.cancel();
    }
  });

  it("the API keeps its own JSON errors (the guard is for pages only)", async () => {
    const response = await post("/api/contact", "garbage", { "Content-Type": "multipart/form-data; boundary=zzz" });
    expect(response.status).toBeLessThan(500);
    expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
    await response.body?.cancel();
  });
});
