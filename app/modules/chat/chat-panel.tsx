// The chat assistant's panel (site-and-sign-in.md §2 Chat assistant, §4 Chat flow): loaded on
// first open, with its copy, the flow and the contact extraction. The launcher in
// app/modules/site/chat-button-slot.tsx owns the button and whether the panel is open.
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { Link } from "react-router";
import { useToast } from "~/components/ui/toaster";
import { useI18n } from "~/i18n/react";
import { isNetworkError } from "~/lib/network-error";
import { askAssistant, CaptureLater, captureLead } from "./chat-api.ts";
import { loadChatCopy } from "./chat-copy.ts";
import {
  contactStepMessage,
  mergeUserInfo,
  pressButton,
  replyDelay,
  stepButtons,
  userInfoOf,
  welcomeReply,
  type BotReply,
  type ChatCopy,
  type ChatMessage,
  type ChatState,
} from "./chat-flow.ts";
import { EMPTY_CONVERSATION, forgetConversation, readConversation, writeConversation, type StoredConversation } from "./chat-store.ts";
import { CHAT_LIMITS, type ChatLanguage } from "./chat-types.ts";

export type ChatPanelProps = {
  open: boolean;
  language: ChatLanguage;
  /** Closes the panel (focus goes back to the button). */
  onClose: () => void;
  id: string;
};

/** Options that open a page in a new tab instead of answering in the chat. */
const NEW_TAB: Record<string, "/contact" | "/case-studies"> = { schedule_call: "/contact", view_portfolio: "/case-studies" };

