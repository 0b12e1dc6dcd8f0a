// A chunk that cannot be fetched (app/components/lazy-chunk.ts): offline it waits for the
// connection and tries again; online it tries again a few times (a dropping connection fails
// the fetch before its offline event), then the failure is the caller's.
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

  it("online: tried again each second, 3 times; a failure that lasts (a deploy removed the chunk) is the caller's", async () => {
    vi.useFakeTimers();
    try {
      browser(true);
      const failure = new TypeError("Failed to fetch dynamically imported module");
      const load = vi.fn().mockRejectedValue(failure);
      const result = loadChunk(load);
      const settled = expect(result).rejects.toBe(failure);
      await vi.advanceTimersByTimeAsync(999);
      expect(load).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(3000);
      await settled;
      expect(load).toHaveBeenCalledTimes(4);
    } finally {
      vi.useRealTimers();
    }
  });

  it("a connection dropping: the fetch fails before the offline event, the next try waits for 'online', then loads", async () => {
    vi.useFakeTimers();
    try {
      const net = browser(true);
      const load = vi
        .fn()
        .mockRejectedValueOnce(new TypeError("Failed to fetch dynamically imported module"))
        .mockRejectedValueOnce(new TypeError("Failed to fetch dynamically imported module"))
        .mockResolvedValue("chunk");
      const loaded = loadChunk(load);
      await vi.advanceTimersByTimeAsync(0); // the first failure seen while the browser still says online
      (navigator as { onLine: boolean }).onLine = false;
      await vi.advanceTimersByTimeAsync(10_000);
      expect(load).toHaveBeenCalledTimes(2);
      net.goOnline();
      await expect(loaded).resolves.toBe("chunk");
      expect(load).toHaveBeenCalledTimes(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it("loads at once when nothing fails", async () => {
    browser(true);
    await expect(loadChunk(async () => 42)).resolves.toBe(42);
  });
});
