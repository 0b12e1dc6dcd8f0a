import { ArrowLeftIcon, CheckCircledIcon, EyeClosedIcon, EyeOpenIcon, ExclamationTriangleIcon } from "~/modules/auth/auth-icons";
import { Box, Button, Callout, Card, Flex, Heading, IconButton, Text, TextField } from "@radix-ui/themes";
import { useEffect, useState } from "react";
import { data, Form, Link, redirect, redirectDocument, replace, useNavigation } from "react-router";
import { useToast } from "~/components/ui/toaster";
import { languageFromCookie, translatorFromMatches } from "~/i18n";
import { getTranslator, messagesFor } from "~/i18n/dictionaries.server";
import { useI18n } from "~/i18n/react";
import { withOfflineFallback } from "~/lib/offline-fallback";
import { routeErrorReply } from "~/lib/route-errors.server";
import { recoverSchema, signInSchema } from "~/modules/auth/auth-schemas";
import { getViewer, safeReturnPath } from "~/modules/auth/guards.server";
import { AuthError } from "@worker/auth/auth-error";
import { weakPasswordReasons } from "@worker/auth/password-policy";
import { workerContext } from "@worker/router-context";
import {
  authenticateAccessToken,
  peekRecoveryToken,
  requestPasswordRecovery,
  signInWithPassword,
  updatePassword,
  verifyRecoveryToken,
  type Authenticated,
} from "@worker/services/auth-service";
import type { Route } from "./+types/auth";

export function meta({ matches }: Route.MetaArgs) {
  const t = translatorFromMatches(matches);
  return [{ title: t("auth.page.metaTitle") }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const language = languageFromCookie(request.headers.get("Cookie")) ?? "pt";
  const messages = messagesFor(language, ["auth"]);
  const redirectTo = safeReturnPath(url.searchParams.get("redirectTo"));
  const viewer = await getViewer(context);

  // A recovery link, or an invitation (Settings → Usuários): the same single-use token
  // machinery, worded as a welcome for an invitation.
  const type = url.searchParams.get("type");
  if (type === "recovery" || type === "invite") {
    const invite = type === "invite";
    const token = url.searchParams.get("token");
    if (token) {
      const account = await peekRecoveryToken(context.get(workerContext).services, token);
      const email = account?.email ?? null;
      return {
        language,
        messages,
        mode: "recovery" as const,
        invite,
        token,
        email,
        name: account?.name ?? null,
        invalidLink: !account,
        redirectTo,
      };
    }
    if (viewer?.session.method === "recovery") {
      const { email, name } = viewer.user;
      return { language, messages, mode: "recovery" as const, invite, token: null, email, name, invalidLink: false, redirectTo };
    }
  }
  // Already signed in: straight to the CRM.
  if (viewer && viewer.session.method === "password") throw outsideApp(redirectTo) ? redirectDocument(redirectTo) : redirect(redirectTo);
  return {
    language,
    messages,
    mode: "sign-in" as const,
    invite: false,
    token: null,
    email: null,
    name: null,
    invalidLink: false,
    redirectTo,
  };
}

type ActionResult =
  | { intent: "recover"; ok: true }
  | { intent: "sign-in" | "recover" | "set-password"; ok: false; message: string }
  | { intent: "sign-in" | "recover" | "set-password"; ok: false; offline: true };

export async function action({ request, context }: Route.ActionArgs) {
  const { services, auth } = context.get(workerContext);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "sign-in");
  const language = languageFromCookie(request.headers.get("Cookie")) ?? "pt";
  const t = getTranslator(language);
  const redirectTo = safeReturnPath(String(form.get("redirectTo") ?? ""));
  const fail = (i: "sign-in" | "recover" | "set-password", message: string, status = 400, headers?: HeadersInit) =>
    data<ActionResult>({ intent: i, ok: false, message }, { status, headers });
  /** A failed auth call: its own status, message and Retry-After, as the API answers it; else 500 with `fallback`. */
  const failWith = (i: "sign-in" | "recover" | "set-password", error: unknown, fallback: string) => {
    const refused = routeErrorReply(error, language);
    if (!refused) console.error("auth: unexpected failure", error);
    return fail(i, refused?.body.message ?? fallback, refused?.status ?? 500, refused?.headers);
  };

  if (intent === "recover") {
    const parsed = recoverSchema.safeParse({ email: form.get("email") });
    if (!parsed.success) return fail("recover", t("auth.toasts.emailRequired"));
    try {
      await requestPasswordRecovery(
        services,
        { email: parsed.data.email, redirectTo: "/auth", language: languageFromCookie(request.headers.get("Cookie")) ?? "pt" },
        auth.client,
      );
      return data<ActionResult>({ intent: "recover", ok: true });
    } catch (error) {
      return failWith("recover", error, t("auth.toasts.resetError"));
    }
  }

  if (intent === "set-password") {
    const password = String(form.get("password") ?? "");
    if (password !== String(form.get("confirm") ?? "")) return fail("set-password", t("auth.recovery.mismatch"));
    // Check the password before spending the single-use token on it.
    if (weakPasswordReasons(password).length > 0) return fail("set-password", t("auth.errors.weak_password"), 422);
    try {
      const token = String(form.get("token") ?? "");
      let viewer: Authenticated | null;
      if (token) {
        const session = await verifyRecoveryToken(services, token, auth.client);
        auth.establish(session);
        viewer = await authenticateAccessToken(services, session.access_token);
      } else {
        viewer = await auth.current();
      }
      if (!viewer || viewer.session.method !== "recovery") throw new AuthError(403, "otp_expired");
      await updatePassword(services, viewer, password);
    } catch (error) {
      return failWith("set-password", error, t("auth.state.unexpected"));
    }
    // A redirect with or without JavaScript: the router follows it as part of the submission
    // (the page's own loader does not run again first), in place of /auth in the history.
    return replace("/dashboard");
  }

  const parsed = signInSchema.safeParse({ email: form.get("email"), password: form.get("password") });
  if (!parsed.success) return fail("sign-in", t("auth.errors.validation_failed"));
  try {
    const session = await signInWithPassword(services, parsed.data, auth.client);
    auth.establish(session);
  } catch (error) {
    return failWith("sign-in", error, t("auth.toasts.loginError"));
  }
  // A page the Worker serves outside this app (the API's reference, /api/docs) is a document load.
  return outsideApp(redirectTo) ? redirectDocument(redirectTo) : replace(redirectTo);
}

