// `npm run bench:live [-- --clients 200] [--messages 300] [--throughput 600] [--posters 4]
//   [--backfill 500] [--persist-to DIR] [--skip-build]`: how fast and how faithfully does one
// chat room fan messages out (docs/decisions/014)?
//
// Builds the app (--skip-build reuses build/), prepares a THROWAWAY local state directory
// (migrations + demo seed in a new temporary directory, removed afterwards; never the
// developer's .wrangler/state: --persist-to DIR or PERSIST_TO=DIR keeps one of your choosing),
// serves the production build with `npm start`'s server on a free port, signs in
// once as the demo admin (one bearer token for every socket and post: sign-in is rate limited),
// creates a channel and opens --clients WebSockets (default 200) on
// /parties/chat-room/channel-<id> with the server's Origin and `Authorization: Bearer`. Then:
//   1. fan-out: --messages messages POSTed one at a time to /api/chat/channels/<id>/messages;
//      for each, the time from the POST being sent to the LAST of the clients receiving its
//      `chat.message` event (also to the first client, and to the POST's 201);
//   2. throughput: --throughput messages per row, posted by 1, --posters and 4×--posters
//      concurrent posters; messages/s accepted and delivered to every client;
//   3. reconnect backfill: one client closes its socket, --backfill messages (default 500) are
//      posted, it reconnects and pages GET …/messages?after=<last id it saw> (next_cursor,
//      ≤ 200 a page): time until it has all of them, checked exactly once and in order;
// and finally checks that every client got every message it was connected for exactly once
// (nothing lost, nothing duplicated, nothing foreign) and that closing the sockets completes
// the close handshake. Exit code 1 when anything was lost or duplicated; the fan-out target
// (p99 < 50 ms on a developer's machine) is reported, not enforced.
//
// Everything runs on this machine: the bench's clients share the CPU with workerd, so on a
// small, busy machine the figures are an upper bound of what the room itself costs.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { openLocalDb } from "../lib/local-db.mjs";
import { freePort, spawnBuiltServer, stopBuiltServer, waitForHealth } from "../lib/local-server.mjs";
import { ensureDevVars, offlineEnv, run } from "../lib/run.mjs";
import { DEMO_PASSWORD, isEmpty, seedDemoData } from "../seed/seed.ts";
import { auditDelivery, closeSocket, Fleet, fixed, formatTable, summarize } from "./live-clients.mjs";

const USAGE =
  "usage: npm run bench:live [-- --clients N] [--messages N] [--throughput N] [--posters N] [--backfill N] [--persist-to DIR] [--skip-build]";
const FANOUT_TARGET_P99_MS = 50;

function parseArgs(argv) {
  const options = {
    clients: 200,
    messages: 300,
    throughput: 600,
    posters: 4,
    backfill: 500,
    persistTo: process.env.PERSIST_TO || null,
    build: !process.env.BENCH_SKIP_BUILD,
  };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split("=", 2);
    const value = () => inline ?? argv[++i];
    const count = (name, min = 1) => {
      const n = Number(value());
      if (!Number.isInteger(n) || n < min) {
        console.error(`${name} takes a whole number ≥ ${min}\n${USAGE}`);
        process.exit(2);
      }
      return n;
    };
    if (flag === "--clients") options.clients = count("--clients", 2);
    else if (flag === "--messages") options.messages = count("--messages");
    else if (flag === "--throughput") options.throughput = count("--throughput");
    else if (flag === "--posters") options.posters = count("--posters");
    else if (flag === "--backfill") options.backfill = count("--backfill");
    else if (flag === "--persist-to") options.persistTo = value();
    else if (flag === "--skip-build") options.build = false;
    else {
      console.error(`unknown option ${argv[i]}\n${USAGE}`);
      process.exit(2);
    }
  }
  return options;
}

/**
 * CPU seconds used so far by the server's process group (node and its workerd process),
 * by process name, from /proc (Linux; empty elsewhere). USER_HZ is 100 on Linux.
 */
