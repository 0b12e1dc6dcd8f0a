// /unsubscribe?token=… — the page the unsubscribe link of a notification digest or report
// e-mail opens (issue 24, docs/decisions/028). Public (no session): the signed token names the
// user and the one switch. Loading the page changes nothing (mail scanners follow links); it
// says what will be turned off, in the user's saved language, and its button POSTs.
import { Box, Button, Callout, Card, Flex, Heading, Link as RadixLink, Text } from "@radix-ui/themes";
import { useEffect } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { useToast } from "~/components/ui/toaster";
import { languageFromCookie, translatorFromMatches, type Language } from "~/i18n";
import { BASE_NAMESPACES, getTranslator, messagesFor } from "~/i18n/dictionaries.server";
import { useI18n } from "~/i18n/react";
import type { LanguageHandle } from "~/i18n/resolve-language";
import { withOfflineFallback } from "~/lib/offline-fallback";
import { routeErrorReply } from "~/lib/route-errors.server";
import { CheckCircledIcon, ExclamationTriangleIcon } from "~/modules/auth/auth-icons";
import { workerContext } from "@worker/router-context";
import {
  readUnsubscribeLink,
  UNSUBSCRIBE_SETTING_LABEL,
  UnsubscribeLinkError,
  unsubscribeWithToken,
} from "@worker/services/unsubscribe-service";
import type { Route } from "./+types/unsubscribe";

/** The document's language is the one this page's loader chose (the link's user's). */
export const handle: LanguageHandle = { languageFrom: "loader" };

export function meta({ matches }: Route.MetaArgs) {
  const t = translatorFromMatches(matches);
  return [{ title: t("email.unsubscribePage.metaTitle") }, { name: "robots", content: "noindex" }];
}

const messagesOf = (language: Language) => messagesFor(language, [...BASE_NAMESPACES, "email.unsubscribePage"]);

type LinkState =
  { state: "ready" | "already"; token: string; email: string; setting: string } | { state: "invalid" | "expired"; message: string };

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const { services } = context.get(workerContext);
  try {
    const view = await readUnsubscribeLink(services, token);
    const t = getTranslator(view.language);
    const link: LinkState = {
      state: view.used ? "already" : "ready",
      token,
      email: view.email,
      setting: t(UNSUBSCRIBE_SETTING_LABEL[view.switch]),
    };
    return { language: view.language, messages: messagesOf(view.language), link };
  } catch (error) {
    if (!(error instanceof UnsubscribeLinkError)) throw error;
    // An expired link still names its user (its signature checked out): their language.
    const language = error.language ?? languageFromCookie(request.headers.get("Cookie")) ?? "pt";
    const link: LinkState = {
      state: error.code === "unsubscribe_link_expired" ? "expired" : "invalid",
      message: getTranslator(language)(`apiErrors.${error.code}`),
    };
    return data({ language, messages: messagesOf(language), link }, { status: 400 });
  }
}

type ActionResult = { ok: true; alreadyDone: boolean; message: string } | { ok: false; message: string } | { ok: false; offline: true };

export async function action({ request, context }: Route.ActionArgs) {
  const { services, auth } = context.get(workerContext);
  const form = await request.formData();
  const token = String(form.get("token") ?? "");
  let language: Language = languageFromCookie(request.headers.get("Cookie")) ?? "pt";
  try {
    const done = await unsubscribeWithToken(services, token, auth.client);
    language = done.language;
    const t = getTranslator(language);
    const message = t(done.alreadyDone ? "email.unsubscribePage.already" : "email.unsubscribePage.done", {
      setting: t(UNSUBSCRIBE_SETTING_LABEL[done.switch]),
      email: done.email,
    });
    return data<ActionResult>({ ok: true, alreadyDone: done.alreadyDone, message });
  } catch (error) {
    if (error instanceof UnsubscribeLinkError && error.language) language = error.language;
    const reply = routeErrorReply(error, language);
    if (!reply) throw error;
    return data<ActionResult>({ ok: false, message: reply.body.message }, { status: reply.status, headers: reply.headers });
  }
}

/** A submit that cannot reach the server keeps the page and says to try again. */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return withOfflineFallback(serverAction, { ok: false, offline: true } satisfies ActionResult);
}

export default function UnsubscribePage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const toast = useToast();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const result = actionData as ActionResult | undefined;
  const { link } = loaderData;

  useEffect(() => {
    if (result && !result.ok) {
      toast({
        title: t("email.unsubscribePage.failed"),
        description: "offline" in result ? undefined : result.message,
        variant: "destructive",
      });
    }
  }, [result, t, toast]);

  const refused = link.state === "invalid" || link.state === "expired";
  const usable = "token" in link ? link : null;
  const done = result?.ok ? result.message : usable?.state === "already" ? t("email.unsubscribePage.already", usable) : null;
  const heading = refused
    ? t(link.state === "expired" ? "email.unsubscribePage.expiredTitle" : "email.unsubscribePage.invalidTitle")
    : done
      ? t("email.unsubscribePage.doneTitle")
      : t("email.unsubscribePage.title");

  return (
    <Flex direction="column" align="center" justify="center" className="min-h-screen px-4 py-6" style={{ background: "var(--gray-2)" }}>
      <Card size="4" className="w-full max-w-[460px]" data-testid="unsubscribe-card">
        <Flex direction="column" gap="2" mb="4" align="center">
          <img src="/favicon.svg" alt="" width={40} height={40} />
          <Heading as="h1" size="6" align="center">
            {heading}
          </Heading>
        </Flex>

        {link.state === "invalid" || link.state === "expired" ? (
          <Callout.Root color="red" role="alert" data-testid="unsubscribe-refused">
            <Callout.Icon>
              <ExclamationTriangleIcon />
            </Callout.Icon>
            <Callout.Text>{link.message}</Callout.Text>
          </Callout.Root>
        ) : done ? (
          <Callout.Root color="green" role="status" data-testid="unsubscribe-done">
            <Callout.Icon>
              <CheckCircledIcon />
            </Callout.Icon>
            <Callout.Text>{done}</Callout.Text>
          </Callout.Root>
        ) : usable ? (
          <Form method="post" replace>
            <input type="hidden" name="token" value={usable.token} />
            <Flex direction="column" gap="3">
              <Text as="p" size="3" weight="medium" align="center">
                {t("email.unsubscribePage.confirm", { setting: usable.setting, email: usable.email })}
              </Text>
              <Text as="p" size="2" color="gray" align="center">
                {t("email.unsubscribePage.explain")}
              </Text>
              {result && !result.ok ? (
                <Callout.Root color="red" role="alert">
                  <Callout.Icon>
                    <ExclamationTriangleIcon />
                  </Callout.Icon>
                  <Callout.Text>{"offline" in result ? t("email.unsubscribePage.failed") : result.message}</Callout.Text>
                </Callout.Root>
              ) : null}
              <Button type="submit" size="3" color="red" loading={busy} data-testid="unsubscribe-confirm">
                {busy ? t("email.unsubscribePage.working") : t("email.unsubscribePage.button")}
              </Button>
            </Flex>
          </Form>
        ) : null}

        <Box mt="4">
          <Text as="p" size="2" align="center">
            <RadixLink asChild>
              <Link to="/settings?tab=notifications">{t("email.unsubscribePage.settingsLink")}</Link>
            </RadixLink>
          </Text>
        </Box>
      </Card>
    </Flex>
  );
}
