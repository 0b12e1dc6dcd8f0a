// The user asked to sign out (the sidebar's or the user menu's 'Sair'): the server then closes
// this session's live sockets (4401), and a socket that sees that must not send the page to
// the sign-in page with a way back to the screen being left (/auth?redirectTo=/tasks) — the
// sign-out's own redirect to /auth is on its way. A mark on the document, because the socket
// code is a lazily loaded chunk of its own.
const MARK = "data-signing-out";

export function markSigningOut(): void {
  document.documentElement.setAttribute(MARK, "");
}

export function isSigningOut(): boolean {
  return document.documentElement.hasAttribute(MARK);
}