/** Site paths in a bot message, shown as links: /pt/planner, /es/case-studies, /en/contact#form… */
const SITE_PATH = /(\/(?:pt|es|en)(?:\/[a-z0-9-]+)*(?:#[a-z0-9-]+)?)(?=[\s.,;:!?)]|$)/g;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const newId = () => (typeof crypto.randomUUID === "function" ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`);
const botMessage = (reply: BotReply): ChatMessage => ({
  id: newId(),
  content: reply.content,
  isBot: true,
  timestamp: Date.now(),
  buttons: reply.buttons,
});
const visitorMessage = (content: string): ChatMessage => ({ id: newId(), content, isBot: false, timestamp: Date.now() });

export function ChatPanel({ open, language, onClose, id }: ChatPanelProps) {
  const toast = useToast();
  const { t: siteT } = useI18n();
  const titleId = useId();
  const [copy, setCopy] = useState<{ language: ChatLanguage; t: ChatCopy } | null>(null);
  const [conversation, setConversation] = useState<StoredConversation>(EMPTY_CONVERSATION);
  const [restored, setRestored] = useState(false);
  const [pending, setPending] = useState(false);
  const [draft, setDraft] = useState("");
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLOListElement>(null);
  // The latest conversation for callbacks that outlive a render (replies arrive later).
  const latest = useRef(conversation);
  useLayoutEffect(() => {
    latest.current = conversation;
  });

  // The copy of the page's language (again when the visitor switches language).
  useEffect(() => {
    let current = true;
    loadChatCopy(language).then(
      (t) => current && setCopy({ language, t }),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [language]);

  // What this tab remembers (after hydration: sessionStorage is the browser's).
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- read once after hydration, so the first render matches the server's
    setConversation(readConversation());
    setRestored(true);
  }, []);

  const update = useCallback((change: (c: StoredConversation) => StoredConversation) => {
    setConversation((c) => {
      const next = change(c);
      writeConversation(next);
      latest.current = next;
      return next;
    });
  }, []);

  const t = copy?.t;
  const { messages, pendingCapture } = conversation;

  // The welcome, the first time the panel opens in this visit.
  useEffect(() => {
    if (open && restored && t && latest.current.messages.length === 0) update((c) => ({ ...c, messages: [botMessage(welcomeReply(t))] }));
  }, [open, restored, t, update]);

  // Focus in the panel when it opens; newest message in view.
  useEffect(() => {
    if (open && t) input.current?.focus();
  }, [open, t]);
  useEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [messages.length, pending, open]);

  /** Bumped when a paused capture (maintenance) is due again: the pending lead's effect runs. */
  const [captureRetry, setCaptureRetry] = useState(0);
  const retryTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(retryTimer.current), []);

  /** Sends the lead; kept as pending when the network is down, sent again once back online. */
  const sendLead = useCallback(
    async (lead: ChatState, transcript: ChatMessage[]) => {
      if (!lead.email || !t) return;
      try {
        const saved = await captureLead({
          name: lead.name,
          email: lead.email,
          phone: lead.phone,
          company: lead.company,
          language,
          projectType: lead.projectType,
          budget: lead.budget,
          timeline: lead.timeline,
          teamSize: lead.teamSize,
          transcript: transcript.slice(-60).map((m) => ({ content: m.content.slice(0, 2000), isBot: m.isBot })),
        });
        update((c) => ({ ...c, pendingCapture: false, state: { ...c.state, capturedEmail: lead.email } }));
        if (saved) toast({ title: t("leadToast.title"), description: t("leadToast.description"), variant: "success" });
      } catch (error) {
        if (!isNetworkError(error) && !(error instanceof CaptureLater)) console.warn("chat: the lead was not captured", error);
        update((c) => ({ ...c, pendingCapture: true }));
        // Maintenance: the lead stays pending (kept with the conversation) and goes again after
        // the server's Retry-After while the page is open, or on the next visit.
        if (error instanceof CaptureLater && retryTimer.current === undefined) {
          retryTimer.current = window.setTimeout(() => {
            retryTimer.current = undefined;
            setCaptureRetry((n) => n + 1);
          }, error.seconds * 1000);
        }
      }
    },
    [language, t, toast, update],
  );

  // A lead left pending by a dropped connection goes out once the browser is back online (or,
  // paused by maintenance, when its Retry-After has passed).
  useEffect(() => {
    if (!pendingCapture || !t) return;
    const retry = () => void sendLead(latest.current.state, latest.current.messages);
    if (navigator.onLine) retry();
    addEventListener("online", retry);
    return () => removeEventListener("online", retry);
  }, [pendingCapture, t, sendLead, captureRetry]);

  /** Shows the bot's reply after the typing delay (measured from when the visitor spoke). */
  const reply = useCallback(
    async (started: number, message: BotReply, nextState?: ChatState) => {
      await sleep(Math.max(0, started + replyDelay() - Date.now()));
      update((c) => ({ ...c, state: nextState ?? c.state, messages: [...c.messages, botMessage(message)] }));
    },
    [update],
  );

  const pressOption = async (value: string) => {
    if (!t || pending) return;
    // eslint-disable-next-line react-hooks/purity -- a click handler (referenced from the options' .map), never called during render
    const started = Date.now();
    update((c) => ({ ...c, messages: [...c.messages, visitorMessage(t(`options.${value}`))] }));
    const result = pressButton(latest.current.state, value, t);
    setPending(true);
    try {
      await reply(started, result.reply, result.state);
    } finally {
      setPending(false);
    }
  };

  const sendText = async (text: string) => {
    // Control characters (a paste from a terminal, a stray escape) are dropped, not refused.
    const message = text
      // eslint-disable-next-line no-control-regex -- dropping control characters is the point
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, "")
      .trim()
      .slice(0, CHAT_LIMITS.messageLength);
    if (!t || pending || !message) return;
    const started = Date.now();
    const history = latest.current.messages;
    update((c) => ({ ...c, messages: [...c.messages, visitorMessage(message)] }));
    setDraft("");
    setPending(true);
    try {
      const current = latest.current.state;
      if (current.currentStep === "contact") {
        const step = contactStepMessage(current, message, t);
        if (step.reply) {
          await reply(started, step.reply, step.state);
          if (step.capture) void sendLead(step.state, latest.current.messages);
          return;
        }
      }
      let answer: BotReply;
      let learned: ChatState | undefined;
      try {
        const response = await askAssistant({
          message,
          language,
          conversation: history
            .slice(-CHAT_LIMITS.conversationTurns)
            .map((m) => ({ content: m.content.slice(0, CHAT_LIMITS.turnLength), isBot: m.isBot })),
          userInfo: userInfoOf(current),
          pageContext: { company: "Velox Labs" },
        });
        learned = mergeUserInfo(latest.current.state, response.userInfo ?? {});
        answer = { content: response.response.trim(), buttons: stepButtons(learned, t) };
        if (response.shouldCreateLead && learned.email && learned.capturedEmail !== learned.email) {
          await reply(started, answer, learned);
          void sendLead(learned, latest.current.messages);
          return;
        }
      } catch (error) {
        if (!isNetworkError(error)) console.warn("chat: the assistant did not answer", error);
        answer = { content: t("technicalIssue"), buttons: stepButtons(latest.current.state, t) };
      }
      await reply(started, answer, learned);
    } finally {
      setPending(false);
    }
  };

  const restart = () => {
    if (!t || pending) return;
    forgetConversation();
    update(() => ({ ...EMPTY_CONVERSATION, messages: [botMessage(welcomeReply(t))] }));
    input.current?.focus();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void sendText(draft);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Escape") {
      event.stopPropagation();
      onClose();
    }
  };

  const last = messages.at(-1);

  return (
    <section
      id={id}
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      hidden={!open}
      onKeyDown={onKeyDown}
      data-testid="chat-panel"
      className="fixed inset-x-2 bottom-2 top-2 z-[60] flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-2xl sm:absolute sm:inset-auto sm:bottom-16 sm:right-0 sm:h-[min(560px,calc(100dvh-7rem))] sm:w-[380px]"
    >
      <header className="flex items-center gap-3 bg-brand-600 px-4 py-3 text-white">
        <span aria-hidden="true" className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-white/15">
          <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="1.8">
            <path d="M4 5.5A2.5 2.5 0 0 1 6.5 3h11A2.5 2.5 0 0 1 20 5.5v8a2.5 2.5 0 0 1-2.5 2.5H10l-4.5 4v-4h0A1.5 1.5 0 0 1 4 14.5z" />
          </svg>
        </span>
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="truncate text-sm font-semibold">
            {t?.("title") ?? "Velox Labs"}
          </h2>
          {t ? <p className="truncate text-xs text-white/80">{t("subtitle")}</p> : null}
        </div>
        {t && messages.length > 1 ? (
          <button
            type="button"
            onClick={restart}
            disabled={pending}
            aria-label={t("restart")}
            title={t("restart")}
            className="rounded-lg p-2 text-white/90 hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-white disabled:opacity-50"
          >
            <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="1.8">
              <path d="M4 10a6 6 0 1 0 2-4.47M4 3.5V6h2.5" />
            </svg>
          </button>
        ) : null}
        <button
          type="button"
          onClick={onClose}
          aria-label={siteT("site.chat.close")}
          title={siteT("site.chat.close")}
          className="rounded-lg p-2 text-white/90 hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-white"
        >
          <CloseIcon />
        </button>
      </header>

      {t ? (
        <>
          <ol
            ref={list}
            role="log"
            aria-live="polite"
            aria-label={t("log")}
            className="flex-1 space-y-3 overflow-y-auto bg-slate-50 px-3 py-4"
          >
            {messages.map((message) => (
              <li key={message.id} className={`flex flex-col ${message.isBot ? "items-start" : "items-end"}`}>
                <span className="sr-only">{message.isBot ? t("bot") : t("you")}: </span>
                <p
                  className={`max-w-[85%] whitespace-pre-line break-words rounded-2xl px-3.5 py-2 text-sm leading-relaxed ${
                    message.isBot
                      ? "rounded-bl-sm bg-white text-slate-800 shadow-sm ring-1 ring-slate-200"
                      : "rounded-br-sm bg-brand-600 text-white"
                  }`}
                >
                  {message.isBot ? <Linked text={message.content} /> : message.content}
                </p>
                {message === last && message.isBot && message.buttons?.length && !pending ? (
                  <div className="mt-2 flex max-w-[95%] flex-wrap gap-2" data-testid="chat-options">
                    {message.buttons.map((button) =>
                      NEW_TAB[button.value] ? (
                        <a
                          key={button.value}
                          href={`/${language}${NEW_TAB[button.value]}`}
                          target="_blank"
                          rel="noopener"
                          onClick={() => void pressOption(button.value)}
                          className={OPTION_CLASS}
                        >
                          {t(`options.${button.value}`)}
                          <span className="sr-only"> {t("opensInNewTab")}</span>
                          <svg
                            aria-hidden="true"
                            viewBox="0 0 20 20"
                            className="ml-1 inline h-3.5 w-3.5"
                            fill="none"
                            stroke="currentColor"
                            strokeWidth="1.8"
                          >
                            <path d="M8 4H4v12h12v-4M11 3h6v6M17 3l-8 8" />
                          </svg>
                        </a>
                      ) : (
                        <button key={button.value} type="button" onClick={() => void pressOption(button.value)} className={OPTION_CLASS}>
                          {t(`options.${button.value}`)}
                        </button>
                      ),
                    )}
                  </div>
                ) : null}
              </li>
            ))}
            {pending ? (
              <li className="flex items-start" data-testid="chat-typing">
                <span
                  role="status"
                  className="flex items-center gap-1 rounded-2xl rounded-bl-sm bg-white px-3.5 py-3 shadow-sm ring-1 ring-slate-200"
                >
                  <span className="sr-only">{t("typing")}</span>
                  {["[animation-delay:0ms]", "[animation-delay:150ms]", "[animation-delay:300ms]"].map((delay) => (
                    <span
                      key={delay}
                      aria-hidden="true"
                      className={`h-1.5 w-1.5 animate-bounce rounded-full bg-slate-400 motion-reduce:animate-none ${delay}`}
                    />
                  ))}
                </span>
              </li>
            ) : null}
          </ol>
          <form onSubmit={onSubmit} className="flex items-center gap-2 border-t border-slate-200 bg-white p-3">
            <label htmlFor={`${id}-input`} className="sr-only">
              {t("inputLabel")}
            </label>
            <input
              ref={input}
              id={`${id}-input`}
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              disabled={pending}
              maxLength={CHAT_LIMITS.messageLength}
              autoComplete="off"
              placeholder={t("placeholder")}
              className="min-w-0 flex-1 rounded-xl border border-slate-300 px-3 py-2 text-base text-slate-900 placeholder:text-slate-400 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 disabled:bg-slate-50 sm:text-sm"
            />
            <button
              type="submit"
              disabled={pending || !draft.trim()}
              aria-label={t("send")}
              title={t("send")}
              className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-brand-600 text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-50"
            >
              <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor">
                <path d="M3.1 2.3a.75.75 0 0 0-1 .9l1.9 6.05h6.25a.75.75 0 0 1 0 1.5H4l-1.9 6.05a.75.75 0 0 0 1 .9l15-7a.75.75 0 0 0 0-1.36z" />
              </svg>
            </button>
          </form>
        </>
      ) : (
        <p role="status" className="flex-1 p-4 text-sm text-slate-600">
          {siteT("site.chat.loading")}
        </p>
      )}
    </section>
  );
}

const OPTION_CLASS =
  "inline-flex items-center rounded-full border border-brand-600/40 bg-white px-3 py-1.5 text-sm font-medium text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";

/** Plain text with the site's own paths as links (never HTML from the message). */
function Linked({ text }: { text: string }) {
  const parts = text.split(SITE_PATH);
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <Link key={i} to={part} className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800">
            {part}
          </Link>
        ) : (
          part
        ),
      )}
    </>
  );
}

function CloseIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="1.8">
      <path d="M5 5l10 10M15 5 5 15" />
    </svg>
  );
}
