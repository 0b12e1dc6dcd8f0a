// Optional bindings of the chat assistant. Neither is in wrangler.toml: local dev and tests
// run the embedded assistant with no account and no network. A deploy that wants a language
// model adds `[ai] binding = "AI"` (and optionally CHAT_ASSISTANT_MODEL) to its own config
// (README, docs/decisions/013). `wrangler types` does not see them, so they are declared here.

import type { ChatModelBinding } from "./workers-ai-assistant.ts";

declare global {
  interface Env {
    /** Workers AI; when present, the assistant is a language model (with the embedded one as fallback). */
    AI?: ChatModelBinding;
    /** The Workers AI text-generation model (default in workers-ai-assistant.ts). */
    CHAT_ASSISTANT_MODEL?: string;
  }
  namespace Cloudflare {
    interface Env {
      AI?: ChatModelBinding;
      CHAT_ASSISTANT_MODEL?: string;
    }
  }
}
