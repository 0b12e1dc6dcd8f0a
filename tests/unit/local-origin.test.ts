import { describe, expect, it } from "vitest";
import {
  DEFAULT_DEV_PORT,
  DEFAULT_START_PORT,
  localPublicOrigin,
  parsePort,
  portFromArgs,
  serverUrl,
} from "../../scripts/lib/local-origin.ts";

// How `npm run dev` (vite.config.ts) and `npm start` (scripts/start.mjs) choose their port
// and the origin of e-mailed links. tests/e2e/dev-port.test.ts and start-email.test.ts start
// the real servers; these pin the derivation for every input those runs do not try.
describe("local server port and e-mail link origin", () => {
  it("PORT picks the port; unset or empty keeps the default", () => {
    expect(parsePort("3000", DEFAULT_DEV_PORT)).toBe(3000);
    expect(parsePort(" 4000 ", DEFAULT_DEV_PORT)).toBe(4000);
    expect(parsePort(undefined, DEFAULT_DEV_PORT)).toBe(5173);
    expect(parsePort("", DEFAULT_START_PORT)).toBe(8787);
  });

  it("refuses a PORT that is not a port instead of starting somewhere else", () => {
    for (const bad of ["abc", "0", "65536", "30.5", "-1", "3000x"]) {
      expect(() => parsePort(bad, DEFAULT_DEV_PORT), bad).toThrow(/PORT must be a whole number from 1 to 65535/);
    }
  });

  it("`npm run dev -- --port N` and `--port=N` are read like PORT", () => {
    expect(portFromArgs(["--port", "3001"])).toBe("3001");
    expect(portFromArgs(["--host", "--port=3002"])).toBe("3002");
    expect(portFromArgs(["--host"])).toBeUndefined();
  });

  it("links use the server's own URL, with a wildcard bind address named as loopback", () => {
    expect(localPublicOrigin(undefined, serverUrl("localhost", 3000))).toBe("http://localhost:3000");
    expect(serverUrl("127.0.0.1", 8787)).toBe("http://127.0.0.1:8787");
    expect(serverUrl("0.0.0.0", 8787)).toBe("http://127.0.0.1:8787");
    expect(serverUrl("::", 8787)).toBe("http://[::1]:8787");
    expect(serverUrl("::1", 8787)).toBe("http://[::1]:8787");
  });

  it("a PUBLIC_ORIGIN set in the environment wins (without a trailing slash); an empty one does not", () => {
    expect(localPublicOrigin("https://tunnel.example.test/", "http://localhost:3000")).toBe("https://tunnel.example.test");
    expect(localPublicOrigin("", "http://localhost:3000")).toBe("http://localhost:3000");
    expect(localPublicOrigin("   ", "http://127.0.0.1:8787")).toBe("http://127.0.0.1:8787");
  });
});
