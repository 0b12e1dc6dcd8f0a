import { useEffect, useRef, useState, type FormEvent } from "react";
import { Link, useFetcher, useLocation } from "react-router";
import { useToast } from "~/components/ui/toaster";
import type { TranslationKey } from "~/i18n";
import { formatNumber } from "~/i18n/format";
import { useI18n } from "~/i18n/react";
import { buttonClass } from "~/modules/site/ui/button-styles";
import { CheckIcon } from "~/modules/site/ui/icons";
import type { NewsletterActionData } from "./newsletter-action-data.ts";
import { checkEmail, EMAIL_MAX } from "~/modules/site/forms/email-check";

/**
 * The newsletter box (claim: NEWSLETTER_READERS readers, written by Intl). It really subscribes: the page's action
 * (intent "newsletter") stores the address once. A second subscription of the same
 * address is confirmed as well ("already on the list"), never an error. With JavaScript it
 * posts through a fetcher and checks the address first with checkEmail (the server schema's
 * rules without zod); when the server cannot be reached the address stays, a toast says to
 * try again, and the next submit does. Without JavaScript the form posts to the action and
 * the page comes back scrolled to #newsletter.
 */
/** The newsletter's readership claim ("more than 2,500 readers"). */
export const NEWSLETTER_READERS = 2_500;

export function NewsletterBox({ actionData }: { actionData: NewsletterActionData | undefined }) {
  const { language, t } = useI18n();
  const toast = useToast();
  const { pathname, search } = useLocation();
  const fetcher = useFetcher<NewsletterActionData>();
  const result = fetcher.data ?? actionData;
  const busy = fetcher.state !== "idle";
  const [clientError, setClientError] = useState<TranslationKey | null>(null);
  const [refocus, setRefocus] = useState(false);
  const handled = useRef<NewsletterActionData | null>(null);
  const confirmation = useRef<HTMLHeadingElement>(null);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const data = fetcher.data;
    if (!data || fetcher.state !== "idle" || handled.current === data) return;
    handled.current = data;
    setClientError(null);
    if (data.ok) confirmation.current?.focus();
    else input.current?.focus();
    if (!data.ok && data.reason === "offline") {
      toast({ title: t("site.forms.offline.title"), description: t("site.forms.offline.description"), variant: "destructive" });
    }
  }, [fetcher.data, fetcher.state, t, toast]);

  useEffect(() => {
    if (!refocus) return;
    input.current?.focus();
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the answer is handled with a toast and focus on the DOM, after commit
    setRefocus(false);
  }, [refocus]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const found = checkEmail(String(new FormData(event.currentTarget).get("email") ?? ""));
    if (!found) {
      setClientError(null);
      return;
    }
    event.preventDefault();
    setClientError(found);
    input.current?.focus();
  }

  const here = `${pathname}${search}`;
  const serverError: TranslationKey | null =
    result && !result.ok
      ? result.reason === "invalid"
        ? result.error
        : result.reason === "offline"
          ? "site.forms.offline.description"
          : "site.insights.newsletter.failed"
      : null;
  const error = clientError ?? serverError;

  return (
    <section
      id="newsletter"
      aria-labelledby="newsletter-title"
      className="scroll-mt-24 overflow-hidden rounded-3xl bg-ink-900 text-white"
      data-testid="newsletter"
    >
      <div className="relative grid gap-8 p-8 sm:p-12 lg:grid-cols-2 lg:items-center">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -right-24 -top-24 h-72 w-72 rounded-full bg-brand-600/40 blur-3xl"
        />
        <div className="relative">
          <h2 id="newsletter-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
            {t("site.insights.newsletter.title")}
          </h2>
          <p className="mt-3 max-w-lg text-slate-300">
            {t("site.insights.newsletter.body", { readers: formatNumber(NEWSLETTER_READERS, language) })}
          </p>
        </div>

        <div className="relative">
          {result?.ok ? (
            <div className="rounded-2xl bg-white/10 p-6 ring-1 ring-white/15" data-testid="newsletter-confirmation">
              <h3 ref={confirmation} tabIndex={-1} className="flex items-center gap-2 text-lg font-semibold focus:outline-none">
                <CheckIcon className="h-5 w-5 text-emerald-400" />
                {result.alreadySubscribed ? t("site.insights.newsletter.already.title") : t("site.insights.newsletter.subscribed.title")}
              </h3>
              <p className="mt-2 break-words text-slate-300">
                {result.alreadySubscribed
                  ? t("site.insights.newsletter.already.body", { email: result.email })
                  : t("site.insights.newsletter.subscribed.body", { email: result.email })}
              </p>
              <Link
                to={`${here}#newsletter`}
                preventScrollReset
                onClick={(event) => {
                  if (!fetcher.data) return;
                  event.preventDefault();
                  fetcher.reset();
                  setRefocus(true);
                }}
                className="mt-4 inline-block text-sm font-semibold text-brand-100 underline underline-offset-4 hover:text-white"
              >
                {t("site.insights.newsletter.another")}
              </Link>
            </div>
          ) : (
            <fetcher.Form
              method="post"
              action={`${here}#newsletter`}
              onSubmit={onSubmit}
              onInput={() => setClientError(null)}
              aria-busy={busy}
            >
              <input type="hidden" name="intent" value="newsletter" />
              <label htmlFor="newsletter-email" className="mb-2 block text-sm font-medium text-slate-200">
                {t("site.insights.newsletter.email")}
              </label>
              <div className="flex flex-col gap-3 sm:flex-row">
                <input
                  ref={input}
                  id="newsletter-email"
                  name="email"
                  type="email"
                  inputMode="email"
                  autoComplete="email"
                  required
                  maxLength={EMAIL_MAX}
                  defaultValue={result && !result.ok ? result.email : undefined}
                  placeholder={t("site.insights.newsletter.emailPlaceholder")}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? "newsletter-error" : undefined}
                  className="min-w-0 flex-1 rounded-xl border border-white/20 bg-white px-4 py-3 text-base text-ink-900 placeholder:text-slate-400 focus:outline-none focus:ring-4 focus:ring-brand-500/40"
                />
                <button type="submit" disabled={busy} className={buttonClass({ variant: "primaryOnDark", size: "lg", busy })}>
                  {busy ? t("site.insights.newsletter.submitting") : t("site.insights.newsletter.submit")}
                </button>
              </div>
              {error ? (
                <p id="newsletter-error" role="alert" className="mt-2 text-sm font-medium text-red-300" data-testid="newsletter-error">
                  {t(error)}
                </p>
              ) : null}
            </fetcher.Form>
          )}
        </div>
      </div>
    </section>
  );
}
