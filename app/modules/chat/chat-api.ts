// The widget's two calls: the assistant for free text and the lead capture (both public).
import type { ChatAssistantRequest, ChatAssistantResponse, LeadCaptureRequest } from "./chat-types.ts";

/** Asks the assistant; throws when there is no usable answer (the widget says so). */
export async function askAssistant(body: ChatAssistantRequest, signal?: AbortSignal): Promise<ChatAssistantResponse> {
  const response = await fetch("/api/chat-assistant", {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(body),
    signal,
  });
  if (!response.ok) throw new Error(`chat assistant answered ${response.status}`);
  const answer = (await response.json()) as ChatAssistantResponse;
  if (typeof answer.response !== "string" || !answer.response.trim()) throw new Error("chat assistant answered nothing");
  return answer;
}

/** The site is in maintenance (503, Settings → Sistema): send the lead again after `seconds`. */
export class CaptureLater extends Error {
  constructor(readonly seconds: number) {
    super(`lead capture paused for ${seconds} s`);
  }
}

/**
 * Sends the qualified lead. Resolves true once the server has it (created or updated), false
 * when it refused it for good (the spec: logged only, never shown); rejects when the request
 * never got an answer, so the caller can send it again once back online, and with CaptureLater
 * during maintenance, so the lead waits in the visitor's browser instead of being dropped.
 */
export async function captureLead(body: LeadCaptureRequest): Promise<boolean> {
  const response = await fetch("/api/leads/capture", {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(body),
  });
  if (response.ok) return true;
  if (response.status === 503) throw new CaptureLater(Math.min(Math.max(Number(response.headers.get("Retry-After")) || 300, 5), 3600));
  console.warn(`chat: the lead was not captured (${response.status})`);
  return false;
}