function serverCpuSeconds(pgid) {
  const byName = {};
  let entries;
  try {
    entries = readdirSync("/proc");
  } catch {
    return byName;
  }
  for (const pid of entries) {
    if (!/^\d+$/.test(pid)) continue;
    let stat;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    } catch {
      continue;
    }
    const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (Number(fields[2]) !== pgid) continue;
    byName[name] = (byName[name] ?? 0) + (Number(fields[11]) + Number(fields[12])) / 100;
  }
  return byName;
}
const cpuSpent = (before, after) =>
  Object.fromEntries(Object.entries(after).map(([name, seconds]) => [name, seconds - (before[name] ?? 0)]));
const totalOf = (byName) => Object.values(byName).reduce((a, b) => a + b, 0);
const clientCpuSeconds = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};

/** Migrations and the demo seed (users, channels…) in the bench's own state directory. */
async function prepareState(persistTo) {
  await run("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", persistTo], {
    env: offlineEnv,
    stdio: ["ignore", "ignore", "inherit"],
  });
  // wrangler's platform proxy repeats its start-up warnings (Durable Objects, .dev.vars) here.
  const logLevel = process.env.WRANGLER_LOG;
  process.env.WRANGLER_LOG = "error";
  const { db, dispose } = await openLocalDb(persistTo);
  try {
    if (await isEmpty(db)) await seedDemoData(db);
  } finally {
    await dispose();
    if (logLevel === undefined) delete process.env.WRANGLER_LOG;
    else process.env.WRANGLER_LOG = logLevel;
  }
}

/**
 * `npm start`'s server on the production build, its output kept (not printed: it would bury
 * the table) and shown only when the bench fails.
 */
