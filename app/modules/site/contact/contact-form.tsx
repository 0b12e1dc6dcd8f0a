import { useEffect, useRef, useState, type FormEvent, type MouseEvent, type ReactNode, type RefObject } from "react";
import { Link, useFetcher } from "react-router";
import { useToast } from "~/components/ui/toaster";
import type { TranslationKey } from "~/i18n";
import { useI18n } from "~/i18n/react";
import { sitePath } from "~/modules/site/site-paths";
import { buttonClass } from "~/modules/site/ui/button-styles";
import { CheckIcon } from "~/modules/site/ui/icons";
import { Spinner } from "~/modules/site/ui/spinner";
import type { ContactActionData } from "./contact-action-data.ts";
import { checkContact } from "./contact-check.ts";
import { CONTACT_FIELDS, CONTACT_HONEYPOT, CONTACT_LIMITS, type ContactField } from "./contact-fields.ts";
import { EMAIL_MAX } from "~/modules/site/forms/email-check";

type FieldErrors = Partial<Record<ContactField, TranslationKey>>;

const invalidErrors = (data: ContactActionData | undefined): FieldErrors =>
  data && !data.ok && data.reason === "invalid" ? data.fieldErrors : {};

/**
 * The contact form, spec states idle → loading ('Sending...') → success (panel with the
 * 24-hour promise; 'Send Another Message' returns to an empty form) or error (destructive
 * toast; the form keeps what was typed).
 *
 * With JavaScript it posts through a fetcher (no navigation, no reload) after checking the
 * input with checkContact (the server schema's rules without zod), so most mistakes are shown
 * at once and in the page's language; the browser's own required / type=email checks stay in
 * front. When the server cannot be reached (offline), the form stays as typed, a toast and
 * the banner say to check the connection, and the next submit simply tries again.
 * Without JavaScript the same <form> posts to the route action and the page comes back
 * with the success panel, or with the errors next to the fields and the input kept.
 */
export function ContactForm({ actionData }: { actionData: ContactActionData | undefined }) {
  const { t } = useI18n();
  const toast = useToast();
  const fetcher = useFetcher<ContactActionData>();
  const result = fetcher.data ?? actionData;
  const busy = fetcher.state !== "idle";
  const [errors, setErrors] = useState<FieldErrors>(() => invalidErrors(actionData));
  const [refocusForm, setRefocusForm] = useState(false);
  const handled = useRef<ContactActionData | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const successHeading = useRef<HTMLHeadingElement>(null);

  const focusField = (field: ContactField | undefined) => {
    if (field) formRef.current?.querySelector<HTMLElement>(`[name="${field}"]`)?.focus();
  };

  // Each answer of the fetcher is handled once: toast, errors, focus.
  useEffect(() => {
    const data = fetcher.data;
    if (!data || fetcher.state !== "idle" || handled.current === data) return;
    handled.current = data;
    if (data.ok) {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- the form's answer is handled with a toast and focus on the DOM, after commit
      setErrors({});
      successHeading.current?.focus();
      toast({ title: t("site.contact.toasts.success"), description: t("site.contact.toasts.successDescription"), variant: "success" });
      return;
    }
    if (data.reason === "invalid") {
      setErrors(data.fieldErrors);
      focusField(CONTACT_FIELDS.find((f) => data.fieldErrors[f]));
    }
    if (data.reason === "offline") {
      toast({ title: t("site.forms.offline.title"), description: t("site.forms.offline.description"), variant: "destructive" });
      return;
    }
    toast({
      title: t("site.contact.toasts.error"),
      description:
        data.reason === "invalid" ? t("site.contact.form.errors.summary") : (data.message ?? t("site.contact.toasts.errorFallback")),
      variant: "destructive",
    });
  }, [fetcher.data, fetcher.state, t, toast]);

  // After 'Send Another Message' the new, empty form takes the focus.
  useEffect(() => {
    if (!refocusForm) return;
    focusField("name");
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the form's answer is handled with a toast and focus on the DOM, after commit
    setRefocusForm(false);
  }, [refocusForm]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const form = new FormData(event.currentTarget);
    const found = checkContact({
      name: String(form.get("name") ?? ""),
      email: String(form.get("email") ?? ""),
      message: String(form.get("message") ?? ""),
    });
    if (Object.keys(found).length === 0) {
      setErrors({});
      return; // the fetcher sends it
    }
    event.preventDefault();
    setErrors(found);
    focusField(CONTACT_FIELDS.find((f) => found[f]));
  }

  // Typing in a field clears its error.
  function onInput(event: FormEvent<HTMLFormElement>) {
    const name = (event.target as HTMLInputElement).name as ContactField;
    if (errors[name]) setErrors(({ [name]: _cleared, ...rest }) => rest);
  }

  if (result?.ok) {
    return (
      <SuccessPanel
        headingRef={successHeading}
        onAgain={(event) => {
          // With the fetcher's answer on screen, reset in place; otherwise (the page came
          // back from a plain POST) the link loads the empty page.
          if (!fetcher.data) return;
          event.preventDefault();
          fetcher.reset();
          setRefocusForm(true);
        }}
      />
    );
  }

  const failure = result && !result.ok ? result : null;
  const values = failure && failure.reason !== "offline" ? failure.values : undefined;
  const banner = failure
    ? failure.reason === "invalid"
      ? t("site.contact.form.errors.summary")
      : failure.reason === "offline"
        ? t("site.forms.offline.description")
        : (failure.message ?? t("site.contact.toasts.errorFallback"))
    : null;

  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      onSubmit={onSubmit}
      onInput={onInput}
      aria-busy={busy}
      aria-labelledby="contact-form-title"
      className="relative space-y-6"
      data-testid="contact-form"
    >
      <h2 id="contact-form-title" className="text-xl font-semibold text-ink-900">
        {t("site.contact.form.title")}
      </h2>

      {banner ? (
        <div
          id="contact-form-error"
          className="flex gap-3 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
          data-testid="contact-error"
        >
          <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-0.5 h-4 w-4 shrink-0" fill="currentColor">
            <path d="M10 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm-.9 4h1.8v5.2H9.1V6Zm0 6.8h1.8v1.8H9.1v-1.8Z" />
          </svg>
          <p>{banner}</p>
        </div>
      ) : null}

      <div className="grid gap-6 sm:grid-cols-2">
        <Field name="name" label={t("site.contact.form.name")} error={errors.name}>
          {(props) => (
            <input
              {...props}
              type="text"
              autoComplete="name"
              required
              maxLength={CONTACT_LIMITS.nameMax}
              placeholder={t("site.contact.form.namePlaceholder")}
              defaultValue={values?.name}
            />
          )}
        </Field>
        <Field name="email" label={t("site.contact.form.email")} error={errors.email}>
          {(props) => (
            <input
              {...props}
              type="email"
              autoComplete="email"
              inputMode="email"
              required
              maxLength={EMAIL_MAX}
              placeholder={t("site.contact.form.emailPlaceholder")}
              defaultValue={values?.email}
            />
          )}
        </Field>
      </div>

      <Field
        name="message"
        label={t("site.contact.form.message")}
        error={errors.message}
        hint={t("site.contact.form.messageHint", { min: CONTACT_LIMITS.messageMin, max: CONTACT_LIMITS.messageMax })}
      >
        {(props) => (
          <textarea
            {...props}
            rows={6}
            required
            maxLength={CONTACT_LIMITS.messageMax}
            placeholder={t("site.contact.form.messagePlaceholder")}
            defaultValue={values?.message}
            className={`${props.className} min-h-36 resize-y`}
          />
        )}
      </Field>

      {/* Honeypot: off-screen and hidden from assistive technology; people never fill it. */}
      <div aria-hidden="true" className="absolute -left-[9999px] top-0 h-px w-px overflow-hidden">
        <label>
          {t("site.contact.form.honeypot")}
          <input type="text" name={CONTACT_HONEYPOT} tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>

      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-500">
          {t("site.contact.form.privacy")}{" "}
          <Link to="/privacy" className="font-medium text-brand-700 underline-offset-2 hover:underline">
            {t("site.contact.form.privacyLink")}
          </Link>
        </p>
        <button type="submit" disabled={busy} className={`${buttonClass({ size: "lg", busy })} shrink-0`}>
          {busy ? <Spinner /> : null}
          {busy ? t("site.contact.form.submitting") : t("site.contact.form.submit")}
        </button>
      </div>
    </fetcher.Form>
  );
}

