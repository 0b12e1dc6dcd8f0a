import { createContext, useContext } from "react";

/**
 * The CSP nonce of the response being rendered (worker/http/security-headers.ts), provided
 * by entry.server for <Links>, <Scripts> and <ScrollRestoration>. In the browser the
 * attribute reads as empty once parsed, but the element's .nonce property keeps it, so the
 * client renders the same value and hydration sees no mismatch.
 */
const NonceContext = createContext(
  // The .nonce property keeps the value the attribute hides, so hydration renders the same props.
  typeof document === "undefined" ? "" : (document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce ?? ""),
);

export const NonceProvider = NonceContext.Provider;

export const useNonce = () => useContext(NonceContext);
