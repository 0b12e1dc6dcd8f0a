// The client side of `npm run bench:live` (scripts/bench/live.mjs): a fleet of WebSocket
// clients on one chat room that records, for every `chat.message` event, which socket got it,
// how many times and when; and the small statistics and table helpers the bench prints with.
import WebSocket from "ws";

/** p-th percentile (nearest rank) of an ascending array. */
const nearestRank = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];

/** n, p50, p95, p99 and max of a list of numbers. */
export function summarize(values) {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return { n: 0 };
  return {
    n: sorted.length,
    p50: nearestRank(sorted, 0.5),
    p95: nearestRank(sorted, 0.95),
    p99: nearestRank(sorted, 0.99),
    max: sorted.at(-1),
  };
}

/** Left-aligned first column, right-aligned others, two spaces between. */
export function formatTable(rows) {
  const widths = rows[0].map((_, col) => Math.max(...rows.map((row) => String(row[col] ?? "").length)));
  const line = (row) =>
    row.map((cell, col) => (col === 0 ? String(cell ?? "").padEnd(widths[col]) : String(cell ?? "").padStart(widths[col]))).join("  ");
  return [line(rows[0]), widths.map((w) => "-".repeat(w)).join("  "), ...rows.slice(1).map(line)].join("\n");
}

export const fixed = (n, digits = 1) => (n === undefined || !Number.isFinite(n) ? "-" : n.toFixed(digits));

/**
 * Opens one socket and resolves once it is open (rejects on a refused upgrade, an error, or
 * no open within timeoutMs). `onEvent(event, receivedAt)` gets every parsed frame.
 */
export function openSocket(url, headers, onEvent, timeoutMs = 15_000) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers, perMessageDeflate: false });
    const timer = setTimeout(() => {
      ws.terminate();
      reject(new Error(`no open within ${timeoutMs} ms`));
    }, timeoutMs);
    ws.on("message", (data) => {
      const receivedAt = performance.now();
      let event;
      try {
        event = JSON.parse(String(data));
      } catch {
        return;
      }
      onEvent(event, receivedAt);
    });
    ws.once("open", () => {
      clearTimeout(timer);
      resolve(ws);
    });
    ws.once("unexpected-response", (_request, response) => {
      clearTimeout(timer);
      reject(Object.assign(new Error(`upgrade refused with ${response.statusCode}`), { status: response.statusCode }));
    });
    ws.once("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

/**
 * Closes a socket with a normal close (1000) and resolves with the ms until the close
 * handshake completed (the `close` event), or null when it did not within timeoutMs (then
 * the socket is terminated).
 */
export function closeSocket(ws, timeoutMs = 5_000, code = 1000) {
  if (ws.readyState === WebSocket.CLOSED) return Promise.resolve(0);
  const started = performance.now();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      ws.terminate();
      resolve(null);
    }, timeoutMs);
    ws.once("close", () => {
      clearTimeout(timer);
      resolve(performance.now() - started);
    });
    if (code === undefined) ws.close();
    else ws.close(code, "bench over");
  });
}

/**
 * N clients on one room. Every `chat.message` is counted per client (by message id) and
 * reported to the tracker of its content (set by `expect`), which notes the first and last
 * arrival and resolves once every connected client has it.
 */
export class Fleet {
  /** @param {{url: string, headers: Record<string, string>, size: number}} options */
  constructor({ url, headers, size }) {
    this.url = url;
    this.headers = headers;
    this.size = size;
    /** @type {{ index: number, ws: WebSocket | null, counts: Map<string, number>, order: string[], lastId: string | null, listening: boolean }[]} */
    this.clients = [];
    /** content → tracker */
    this.trackers = new Map();
    this.otherEvents = 0;
  }

  /** How many clients are expected to receive a message now (the open, listening ones). */
  listeners() {
    return this.clients.filter((c) => c.listening).length;
  }

  #onEvent(client, event, receivedAt) {
    if (event?.type !== "chat.message") {
      this.otherEvents++;
      return;
    }
    const id = event.id;
    client.counts.set(id, (client.counts.get(id) ?? 0) + 1);
    client.order.push(id);
    client.lastId = id;
    const tracker = this.trackers.get(event.message?.content);
    if (!tracker) return;
    tracker.received++;
    tracker.firstAt ??= receivedAt;
    tracker.lastAt = receivedAt;
    if (tracker.received >= tracker.expected) tracker.resolve();
  }

  /** Connects client `index` (a new socket for it if it had one). */
  async connect(index) {
    const client = this.clients[index] ?? { index, ws: null, counts: new Map(), order: [], lastId: null, listening: false };
    this.clients[index] = client;
    client.ws = await openSocket(this.url, this.headers, (event, at) => this.#onEvent(client, event, at));
    client.listening = true;
    client.ws.once("close", () => {
      client.listening = false;
    });
    return client;
  }

  /** Connects all clients, `batch` at a time; resolves with the ms it took. */
  async connectAll(batch = 20) {
    const started = performance.now();
    for (let i = 0; i < this.size; i += batch) {
      const indexes = Array.from({ length: Math.min(batch, this.size - i) }, (_, k) => i + k);
      await Promise.all(indexes.map((index) => this.connect(index)));
    }
    return performance.now() - started;
  }

  /**
   * Starts tracking a message by its (unique) content before it is sent; `done` resolves when
   * every listening client has it, or after timeoutMs (then `received < expected`).
   */
  expect(content, timeoutMs = 10_000) {
    const tracker = { content, expected: this.listeners(), received: 0, firstAt: undefined, lastAt: undefined, timedOut: false };
    tracker.done = new Promise((resolve) => {
      const timer = setTimeout(() => {
        tracker.timedOut = true;
        resolve();
      }, timeoutMs);
      tracker.resolve = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    this.trackers.set(content, tracker);
    return tracker;
  }

  /** Closes every socket; resolves with how many completed the close handshake and the slowest time. */
  async closeAll(timeoutMs = 5_000) {
    const times = await Promise.all(this.clients.map((c) => (c.ws ? closeSocket(c.ws, timeoutMs) : Promise.resolve(0))));
    const completed = times.filter((t) => t !== null);
    return { completed: completed.length, total: times.length, slowest: completed.length ? Math.max(...completed) : undefined };
  }
}

/**
 * Compares what each client received with what it should have: `expectedFor(client)` → the
 * message ids it must have exactly once. Returns the clients with a missing, duplicated or
 * unexpected message and the totals.
 */
export function auditDelivery(clients, expectedFor) {
  let missing = 0;
  let duplicated = 0;
  let unexpected = 0;
  const bad = [];
  for (const client of clients) {
    const expected = expectedFor(client);
    const expectedSet = new Set(expected);
    let clientMissing = 0;
    let clientDuplicated = 0;
    let clientUnexpected = 0;
    for (const id of expected) if (!client.counts.has(id)) clientMissing++;
    for (const [id, count] of client.counts) {
      if (count > 1) clientDuplicated += count - 1;
      if (!expectedSet.has(id)) clientUnexpected++;
    }
    missing += clientMissing;
    duplicated += clientDuplicated;
    unexpected += clientUnexpected;
    if (clientMissing || clientDuplicated || clientUnexpected)
      bad.push({ index: client.index, missing: clientMissing, duplicated: clientDuplicated, unexpected: clientUnexpected });
  }
  return { missing, duplicated, unexpected, bad };
}