function startServer(persistTo, port) {
  const { url, child } = spawnBuiltServer({ port, persistTo, stdio: ["ignore", "pipe", "pipe"] });
  const output = [];
  const keep = (chunk) => {
    output.push(String(chunk));
    if (output.length > 400) output.shift();
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  return { url, child, output };
}

const options = parseArgs(process.argv.slice(2));
const throwaway = !options.persistTo;
const persistTo = options.persistTo ?? mkdtempSync(path.join(os.tmpdir(), "bench-live-"));
let server = null;
const cleanUp = () => {
  if (server) {
    stopBuiltServer(server);
    server = null;
  }
  if (throwaway) rmSync(persistTo, { recursive: true, force: true });
};
process.on("exit", (code) => {
  if (code !== 0 && server)
    console.error(`\n--- server output (last lines) ---\n${server.output.join("").split("\n").slice(-60).join("\n")}`);
  cleanUp();
});
process.on("SIGINT", () => process.exit(130));
process.on("SIGTERM", () => process.exit(143));

ensureDevVars();
if (options.build) await run("react-router", ["build"], { env: offlineEnv });
console.log(`State directory: ${persistTo}${throwaway ? " (throwaway)" : ""}`);
await prepareState(persistTo);
server = startServer(persistTo, await freePort());
const base = server.url;
await waitForHealth(base, server.child);

// --- sign in once, create the channel ------------------------------------------------------
const signIn = await fetch(`${base}/api/auth/token?grant_type=password`, {
  method: "POST",
  headers: { "content-type": "application/json", origin: base, "cf-connecting-ip": "198.18.0.2" },
  body: JSON.stringify({ email: "admin@demo.test", password: DEMO_PASSWORD }),
});
if (signIn.status !== 200) throw new Error(`sign-in as admin@demo.test answered ${signIn.status}: ${await signIn.text()}`);
const { access_token: token, expires_in: expiresIn } = await signIn.json();
const apiHeaders = { authorization: `Bearer ${token}`, origin: base, "content-type": "application/json" };

/** Creates a public channel; its messages URL, its room's URL and the ids posted to it, in order. */
async function createRoom(label) {
  const created = await fetch(`${base}/api/chat/channels`, {
    method: "POST",
    headers: apiHeaders,
    body: JSON.stringify({ name: `bench-${label}-${Date.now().toString(36)}`, description: "npm run bench:live" }),
  });
  if (created.status !== 201) throw new Error(`creating the channel answered ${created.status}: ${await created.text()}`);
  const { channel } = await created.json();
  return {
    messagesUrl: `${base}/api/chat/channels/${channel.id}/messages`,
    roomUrl: `${base.replace(/^http/, "ws")}/parties/chat-room/channel-${channel.id}`,
    posted: [],
  };
}

const runTag = Math.random().toString(36).slice(2, 8);
let sequence = 0;
const nextContent = (phase) => `bench ${runTag} ${phase} #${++sequence}`;

/** POSTs one message to a room's channel; returns its id and when it was sent and answered (performance.now()). */
async function post(room, content) {
  const sentAt = performance.now();
  const response = await fetch(room.messagesUrl, { method: "POST", headers: apiHeaders, body: JSON.stringify({ content }) });
  const body = await response.text();
  const respondedAt = performance.now();
  if (response.status !== 201) throw new Error(`POST message answered ${response.status}: ${body.slice(0, 300)}`);
  const { message } = JSON.parse(body);
  room.posted.push(message.id);
  return { id: message.id, sentAt, respondedAt };
}

/** `count` messages one at a time, each awaited on every client: wakes a room, compiles the paths. */
async function warmUp(fleet, room, count = 20) {
  for (let i = 0; i < count; i++) {
    const tracker = fleet.expect(nextContent("warm-up"));
    await post(room, tracker.content);
    await tracker.done;
  }
}

/**
 * `total` messages posted by `posters` concurrent loops: messages/s accepted (201s) and
 * delivered to every client, latency under that load, and the CPU it cost.
 */
async function throughputRow(fleet, room, posters, total) {
  const trackers = [];
  const sends = [];
  let next = 0;
  const cpuBefore = { server: serverCpuSeconds(server.child.pid), clients: clientCpuSeconds() };
  const started = performance.now();
  let lastResponse = started;
  await Promise.all(
    Array.from({ length: posters }, async () => {
      while (next < total) {
        next++;
        const tracker = fleet.expect(nextContent(`throughput-${posters}`), 30_000);
        trackers.push(tracker);
        const { sentAt, respondedAt } = await post(room, tracker.content);
        sends.push({ tracker, sentAt });
        lastResponse = Math.max(lastResponse, respondedAt);
      }
    }),
  );
  await Promise.all(trackers.map((t) => t.done));
  const serverCpu = cpuSpent(cpuBefore.server, serverCpuSeconds(server.child.pid));
  const clientsCpu = clientCpuSeconds() - cpuBefore.clients;
  const complete = trackers.filter((t) => t.received >= t.expected);
  const lastDelivery = Math.max(...complete.map((t) => t.lastAt));
  return {
    clients: fleet.size,
    posters,
    total,
    incomplete: trackers.length - complete.length,
    acceptedPerSecond: (total / (lastResponse - started)) * 1000,
    deliveredPerSecond: (complete.length / (lastDelivery - started)) * 1000,
    serverCpuMsPerMessage: (totalOf(serverCpu) / total) * 1000,
    serverCpuByProcess: Object.fromEntries(Object.entries(serverCpu).map(([name, seconds]) => [name, (seconds / total) * 1000])),
    clientsCpuMsPerMessage: (clientsCpu / total) * 1000,
    latency: summarize(sends.filter((s) => s.tracker.received >= s.tracker.expected).map((s) => s.tracker.lastAt - s.sentAt)),
  };
}

const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");

// --- 0. baseline: the same posting with ONE listener, in a channel of its own ---------------
// The difference in server CPU per message between this and the full room is what the extra
// sockets cost the room (the Worker's part, auth + D1 + JSON, is the same in both).
const baselineRoom = await createRoom("baseline");
const baselineFleet = new Fleet({ url: baselineRoom.roomUrl, headers: { origin: base, authorization: `Bearer ${token}` }, size: 1 });
await baselineFleet.connectAll();
await warmUp(baselineFleet, baselineRoom);
const baseline = await throughputRow(baselineFleet, baselineRoom, 1, options.throughput);
await baselineFleet.closeAll();

// --- the clients ---------------------------------------------------------------------------
const room = await createRoom("fan-out");
const fleet = new Fleet({ url: room.roomUrl, headers: { origin: base, authorization: `Bearer ${token}` }, size: options.clients });
const connectMs = await fleet.connectAll();
await warmUp(fleet, room);
const loadAtStart = loadAverage();

// --- 1. fan-out ----------------------------------------------------------------------------
const fanout = { toLast: [], toFirst: [], toResponse: [], responseToLast: [], incomplete: 0 };
for (let i = 0; i < options.messages; i++) {
  const tracker = fleet.expect(nextContent("fan-out"));
  const { sentAt, respondedAt } = await post(room, tracker.content);
  await tracker.done;
  if (tracker.received < tracker.expected) {
    fanout.incomplete++;
    continue;
  }
  fanout.toLast.push(tracker.lastAt - sentAt);
  fanout.toFirst.push(tracker.firstAt - sentAt);
  fanout.toResponse.push(respondedAt - sentAt);
  fanout.responseToLast.push(tracker.lastAt - respondedAt);
}

// --- 2. throughput -------------------------------------------------------------------------
const posterCounts = [...new Set([1, options.posters, options.posters * 4])];
const throughput = [];
for (const posters of posterCounts) throughput.push(await throughputRow(fleet, room, posters, options.throughput));

// --- 3. reconnect backfill -----------------------------------------------------------------
const leaver = fleet.clients[0];
const lastSeen = leaver.lastId;
const seenBefore = new Set(leaver.counts.keys());
const leaveCloseMs = await closeSocket(leaver.ws);
const missed = [];
for (let i = 0; i < options.backfill; i++) {
  const tracker = fleet.expect(nextContent("missed"));
  missed.push((await post(room, tracker.content)).id);
  await tracker.done;
}
const reconnectStarted = performance.now();
await fleet.connect(0);
const reconnectOpenMs = performance.now() - reconnectStarted;
const backfill = [];
let pages = 0;
for (let cursor = lastSeen; cursor;) {
  const response = await fetch(`${room.messagesUrl}?after=${encodeURIComponent(cursor)}`, { headers: apiHeaders });
  if (response.status !== 200) throw new Error(`backfill page answered ${response.status}: ${await response.text()}`);
  const page = await response.json();
  pages++;
  backfill.push(...page.items.map((m) => m.id));
  cursor = page.next_cursor;
}
const backfillMs = performance.now() - reconnectStarted;
const backfillInOrder = backfill.length === missed.length && backfill.every((id, i) => id === missed[i]);
const backfillDuplicates = backfill.length - new Set(backfill).size;
// Live delivery resumes on the new socket (and everyone else's).
const after = fleet.expect(nextContent("after-reconnect"));
await post(room, after.content);
await after.done;

// --- delivery audit and close handshake ----------------------------------------------------
await new Promise((r) => setTimeout(r, 500)); // a late duplicate would arrive by now
const missedSet = new Set(missed);
const audit = auditDelivery(fleet.clients, (client) => (client === leaver ? room.posted.filter((id) => !missedSet.has(id)) : room.posted));
const leaverShown = new Set([...leaver.counts.keys(), ...backfill]);
const leaverComplete = room.posted.every((id) => leaverShown.has(id)) && [...seenBefore].every((id) => !missedSet.has(id));
const closing = await fleet.closeAll();

// --- report --------------------------------------------------------------------------------
const cpus = os.availableParallelism();
console.log(
  `\nbench:live — ${options.clients} WebSocket clients on one chat room (${base}, npm start's server, production build; clients and server on this machine, ${cpus} CPUs, load average ${loadAtStart} at the start, ${loadAverage()} at the end)`,
);
console.log(
  `${options.clients} sockets connected in ${fixed(connectMs, 0)} ms (20 at a time); one bearer token (expires in ${expiresIn} s) for all\n`,
);

const row = (name, s, target) => [name, s.n ?? 0, fixed(s.p50), fixed(s.p95), fixed(s.p99), fixed(s.max), target ?? ""];
const fanLast = summarize(fanout.toLast);
console.log(
  formatTable([
    [`fan-out, ${options.messages} messages one at a time (ms)`, "n", "p50", "p95", "p99", "max", "target"],
    row(
      `POST sent → last of ${options.clients} clients has it`,
      fanLast,
      `p99 < ${FANOUT_TARGET_P99_MS}: ${fanLast.p99 < FANOUT_TARGET_P99_MS ? "ok" : "MISS"}`,
    ),
    row("POST sent → first client has it", summarize(fanout.toFirst)),
    row("POST sent → 201 response", summarize(fanout.toResponse)),
    row("201 response → last client has it", summarize(fanout.responseToLast)),
  ]),
);
if (fanout.incomplete) console.log(`  ${fanout.incomplete} message(s) did not reach every client within 10 s`);

console.log(
  `\n${formatTable([
    [
      "throughput, one channel",
      "clients",
      "posters",
      "messages",
      "accepted/s",
      "delivered to all/s",
      "frames out/s",
      "p50 ms",
      "p99 ms",
      "server CPU ms/msg",
      "clients CPU ms/msg",
      "incomplete",
    ],
    ...[baseline, ...throughput].map((t) => [
      t === baseline ? "baseline (1 socket)" : "",
      t.clients,
      t.posters,
      t.total,
      fixed(t.acceptedPerSecond, 0),
      fixed(t.deliveredPerSecond, 0),
      fixed(t.deliveredPerSecond * t.clients, 0),
      fixed(t.latency.p50),
      fixed(t.latency.p99),
      fixed(t.serverCpuMsPerMessage),
      fixed(t.clientsCpuMsPerMessage),
      t.incomplete,
    ]),
  ])}`,
);
const perSocketUs = ((throughput[0].serverCpuMsPerMessage - baseline.serverCpuMsPerMessage) / (options.clients - 1)) * 1000;
console.log(
  [
    "  latency: POST sent → last client has it, under that load.",
    "  server CPU: node + workerd (the Worker's auth, D1 write and JSON, the chat and team rooms); clients CPU: this process (posting, parsing every frame).",
    `  server CPU by process, ms per message: ${[baseline, ...throughput]
      .map(
        (t) =>
          `${t.clients}×${t.posters}: ${Object.entries(t.serverCpuByProcess)
            .filter(([, v]) => v >= 0.05)
            .map(([name, v]) => `${name} ${fixed(v)}`)
            .join(", ")}`,
      )
      .join(" | ")}`,
    `  what each extra socket costs the server per message (1-poster rows, ${options.clients} sockets vs 1): ≈ ${fixed(perSocketUs, 0)} µs of CPU`,
  ].join("\n"),
);

console.log(
  `\n${formatTable([
    [`reconnect backfill, ${options.backfill} missed`, "socket open ms", "pages", "open + all fetched ms", "exactly once, in order"],
    [
      "",
      fixed(reconnectOpenMs),
      pages,
      fixed(backfillMs),
      backfillInOrder && backfillDuplicates === 0 ? "yes" : `NO (${backfill.length} fetched, ${backfillDuplicates} duplicated)`,
    ],
  ])}`,
);
console.log(`  the leaving client's close handshake: ${leaveCloseMs === null ? "NOT completed within 5 s" : `${fixed(leaveCloseMs)} ms`}`);

const totalDeliveries = fleet.clients.reduce((n, c) => n + [...c.counts.values()].reduce((a, b) => a + b, 0), 0);
console.log(
  `\ndelivery: ${room.posted.length} messages posted, ${totalDeliveries} chat.message frames received; missing ${audit.missing}, duplicated ${audit.duplicated}, unexpected ${audit.unexpected}; the reconnected client has every message once (live + backfill): ${leaverComplete ? "yes" : "NO"}`,
);
for (const bad of audit.bad.slice(0, 5))
  console.log(`  client ${bad.index}: missing ${bad.missing}, duplicated ${bad.duplicated}, unexpected ${bad.unexpected}`);
console.log(`close handshake: ${closing.completed}/${closing.total} sockets closed cleanly (slowest ${fixed(closing.slowest)} ms)`);

const lostOrDuplicated =
  audit.missing + audit.duplicated + audit.unexpected > 0 ||
  !leaverComplete ||
  !backfillInOrder ||
  backfillDuplicates > 0 ||
  fanout.incomplete > 0 ||
  throughput.some((t) => t.incomplete > 0);
console.log(lostOrDuplicated ? "\nFAIL: messages were lost or duplicated" : "\nNothing lost, nothing duplicated.");
process.exit(lostOrDuplicated ? 1 : 0);
