// Lets a Node script import Worker code that uses the `~/` alias of tsconfig and Vite
// (`~/i18n` → app/i18n/index.ts): `register("./app-alias.mjs", import.meta.url)` from
// node:module, then import that code dynamically. Only what Node's type stripping can run
// (no JSX) can be imported this way; the benchmark uses it to call the services.
import { statSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";

const appRoot = fileURLToPath(new URL("../../app/", import.meta.url));

export async function resolve(specifier, context, nextResolve) {
  if (specifier.startsWith("~/")) {
    const base = appRoot + specifier.slice(2);
    const file = [base, `${base}.ts`, `${base}/index.ts`].find((candidate) => statSync(candidate, { throwIfNoEntry: false })?.isFile());
    if (file) return nextResolve(pathToFileURL(file).href, context);
  }
  return nextResolve(specifier, context);
}