/** Whether a return path is served by the Worker's API rather than by this app's routes (the router cannot load it). */
function outsideApp(path: string) {
  return path === "/api" || path.startsWith("/api/");
}

/**
 * In the browser, a submit that cannot reach the server (offline, dropped connection) keeps
 * the page and what was typed (password included) and says to try again, instead of the
 * error screen. Status 503, so the router does not revalidate over the dead connection.
 */
export async function clientAction({ serverAction, request }: Route.ClientActionArgs) {
  const intent = String((await request.clone().formData()).get("intent") ?? "sign-in");
  const offline = {
    intent: intent === "recover" || intent === "set-password" ? intent : "sign-in",
    ok: false,
    offline: true,
  } satisfies ActionResult;
  return withOfflineFallback(serverAction, offline);
}

export default function AuthPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const toast = useToast();
  const navigation = useNavigation();
  // Submitting, then (after a successful sign-in) loading the next screen: busy throughout.
  const pendingIntent = navigation.state !== "idle" ? navigation.formData?.get("intent") : null;
  const result = actionData as ActionResult | undefined;

  // The action answered a successful sign-in (or new password) with a redirect, which the
  // router is now loading: say so while the next screen loads (the toaster outlives this page).
  const signedInTo =
    navigation.state === "loading" && navigation.formData && navigation.location.pathname !== "/auth"
      ? navigation.formData.get("intent")
      : null;
  useEffect(() => {
    if (signedInTo === "sign-in") toast({ title: t("auth.toasts.loginSuccess"), variant: "success" });
    else if (signedInTo === "set-password")
      toast({ title: loaderData.invite ? t("auth.invite.success") : t("auth.recovery.success"), variant: "success" });
  }, [signedInTo, t, toast, loaderData.invite]);

  useEffect(() => {
    if (!result) return;
    if (result.ok && result.intent === "recover") {
      toast({ title: t("auth.toasts.resetSent"), description: t("auth.toasts.resetSentDescription"), variant: "success" });
    } else if ("offline" in result) {
      toast({ title: t("auth.toasts.offline"), description: t("auth.toasts.offlineDescription"), variant: "destructive" });
    } else if (!result.ok) {
      const title =
        result.intent === "recover"
          ? result.message === t("auth.toasts.emailRequired")
            ? result.message
            : t("auth.toasts.resetError")
          : result.intent === "sign-in"
            ? t("auth.toasts.loginError")
            : t("auth.recovery.title");
      toast({ title, description: title === result.message ? undefined : result.message, variant: "destructive" });
    }
  }, [result, t, toast]);

  return (
    <Flex direction="column" align="center" justify="between" className="min-h-screen px-4 py-6" style={{ background: "var(--gray-2)" }}>
      <Box className="w-full max-w-[420px]">
        <Button asChild variant="ghost" color="gray">
          <Link to="/">
            <ArrowLeftIcon /> {t("auth.page.back")}
          </Link>
        </Button>
      </Box>

      <Card size="4" className="w-full max-w-[420px]">
        <Flex direction="column" gap="2" mb="5" align="center">
          <img src="/favicon.svg" alt="" width={40} height={40} />
          <Heading as="h1" size="6" align="center">
            {loaderData.mode === "recovery"
              ? loaderData.invite
                ? t("auth.invite.title")
                : t("auth.recovery.title")
              : t("auth.page.title")}
          </Heading>
          <Text size="2" color="gray" align="center">
            {loaderData.mode === "recovery"
              ? loaderData.email
                ? loaderData.invite
                  ? t("auth.invite.subtitle", { name: loaderData.name ?? "", email: loaderData.email })
                  : t("auth.recovery.subtitle", { email: loaderData.email })
                : ""
              : t("auth.page.subtitle")}
          </Text>
        </Flex>

        {result && !result.ok ? (
          <Callout.Root color="red" mb="4" role="alert">
            <Callout.Icon>
              <ExclamationTriangleIcon />
            </Callout.Icon>
            <Callout.Text>{"offline" in result ? t("auth.toasts.offlineDescription") : result.message}</Callout.Text>
          </Callout.Root>
        ) : null}
        {result?.ok && result.intent === "recover" ? (
          <Callout.Root color="green" mb="4" role="status">
            <Callout.Icon>
              <CheckCircledIcon />
            </Callout.Icon>
            <Callout.Text>
              {t("auth.toasts.resetSent")} {t("auth.toasts.resetSentDescription")}
            </Callout.Text>
          </Callout.Root>
        ) : null}

        {loaderData.mode === "recovery" ? (
          loaderData.invalidLink ? (
            <Flex direction="column" gap="4">
              <Callout.Root color="red" role="alert">
                <Callout.Icon>
                  <ExclamationTriangleIcon />
                </Callout.Icon>
                <Callout.Text>{loaderData.invite ? t("auth.invite.invalidLink") : t("auth.recovery.invalidLink")}</Callout.Text>
              </Callout.Root>
              <Button asChild variant="soft">
                <Link to="/auth">{t("auth.page.title")}</Link>
              </Button>
            </Flex>
          ) : (
            <Form method="post" replace>
              <input type="hidden" name="intent" value="set-password" />
              {loaderData.token ? <input type="hidden" name="token" value={loaderData.token} /> : null}
              <Flex direction="column" gap="4">
                <PasswordField name="password" label={t("auth.recovery.newPassword")} autoComplete="new-password" />
                <PasswordField name="confirm" label={t("auth.recovery.confirmPassword")} autoComplete="new-password" />
                <Text size="1" color="gray">
                  {t("auth.recovery.hint")}
                </Text>
                <Button type="submit" size="3" disabled={pendingIntent === "set-password"}>
                  {pendingIntent === "set-password"
                    ? t("auth.recovery.submitting")
                    : loaderData.invite
                      ? t("auth.invite.submit")
                      : t("auth.recovery.submit")}
                </Button>
              </Flex>
            </Form>
          )
        ) : (
          <Form method="post">
            <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
            <Flex direction="column" gap="4">
              <label>
                <Text as="div" size="2" weight="medium" mb="1">
                  {t("auth.page.email")}
                </Text>
                <TextField.Root
                  type="email"
                  name="email"
                  required
                  autoComplete="username"
                  placeholder={t("auth.page.emailPlaceholder")}
                  size="3"
                  autoFocus
                />
              </label>
              <PasswordField
                name="password"
                label={t("auth.page.password")}
                autoComplete="current-password"
                placeholder={t("auth.page.passwordPlaceholder")}
              />
              <Button type="submit" name="intent" value="sign-in" size="3" disabled={pendingIntent !== null && pendingIntent !== undefined}>
                {pendingIntent === "sign-in" ? t("auth.page.submitting") : t("auth.page.submit")}
              </Button>
              <Button
                type="submit"
                name="intent"
                value="recover"
                formNoValidate
                variant="ghost"
                size="2"
                disabled={pendingIntent !== null && pendingIntent !== undefined}
              >
                {pendingIntent === "recover" ? t("auth.page.forgotSending") : t("auth.page.forgot")}
              </Button>
            </Flex>
          </Form>
        )}
      </Card>

      <Text as="p" size="1" color="gray" align="center">
        {t("auth.page.footer", { year: new Date().getFullYear() })}
      </Text>
    </Flex>
  );
}

function PasswordField(props: { name: string; label: string; autoComplete: string; placeholder?: string }) {
  const { t } = useI18n();
  const [visible, setVisible] = useState(false);
  return (
    <label>
      <Text as="div" size="2" weight="medium" mb="1">
        {props.label}
      </Text>
      <TextField.Root
        type={visible ? "text" : "password"}
        name={props.name}
        required
        maxLength={512}
        autoComplete={props.autoComplete}
        placeholder={props.placeholder}
        size="3"
      >
        <TextField.Slot side="right">
          <IconButton
            type="button"
            variant="ghost"
            color="gray"
            size="1"
            onClick={() => setVisible((v) => !v)}
            aria-label={visible ? t("auth.page.hidePassword") : t("auth.page.showPassword")}
          >
            {visible ? <EyeClosedIcon /> : <EyeOpenIcon />}
          </IconButton>
        </TextField.Slot>
      </TextField.Root>
    </label>
  );
}
