// A chunk that cannot be fetched (app/components/lazy-chunk.ts): offline it waits for the
// connection and tries again; online the failure is the caller's.
import { afterEach, describe, expect, it, vi } from "vitest";
import { loadChunk } from "~/components/lazy-chunk";

const browser = (onLine: boolean) => {
  const events = new EventTarget();
  const nav = { onLine };
  vi.stubGlobal("window", events);
  vi.stubGlobal("navigator", nav);
  return {
    goOnline() {
      nav.onLine = true;
      events.dispatchEvent(new Event("online"));
    },
  };
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("loadChunk", () => {
  it("offline: waits for the connection, however many failures, then loads", async () => {
    const net = browser(false);
    const load = vi.fn().mockRejectedValueOnce(new TypeError("Failed to fetch dynamically imported module")).mockResolvedValue("chunk");
    const loaded = loadChunk(load);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(load).toHaveBeenCalledTimes(1);
    net.goOnline();
    await expect(loaded).resolves.toBe("chunk");
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("online: the failure is the caller's, at once", async () => {
    browser(true);
    const failure = new TypeError("Failed to fetch dynamically imported module");
    const load = vi.fn().mockRejectedValue(failure);
    await expect(loadChunk(load)).rejects.toBe(failure);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("loads at once when nothing fails", async () => {
    browser(true);
    await expect(loadChunk(async () => 42)).resolves.toBe(42);
  });
});
