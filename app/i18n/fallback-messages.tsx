import { createContext, useContext } from "react";
import type { Messages } from "./index.ts";

// When no loader ran (a 404 before any route matched, a POST to a page without an action),
// the root's base strings are missing. The server then puts them in the page as a data
// block, and the browser reads them back from it, so the error and not-found screens are
// translated with and without JavaScript.

const ServerFallback = createContext<Messages | null>(null);
/** Set by entry.server.tsx when the root loader has no data for this response. */
export const FallbackMessagesProvider = ServerFallback.Provider;

const ID = "fallback-messages";

export function useFallbackMessages(needed: boolean): Messages | undefined {
  const server = useContext(ServerFallback);
  if (!needed) return undefined;
  if (server) return server;
  const block = typeof document === "undefined" ? null : document.getElementById(ID);
  return block?.textContent ? (JSON.parse(block.textContent) as Messages) : undefined;
}

export function FallbackMessagesBlock({ messages }: { messages: Messages }) {
  const json = JSON.stringify(messages).replace(/</g, "\\u003c");
  return <script id={ID} type="application/json" dangerouslySetInnerHTML={{ __html: json }} />;
}
