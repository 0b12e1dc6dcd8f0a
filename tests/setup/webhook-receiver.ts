// Where the workers pool's webhook deliveries go: never the network. tests/worker-entry.ts's
// queue consumer hands handleWebhookQueue this fetch, which passes each request to the receiver
// a test file set (setWebhookReceiver), in this same isolate; with none set it fails the try
// (as a receiver that is down would).
type Receiver = (request: Request) => Response | Promise<Response>;

const state = globalThis as { __webhookReceiver?: Receiver };

export function setWebhookReceiver(receiver: Receiver | undefined): void {
  state.__webhookReceiver = receiver;
}

export const testWebhookFetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
  const receiver = state.__webhookReceiver;
  if (!receiver) throw new Error("tests deliver webhooks to their own receiver only");
  return receiver(new Request(input, init));
}) as typeof fetch;
