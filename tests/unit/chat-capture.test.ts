// The chat widget's lead capture (app/modules/chat/chat-api.ts): a lead the server took
// resolves true, one it refused for good false (logged only, spec §8), and during maintenance
// (Settings → Sistema: 503 with Retry-After) it rejects with CaptureLater, so the widget keeps
// the lead pending and sends it again later instead of dropping it.
import { afterEach, describe, expect, it, vi } from "vitest";
import { CaptureLater, captureLead } from "~/modules/chat/chat-api";

const lead = { name: "Paula", email: "paula@example.com", language: "pt" as const, transcript: [] };
const answer = (status: number, headers: Record<string, string> = {}) =>
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(status === 204 ? null : "{}", { status, headers })),
  );

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("captureLead", () => {
  it("resolves true when the server has the lead and false when it refused it for good", async () => {
    answer(201);
    await expect(captureLead(lead)).resolves.toBe(true);
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    answer(400);
    await expect(captureLead(lead)).resolves.toBe(false);
  });

  it("during maintenance rejects with CaptureLater for the server's Retry-After, within 5 s … 1 h", async () => {
    answer(503, { "Retry-After": "120" });
    await expect(captureLead(lead)).rejects.toEqual(expect.objectContaining({ seconds: 120 }));
    answer(503);
    await expect(captureLead(lead)).rejects.toBeInstanceOf(CaptureLater);
    await expect(captureLead(lead)).rejects.toEqual(expect.objectContaining({ seconds: 300 }));
    answer(503, { "Retry-After": "999999" });
    await expect(captureLead(lead)).rejects.toEqual(expect.objectContaining({ seconds: 3600 }));
  });
});
