import type { ReactNode } from "react";
import { useNavigation } from "react-router";
import { ChatButtonSlot } from "./chat-button-slot.tsx";
import { SiteFooter } from "./site-footer.tsx";
import { SiteHeader } from "./site-header.tsx";

/**
 * The public site's chrome around a page: header (navigation, language links), footer and
 * the chat button. Every public page has it, the not-found page included.
 */
export function SiteFrame({ children }: { children: ReactNode }) {
  const navigation = useNavigation();
  const pending = navigation.state !== "idle";
  return (
    <div className="flex min-h-screen flex-col bg-white">
      {/* A slim progress bar while a client-side navigation or form submission is pending. */}
      <div
        aria-hidden="true"
        className={`fixed inset-x-0 top-0 z-50 h-0.5 origin-left bg-brand-600 transition-opacity duration-300 ${
          pending ? "animate-pulse opacity-100" : "opacity-0"
        }`}
      />
      <SiteHeader />
      <main id="main" className="flex-1" aria-busy={pending || undefined}>
        {children}
      </main>
      <SiteFooter />
      <ChatButtonSlot />
    </div>
  );
}
