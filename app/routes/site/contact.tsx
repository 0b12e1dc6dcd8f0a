import { data } from "react-router";
import { useI18n } from "~/i18n/react";
import { withOfflineFallback } from "~/lib/offline-fallback";
import { routeErrorReply } from "~/lib/route-errors.server";
import type { ContactActionData, ContactValues } from "~/modules/site/contact/contact-action-data";
import { ContactDetails } from "~/modules/site/contact/contact-details";
import { ContactForm } from "~/modules/site/contact/contact-form";
import { CONTACT_FIELDS, CONTACT_HONEYPOT, contactSchema, isHoneypotFilled } from "~/modules/site/contact/contact-schema";
import { fieldErrorKeys } from "~/modules/site/forms/form-issues";
import { loaderMeta } from "~/modules/site/seo";
import { pageMeta, pageTranslator } from "~/modules/site/seo.server";
import { pageMessages } from "~/modules/site/site-messages.server";
import { pathLanguage } from "~/modules/site/site-paths";
import { workerContext } from "@worker/router-context";
import { submitContactMessage } from "@worker/services/contact-service";
import type { Route } from "./+types/contact";
import { PageHero } from "~/modules/site/ui/page-hero";

export const meta = loaderMeta;

export function loader(args: Route.LoaderArgs) {
  const { request } = args;
  const t = pageTranslator(request);
  return {
    meta: pageMeta(args, { title: t("site.contact.meta.title"), description: t("site.contact.meta.description") }),
    messages: pageMessages(request, ["site.contact", "site.forms"]),
  };
}

const field = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : undefined;
};

/**
 * The contact form's POST (with JavaScript through a fetcher, without as a plain form post).
 * Same schema and service as POST /api/contact: 200 with the success panel, 400 with the
 * field errors and the input, 429 with Retry-After when one IP sends too much. No redirect:
 * the page itself shows the outcome.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { services, auth } = context.get(workerContext);
  const language = pathLanguage(new URL(request.url).pathname);
  const form = await request.formData();
  const raw = {
    name: field(form, "name"),
    email: field(form, "email"),
    message: field(form, "message"),
    [CONTACT_HONEYPOT]: field(form, CONTACT_HONEYPOT),
  };
  const values: ContactValues = { name: raw.name ?? "", email: raw.email ?? "", message: raw.message ?? "" };

  const parsed = contactSchema.safeParse(raw);
  if (!parsed.success) {
    return data<ContactActionData>(
      { ok: false, reason: "invalid", fieldErrors: fieldErrorKeys(parsed.error, CONTACT_FIELDS), values },
      { status: 400 },
    );
  }
  if (isHoneypotFilled(parsed.data)) return data<ContactActionData>({ ok: true });

  try {
    await submitContactMessage(services, parsed.data, { language, ip: auth.client.ip });
    return data<ContactActionData>({ ok: true });
  } catch (error) {
    // The service's own refusal (too many messages from this IP) reads as the API's does.
    const refused = routeErrorReply(error, language);
    if (refused) {
      const reason = refused.body.error === "rate_limited" ? "rate_limited" : "failed";
      return data<ContactActionData>(
        { ok: false, reason, message: refused.body.message, values },
        { status: refused.status, headers: refused.headers },
      );
    }
    console.error("contact: submission failed", error);
    return data<ContactActionData>({ ok: false, reason: "failed", message: null, values }, { status: 500 });
  }
}

/**
 * In the browser, a failure to reach the server (offline, dropped connection) becomes the
 * form's 'offline' state (the page and the input stay; a toast says to try again) instead of
 * the page's error screen; any other failure becomes its error state. Both answer with a
 * 4xx/5xx status so the router does not revalidate the page's loaders over the dead connection.
 */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  try {
    return await withOfflineFallback(serverAction, { ok: false, reason: "offline" } satisfies ContactActionData);
  } catch (error) {
    console.error("contact: the submission failed", error);
    return data<ContactActionData>({ ok: false, reason: "failed", message: null }, { status: 500 });
  }
}

export default function ContactPage({ actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  return (
    <>
      <PageHero eyebrow={t("site.contact.hero.eyebrow")} title={t("site.contact.hero.title")} intro={t("site.contact.hero.intro")} />
      <div className="mx-auto grid max-w-7xl gap-10 px-4 pb-20 sm:px-6 lg:grid-cols-5 lg:items-start lg:gap-12 lg:px-8">
        <section className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 lg:col-span-3">
          <ContactForm actionData={actionData} />
        </section>
        <div className="lg:col-span-2">
          <ContactDetails />
        </div>
      </div>
    </>
  );
}
