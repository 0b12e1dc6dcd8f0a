// Where a webhook may go (issue 25, docs/decisions/032): https to a public host only. Checked
// when an endpoint is registered or changed AND again right before every delivery, before any
// connection is opened, so a row edited by hand, an old row or a changed rule cannot reach
// the Worker's neighbours. What a Worker cannot see (what a public name resolves to) is
// Cloudflare's egress to refuse: a Worker's fetch does not reach private networks.

declare global {
  interface Env {
    /**
     * "1": webhooks may also go to http(s)://127.0.0.1 and http(s)://localhost (a receiver on
     * this machine, for `npm start` and the tests). Ignored when APP_ENV is "production".
     */
    WEBHOOKS_ALLOW_LOOPBACK?: string;
  }
}

export const WEBHOOK_URL_MAX_LENGTH = 2048;

/** Why a URL is refused; each is apiErrors.field.webhook_url_<reason> in the dictionaries. */
export type WebhookUrlRefusal = "invalid" | "not_https" | "credentials" | "private_address" | "private_host";

export type WebhookUrlCheck = { ok: true; url: URL } | { ok: false; reason: WebhookUrlRefusal };

/** Whether the local-development exception is on: set to "1" and never in production. */
export function loopbackAllowed(env: Pick<Env, "APP_ENV" | "WEBHOOKS_ALLOW_LOOPBACK">): boolean {
  if (env.WEBHOOKS_ALLOW_LOOPBACK !== "1") return false;
  if (env.APP_ENV === "production") {
    console.warn("webhooks: WEBHOOKS_ALLOW_LOOPBACK is ignored in production");
    return false;
  }
  return true;
}

/** Names that are never public: the machine itself, link-local and private DNS zones, cloud metadata services. */
const PRIVATE_SUFFIXES = [".localhost", ".local", ".internal", ".home.arpa", ".lan", ".localdomain", ".intranet", ".corp"];
const PRIVATE_NAMES = new Set([
  "localhost",
  "metadata",
  "metadata.goog",
  "metadata.google.internal",
  "instance-data",
  "kubernetes.default",
]);

/**
 * An IPv4 address as the WHATWG URL parser reads a host (1 to 4 parts, each decimal, 0x hex or
 * 0-led octal: "2130706433", "0x7f.1", "0177.0.0.1" are all 127.0.0.1), or null when it is not one.
 */
export function parseIPv4(host: string): number | null {
  const parts = host.split(".");
  if (parts.at(-1) === "") parts.pop();
  if (parts.length === 0 || parts.length > 4) return null;
  const numbers: number[] = [];
  for (const part of parts) {
    let value: number;
    if (/^0x[0-9a-f]*$/i.test(part)) value = part.length === 2 ? 0 : parseInt(part.slice(2), 16);
    else if (/^0[0-7]+$/.test(part)) value = parseInt(part.slice(1), 8);
    else if (/^(0|[1-9][0-9]*)$/.test(part)) value = parseInt(part, 10);
    else return null;
    if (!Number.isSafeInteger(value)) return null;
    numbers.push(value);
  }
  const last = numbers.pop()!;
  if (numbers.some((n) => n > 255) || last >= 256 ** (4 - numbers.length)) return null;
  return numbers.reduce((sum, n, i) => sum + n * 256 ** (3 - i), 0) + last;
}

