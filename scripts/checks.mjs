// `npm run checks`: the static checks of `npm test` (typecheck, lint, format:check, lint:deps)
// side by side, as many at once as the machine has cores. Each check's output is printed as
// one block when it ends; the run fails when any check fails, after all have ended.
// `node scripts/checks.mjs <script>…` runs those npm scripts instead, the first one first:
// `npm test` runs the unit/API suite beside the checks, which fill the time its workers wait
// on workerd (on two cores: about 150 s for both instead of 80 s and then 82 s), and the
// page-weight budgets (a production build, which keeps about one core busy) among them rather
// than after them, where the other core had nothing to do.
import { spawn } from "node:child_process";
import { availableParallelism } from "node:os";

const CHECKS = process.argv.length > 2 ? process.argv.slice(2) : ["typecheck", "lint", "format:check", "lint:deps"];

function runCheck(name) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", "--silent", name], { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("error", (error) => resolve({ name, code: 1, output: `${output}${error.message}\n`, seconds: 0 }));
    child.on("close", (code) => resolve({ name, code: code ?? 1, output, seconds: Math.round((Date.now() - started) / 1000) }));
  });
}

const queue = [...CHECKS];
const results = [];
await Promise.all(
  Array.from({ length: Math.max(1, Math.min(availableParallelism(), CHECKS.length)) }, async () => {
    for (let name = queue.shift(); name; name = queue.shift()) {
      const result = await runCheck(name);
      results.push(result);
      console.log(`=== ${name}: ${result.code === 0 ? "ok" : `FAILED (exit ${result.code})`} in ${result.seconds} s`);
      if (result.output.trim()) console.log(result.output.trimEnd());
    }
  }),
);
const failed = results.filter((result) => result.code !== 0).map((result) => result.name);
if (failed.length) {
  console.error(`checks failed: ${failed.join(", ")}`);
  process.exit(1);
}
