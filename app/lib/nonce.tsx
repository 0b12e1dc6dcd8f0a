import { createContext, useContext } from "react";

/**
 * The CSP nonce of the response being rendered (worker/http/security-headers.ts), provided
 * by entry.server for <Scripts> and <ScrollRestoration>. On the client it is empty: browsers
 * hide the nonce attribute from scripts, and hydrated scripts are not re-run anyway.
 */
const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;

export const useNonce = () => useContext(NonceContext);