/** An IPv6 address (without brackets or zone) as its eight 16-bit groups, or null. */
export function parseIPv6(host: string): number[] | null {
  let text = host.toLowerCase();
  if (!/^[0-9a-f:.]+$/.test(text) || !text.includes(":")) return null;
  const tail: number[] = [];
  const dotted = text.match(/^(.*:)(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted) {
    const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.test(dotted[2]!) ? parseIPv4(dotted[2]!) : null;
    if (v4 === null) return null;
    tail.push(Math.floor(v4 / 65536), v4 % 65536);
    text = dotted[1]!.endsWith("::") ? dotted[1]! : dotted[1]!.slice(0, -1);
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const groups = (part: string) => (part === "" ? [] : part.split(":"));
  const head = groups(halves[0]!);
  const rest = halves.length === 2 ? groups(halves[1]!) : [];
  if ([...head, ...rest].some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return null;
  const known = head.length + rest.length + tail.length;
  if (halves.length === 1 ? known !== 8 : known > 7) return null;
  const zeros = new Array<number>(8 - known).fill(0);
  return [...head.map((g) => parseInt(g, 16)), ...zeros, ...rest.map((g) => parseInt(g, 16)), ...tail];
}

const v4 = (a: number, b: number, c: number, d: number) => ((a * 256 + b) * 256 + c) * 256 + d;
/** [first address, prefix length] of every IPv4 range that is not the public internet. */
const PRIVATE_V4: [number, number][] = [
  [v4(0, 0, 0, 0), 8], // "this network", 0.0.0.0 unspecified
  [v4(10, 0, 0, 0), 8], // private
  [v4(100, 64, 0, 0), 10], // CGNAT (100.100.100.200: a cloud metadata service)
  [v4(127, 0, 0, 0), 8], // loopback
  [v4(169, 254, 0, 0), 16], // link-local (169.254.169.254: the metadata services)
  [v4(172, 16, 0, 0), 12], // private
  [v4(192, 0, 0, 0), 24], // IETF protocol assignments
  [v4(192, 0, 2, 0), 24], // documentation
  [v4(192, 88, 99, 0), 24], // 6to4 relay
  [v4(192, 168, 0, 0), 16], // private
  [v4(198, 18, 0, 0), 15], // benchmarking
  [v4(198, 51, 100, 0), 24], // documentation
  [v4(203, 0, 113, 0), 24], // documentation
  [v4(224, 0, 0, 0), 4], // multicast
  [v4(240, 0, 0, 0), 4], // reserved, 255.255.255.255 broadcast
];

export function isPrivateIPv4(address: number): boolean {
  return PRIVATE_V4.some(([base, bits]) => Math.floor(address / 2 ** (32 - bits)) === Math.floor(base / 2 ** (32 - bits)));
}

/** Every IPv6 address that is not a plain public unicast one (and every form that carries an IPv4 address). */
export function isPrivateIPv6(groups: number[]): boolean {
  const [a, b] = groups as [number, number];
  const zeroUpTo = (n: number) => groups.slice(0, n).every((g) => g === 0);
  if (zeroUpTo(6)) return true; // ::, ::1, IPv4-compatible ::a.b.c.d
  if (zeroUpTo(5) && groups[5] === 0xffff) return true; // IPv4-mapped ::ffff:a.b.c.d
  if (zeroUpTo(4) && groups[4] === 0xffff && groups[5] === 0) return true; // IPv4-translated ::ffff:0:a.b.c.d
  if (a === 0x64 && b === 0xff9b) return true; // NAT64 64:ff9b::/96 and 64:ff9b:1::/48
  if (a === 0x100 && groups.slice(1, 4).every((g) => g === 0)) return true; // discard 100::/64
  if (a === 0x2001 && b === 0) return true; // Teredo 2001::/32 (carries an IPv4 address)
  if (a === 0x2001 && b === 0xdb8) return true; // documentation
  if (a === 0x2002) return true; // 6to4 (carries an IPv4 address)
  if ((a & 0xfe00) === 0xfc00) return true; // unique local fc00::/7 (fd00:ec2::254: a metadata service)
  if ((a & 0xffc0) === 0xfe80) return true; // link-local fe80::/10
  if ((a & 0xffc0) === 0xfec0) return true; // site-local fec0::/10
  if ((a & 0xff00) === 0xff00) return true; // multicast
  return false;
}

/**
 * Whether `raw` may receive webhooks: an absolute https URL (http too, for the loopback
 * exception only), no user name or password, a host that is a public DNS name (a dot in it,
 * none of the private suffixes or metadata names) or a public IP literal in any notation.
 * `allowLoopback` (loopbackAllowed) opens http(s)://127.0.0.1 and http(s)://localhost, nothing else.
 */
export function checkWebhookUrl(raw: string, allowLoopback = false): WebhookUrlCheck {
  if (raw.length > WEBHOOK_URL_MAX_LENGTH) return { ok: false, reason: "invalid" };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: "invalid" };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return { ok: false, reason: "not_https" };
  if (url.username || url.password) return { ok: false, reason: "credentials" };
  const host = url.hostname.toLowerCase();
  if (!host) return { ok: false, reason: "invalid" };
  if (allowLoopback && (host === "127.0.0.1" || host === "localhost")) return { ok: true, url };
  if (url.protocol !== "https:") return { ok: false, reason: "not_https" };

  if (host.startsWith("[")) {
    const groups = parseIPv6(host.slice(1, -1));
    if (!groups) return { ok: false, reason: "invalid" };
    return isPrivateIPv6(groups) ? { ok: false, reason: "private_address" } : { ok: true, url };
  }
  const address = parseIPv4(host);
  if (address !== null) return isPrivateIPv4(address) ? { ok: false, reason: "private_address" } : { ok: true, url };
  // A name: the WHATWG parser already refused one that ends in a number it cannot read as IPv4.
  const name = host.replace(/\.+$/, "");
  if (!name.includes(".") || PRIVATE_NAMES.has(name) || PRIVATE_SUFFIXES.some((suffix) => name.endsWith(suffix))) {
    return { ok: false, reason: "private_host" };
  }
  if (/^[0-9.]+$/.test(name) || /^0x/i.test(name.split(".").at(-1) ?? "")) return { ok: false, reason: "private_address" };
  return { ok: true, url };
}