type ControlProps = {
  id: string;
  name: ContactField;
  className: string;
  "aria-invalid": boolean | undefined;
  "aria-describedby": string | undefined;
};

function Field(props: {
  name: ContactField;
  label: string;
  error?: TranslationKey;
  hint?: string;
  children: (control: ControlProps) => ReactNode;
}) {
  const { t } = useI18n();
  const id = `contact-${props.name}`;
  const describedBy = [props.error ? `${id}-error` : null, props.hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined;
  const className = `block w-full rounded-xl border bg-white px-4 py-3 text-base text-ink-900 shadow-sm transition placeholder:text-slate-400 focus:outline-none focus:ring-4 ${
    props.error ? "border-red-400 focus:border-red-500 focus:ring-red-100" : "border-slate-300 focus:border-brand-500 focus:ring-brand-100"
  }`;
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 flex items-baseline gap-1 text-sm font-medium text-slate-800">
        {props.label}
        <span aria-hidden="true" className="text-red-600">
          *
        </span>
        <span className="sr-only">({t("site.contact.form.required")})</span>
      </label>
      {props.children({ id, name: props.name, className, "aria-invalid": props.error ? true : undefined, "aria-describedby": describedBy })}
      {props.error ? (
        <p id={`${id}-error`} className="mt-1.5 text-sm font-medium text-red-700" data-testid={`${props.name}-error`}>
          {t(props.error)}
        </p>
      ) : null}
      {props.hint && !props.error ? (
        <p id={`${id}-hint`} className="mt-1.5 text-sm text-slate-500">
          {props.hint}
        </p>
      ) : null}
    </div>
  );
}

function SuccessPanel({
  headingRef,
  onAgain,
}: {
  headingRef: RefObject<HTMLHeadingElement | null>;
  onAgain: (event: MouseEvent<HTMLAnchorElement>) => void;
}) {
  const { language, t } = useI18n();
  return (
    <div
      className="flex flex-col items-center rounded-2xl border border-emerald-200 bg-emerald-50/60 px-6 py-12 text-center"
      data-testid="contact-success"
    >
      <span className="flex h-14 w-14 items-center justify-center rounded-full bg-emerald-100 text-emerald-700">
        <CheckIcon className="h-7 w-7" />
      </span>
      <h2 ref={headingRef} tabIndex={-1} className="mt-5 text-2xl font-semibold text-ink-900 focus:outline-none">
        {t("site.contact.success.title")}
      </h2>
      <p className="mt-3 max-w-md text-base text-slate-600">{t("site.contact.success.body")}</p>
      <Link to={sitePath(language, "/contact")} onClick={onAgain} className={`${buttonClass({ variant: "secondary" })} mt-8`}>
        {t("site.contact.success.again")}
      </Link>
    </div>
  );
}
