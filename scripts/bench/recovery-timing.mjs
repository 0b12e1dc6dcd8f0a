// `npm run bench:recovery`: does POST /api/auth/recover answer an existing account and an
// unknown address in the same time? Against a running server (BASE_URL, default
// http://127.0.0.1:8787, e.g. `npm start`), sends RUNS (default 50) requests for an existing
// account and as many for unknown addresses, interleaved and one at a time, and prints
// mean / p50 / p95 per group and the difference. Every request names its own client
// (CF-Connecting-IP 198.18.x.y) and every unknown address differs, so the recovery limit
// (5 per e-mail + IP per 15 minutes) never answers instead of the code being measured.
// Each request for the existing account queues a recovery e-mail in the local outbox.
const baseUrl = (process.env.BASE_URL ?? "http://127.0.0.1:8787").replace(/\/+$/, "");
const runs = Number(process.env.RUNS ?? 50);
const known = process.env.KNOWN_EMAIL ?? "admin@demo.test";
const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

let ipCounter = Math.floor(Math.random() * 200) * 256;
const nextIp = () => {
  ipCounter = (ipCounter + 1) % (250 * 250);
  return `198.18.${Math.floor(ipCounter / 250) + 1}.${(ipCounter % 250) + 1}`;
};

async function recover(email) {
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/auth/recover`, {
    method: "POST",
    headers: { "content-type": "application/json", "cf-connecting-ip": nextIp() },
    body: JSON.stringify({ email }),
  });
  await response.arrayBuffer();
  const ms = performance.now() - started;
  if (response.status !== 200) throw new Error(`POST /api/auth/recover for ${email} answered ${response.status}`);
  return ms;
}

function stats(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  return { mean: samples.reduce((a, b) => a + b, 0) / samples.length, p50: at(0.5), p95: at(0.95) };
}

const health = await fetch(`${baseUrl}/api/health`).catch((error) => {
  throw new Error(`no server at ${baseUrl} (${error.cause?.code ?? error.message}); start one with \`npm start\``);
});
if (!health.ok) throw new Error(`${baseUrl}/api/health answered ${health.status}`);

// A few unmeasured requests first: the first requests pay for compilation and cold caches.
for (let i = 0; i < 3; i++) {
  await recover(known);
  await recover(`warmup-${i}-${tag}@unknown.test`);
}

const existing = [];
const unknown = [];
for (let i = 0; i < runs; i++) {
  // Alternate which group goes first so neither always follows the other.
  if (i % 2 === 0) {
    existing.push(await recover(known));
    unknown.push(await recover(`nobody-${i}-${tag}@unknown.test`));
  } else {
    unknown.push(await recover(`nobody-${i}-${tag}@unknown.test`));
    existing.push(await recover(known));
  }
}

const a = stats(existing);
const b = stats(unknown);
const f = (n) => n.toFixed(2).padStart(8);
console.log(`POST /api/auth/recover at ${baseUrl}, ${runs} sequential requests per group (interleaved)`);
console.log(`${"group".padEnd(32)}    mean      p50      p95  (ms)`);
console.log(`${`existing (${known})`.padEnd(32)}${f(a.mean)} ${f(a.p50)} ${f(a.p95)}`);
console.log(`${"unknown addresses".padEnd(32)}${f(b.mean)} ${f(b.p50)} ${f(b.p95)}`);
console.log(`${"difference (existing − unknown)".padEnd(32)}${f(a.mean - b.mean)} ${f(a.p50 - b.p50)} ${f(a.p95 - b.p95)}`);
