import { Badge, Button, Callout, Card, Checkbox, Dialog, Flex, Heading, Spinner, Text, TextField } from "@radix-ui/themes";
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from "react";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { useToast } from "~/components/ui/toaster";
import type { TranslationKey } from "~/i18n";
import { formatDateTime } from "~/i18n/format-date";
import { useI18n } from "~/i18n/react";
import { useAuth } from "~/modules/auth/auth-context";
import { apiClient, ApiClientError, call, OfflineError } from "~/modules/crm/api-client";
import { useOrg } from "~/modules/crm/org-settings";
import { useSubmitFailure } from "~/modules/crm/submit-failure";
import type { ApiTokenDto, ApiTokenRequestDto, CreatedApiTokenDto } from "../../../../worker/services/api-token-service.ts";
import { DialogFormFooter, SecretField } from "../dialog-parts.tsx";
import { PanelLoadFailed, PanelLoading } from "../panel-states.tsx";

/** The scopes in the order the dialog offers them (the server's API_TOKEN_SCOPES). */
const SCOPES = ["leads:read", "leads:write", "tasks:read", "tasks:write", "reports:read"] as const;
type Scope = (typeof SCOPES)[number];
const EXPIRIES = ["never", "30", "90", "365"] as const;
type Expiry = (typeof EXPIRIES)[number];
const STATUS_COLOR = { active: "green", expired: "amber", revoked: "gray" } as const;

type Listing = { status: "loading" } | { status: "failed"; offline: boolean } | { status: "ready"; tokens: ApiTokenDto[] };

/**
 * Settings → API → Tokens de API (issue 25, docs/decisions/031), a chunk of its own: the
 * user's tokens (admins may switch to everyone's, with each owner), each with its permissions,
 * dates, last use and recent requests; 'Novo token' (name, permissions, expiry) shows the
 * secret once with a copy button; 'Revogar' asks first. Loading, failed (retry) and empty.
 */
export default function ApiTokensPanel() {
  const { t, language } = useI18n();
  const { isAdmin } = useAuth();
  const org = useOrg();
  const toast = useToast();
  const id = useId();
  const [whose, setWhose] = useState<"mine" | "all">("mine");
  const [listing, setListing] = useState<Listing>({ status: "loading" });
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiTokenDto | null>(null);
  const [openRequests, setOpenRequests] = useState<string | null>(null);
  const createButton = useRef<HTMLButtonElement>(null);
  const when = (value: string) => formatDateTime(value, language, org.time_zone);

  const load = useCallback(
    (signal?: AbortSignal) => {
      return call(apiClient.tokens.$get({ query: whose === "all" ? { all: "1" } : {} }, { init: { signal } })).then(
        ({ tokens }) => setListing({ status: "ready", tokens }),
        (error: unknown) => {
          if (!signal?.aborted) setListing({ status: "failed", offline: error instanceof OfflineError });
        },
      );
    },
    [whose],
  );
  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  const created = (token: ApiTokenDto) => {
    setListing((current) => (current.status === "ready" ? { status: "ready", tokens: [token, ...current.tokens] } : current));
  };

  const revoke = async (token: ApiTokenDto) => {
    try {
      const { token: revoked } = await call(apiClient.tokens[":id"].$delete({ param: { id: token.id } }));
      setListing((current) =>
        current.status === "ready"
          ? { status: "ready", tokens: current.tokens.map((item) => (item.id === revoked.id ? revoked : item)) }
          : current,
      );
      setRevoking(null);
      toast({ title: t("crm.apiTokens.revoked", { name: token.name }) });
    } catch (error) {
      toast({
        title: t("crm.apiTokens.revokeFailed"),
        description: error instanceof OfflineError ? t("crm.shared.offline") : error instanceof Error ? error.message : undefined,
        variant: "destructive",
      });
    }
  };

  return (
    <Card size={{ initial: "2", sm: "3" }}>
      <section aria-labelledby={`${id}-title`} className="flex flex-col gap-4" data-testid="api-tokens">
        <Flex gap="3" justify="between" align="start" wrap="wrap">
          <div className="min-w-0 flex-1 basis-64">
            <Heading as="h2" size="4" id={`${id}-title`}>
              {t("crm.apiTokens.title")}
            </Heading>
            <Text as="p" size="2" color="gray" mt="1">
              {t("crm.apiTokens.description")}
            </Text>
          </div>
          <Button ref={createButton} onClick={() => setCreating(true)} data-testid="api-token-create">
            {t("crm.apiTokens.create")}
          </Button>
        </Flex>

        {isAdmin && (
          // Two toggle buttons (not Radix's SegmentedControl: every staff page shares one Radix chunk).
          <div role="group" aria-label={t("crm.apiTokens.whoseLabel")} className="flex flex-wrap gap-2" data-testid="api-tokens-whose">
            {(["mine", "all"] as const).map((value) => (
              <Button
                key={value}
                size="1"
                variant={whose === value ? "solid" : "soft"}
                color={whose === value ? undefined : "gray"}
                aria-pressed={whose === value}
                onClick={() => {
                  if (whose === value) return;
                  setListing({ status: "loading" });
                  setWhose(value);
                }}
                data-testid={`api-tokens-whose-${value}`}
              >
                {value === "mine" ? t("crm.apiTokens.mine") : t("crm.apiTokens.everyone")}
              </Button>
            ))}
          </div>
        )}

        {listing.status === "loading" ? (
          <PanelLoading label={t("crm.apiTokens.loading")} testId="api-tokens-loading" />
        ) : listing.status === "failed" ? (
          <PanelLoadFailed
            message={listing.offline ? t("crm.shared.offline") : t("crm.apiTokens.loadFailed")}
            retryLabel={t("crm.apiTokens.retry")}
            onRetry={() => {
              setListing({ status: "loading" });
              void load();
            }}
            testId="api-tokens-failed"
          />
        ) : listing.tokens.length === 0 ? (
          <Text as="p" size="2" color="gray" data-testid="api-tokens-empty">
            {whose === "all" ? t("crm.apiTokens.emptyAll") : t("crm.apiTokens.empty")}
          </Text>
        ) : (
          <ul
            className="m-0 flex list-none flex-col divide-y p-0"
            aria-label={t("crm.apiTokens.listLabel")}
            style={{ borderColor: "var(--gray-a5)" }}
          >
            {listing.tokens.map((token) => (
              <li key={token.id} className="flex flex-col gap-2 py-3" style={{ borderColor: "var(--gray-a4)" }} data-testid="api-token-row">
                <Flex gap="2" align="center" wrap="wrap" justify="between">
                  <Flex gap="2" align="center" wrap="wrap" className="min-w-0">
                    <Text size="2" weight="medium" className="break-all" data-testid="api-token-name">
                      {token.name}
                    </Text>
                    <code className="rounded px-1 text-xs" style={{ background: "var(--gray-a3)", color: "var(--gray-12)" }}>
                      {token.prefix}…
                    </code>
                    <Badge color={STATUS_COLOR[token.status]} data-testid="api-token-status">
                      {t(`crm.apiTokens.status.${token.status}`)}
                    </Badge>
                  </Flex>
                  <Flex gap="2" wrap="wrap">
                    <Button
                      size="1"
                      variant="soft"
                      color="gray"
                      aria-expanded={openRequests === token.id}
                      aria-controls={`${id}-requests-${token.id}`}
                      aria-label={openRequests === token.id ? undefined : t("crm.apiTokens.requestsLabel", { name: token.name })}
                      onClick={() => setOpenRequests((current) => (current === token.id ? null : token.id))}
                      data-testid="api-token-requests-toggle"
                    >
                      {openRequests === token.id ? t("crm.apiTokens.requestsHide") : t("crm.apiTokens.requests")}
                    </Button>
                    {token.status === "active" && (
                      <Button
                        size="1"
                        variant="soft"
                        color="red"
                        aria-label={t("crm.apiTokens.revokeLabel", { name: token.name })}
                        onClick={() => setRevoking(token)}
                        data-testid="api-token-revoke"
                      >
                        {t("crm.apiTokens.revoke")}
                      </Button>
                    )}
                  </Flex>
                </Flex>
                <Flex gap="1" wrap="wrap" aria-label={t("crm.apiTokens.scopesLabel")} role="list">
                  {token.scopes.map((scope) => (
                    <Badge
                      key={scope}
                      variant="outline"
                      color="gray"
                      role="listitem"
                      title={t(`crm.apiTokens.scopes.${scope}` as TranslationKey)}
                    >
                      {scope}
                    </Badge>
                  ))}
                </Flex>
                <dl
                  className="m-0 grid grid-cols-1 gap-x-6 gap-y-0.5 text-[13px] sm:grid-cols-2 lg:grid-cols-4"
                  style={{ color: "var(--gray-11)" }}
                >
                  {whose === "all" && (
                    <Detail label={t("crm.apiTokens.owner")}>
                      <span data-testid="api-token-owner">{token.owner.name}</span>
                    </Detail>
                  )}
                  <Detail label={t("crm.apiTokens.created")}>
                    <time dateTime={token.created_at}>{when(token.created_at)}</time>
                  </Detail>
                  <Detail label={t("crm.apiTokens.lastUsed")}>
                    {token.last_used_at ? (
                      <time dateTime={token.last_used_at}>{when(token.last_used_at)}</time>
                    ) : (
                      t("crm.apiTokens.neverUsed")
                    )}
                  </Detail>
                  {token.revoked_at ? (
                    <Detail label={t("crm.apiTokens.revokedAt")}>
                      <time dateTime={token.revoked_at}>{when(token.revoked_at)}</time>
                    </Detail>
                  ) : (
                    <Detail label={token.status === "expired" ? t("crm.apiTokens.expired") : t("crm.apiTokens.expires")}>
                      {token.expires_at ? (
                        <time dateTime={token.expires_at}>{when(token.expires_at)}</time>
                      ) : (
                        t("crm.apiTokens.neverExpires")
                      )}
                    </Detail>
                  )}
                </dl>
                {openRequests === token.id && <RecentRequests id={`${id}-requests-${token.id}`} token={token} when={when} />}
              </li>
            ))}
          </ul>
        )}
      </section>
      {creating && <CreateTokenDialog onCreated={created} onClose={() => setCreating(false)} returnFocusTo={createButton} />}
      <ConfirmDialog
        open={revoking !== null}
        title={t("crm.apiTokens.revokeTitle", { name: revoking?.name ?? "" })}
        description={t("crm.apiTokens.revokeDescription")}
        confirm={t("crm.apiTokens.revoke")}
        confirming={t("crm.apiTokens.revoking")}
        onConfirm={() => (revoking ? revoke(revoking) : Promise.resolve())}
        onCancel={() => setRevoking(null)}
      />
    </Card>
  );
}

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex min-w-0 gap-1">
      <dt className="shrink-0">{label}:</dt>
      <dd className="m-0 min-w-0" style={{ color: "var(--gray-12)" }}>
        {children}
      </dd>
    </div>
  );
}

/** A token's newest requests (method, route, status, when), read when opened. */
function RecentRequests({ id, token, when }: { id: string; token: ApiTokenDto; when: (value: string) => string }) {
  const { t } = useI18n();
  const [state, setState] = useState<{ status: "loading" } | { status: "failed" } | { status: "ready"; requests: ApiTokenRequestDto[] }>({
    status: "loading",
  });
  useEffect(() => {
    const controller = new AbortController();
    call(apiClient.tokens[":id"].requests.$get({ param: { id: token.id } }, { init: { signal: controller.signal } })).then(
      ({ requests }) => setState({ status: "ready", requests }),
      () => !controller.signal.aborted && setState({ status: "failed" }),
    );
    return () => controller.abort();
  }, [token.id]);
  return (
    <div id={id} className="rounded p-2" style={{ background: "var(--gray-a2)" }} data-testid="api-token-requests">
      {state.status === "loading" ? (
        <Flex gap="2" align="center" role="status">
          <Spinner size="1" />
          <Text size="1" color="gray">
            {t("crm.apiTokens.requestsLoading")}
          </Text>
        </Flex>
      ) : state.status === "failed" ? (
        <Text size="1" color="red" role="alert">
          {t("crm.apiTokens.requestsFailed")}
        </Text>
      ) : state.requests.length === 0 ? (
        <Text size="1" color="gray">
          {t("crm.apiTokens.requestsEmpty")}
        </Text>
      ) : (
        <ol className="m-0 flex list-none flex-col gap-1 p-0" aria-label={t("crm.apiTokens.requestsLabel", { name: token.name })}>
          {state.requests.map((request) => (
            <li key={request.id} className="flex flex-wrap items-baseline gap-x-2 text-xs" data-testid="api-token-request">
              <code className="font-semibold">{request.method}</code>
              <code className="break-all">{request.route}</code>
              <Badge size="1" color={request.status < 400 ? "green" : request.status < 500 ? "amber" : "red"}>
                {request.status}
              </Badge>
              <time dateTime={request.created_at} style={{ color: "var(--gray-11)" }}>
                {when(request.created_at)}
              </time>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

type Field = "name" | "scopes" | "expires_at";
const FIELDS: readonly Field[] = ["name", "scopes", "expires_at"];

/** 'Novo token': the form, then the secret shown once with its copy button. */
function CreateTokenDialog({
  onCreated,
  onClose,
  returnFocusTo,
}: {
  onCreated: (token: ApiTokenDto) => void;
  onClose: () => void;
  returnFocusTo: React.RefObject<HTMLButtonElement | null>;
}) {
  const { t } = useI18n();
  const toast = useToast();
  const failed = useSubmitFailure();
  const ids = useId();
  const [scopes, setScopes] = useState<Scope[]>(["leads:read"]);
  const [expiry, setExpiry] = useState<Expiry>("90");
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [secret, setSecret] = useState<CreatedApiTokenDto | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    const name = String(new FormData(event.currentTarget).get("name") ?? "").trim();
    const local: Partial<Record<Field, string>> = {};
    if (!name) local.name = t("crm.apiTokens.dialog.nameRequired");
    if (scopes.length === 0) local.scopes = t("crm.apiTokens.dialog.scopesRequired");
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    setSaving(true);
    const expires_at = expiry === "never" ? null : new Date(Date.now() + Number(expiry) * 86_400_000).toISOString();
    try {
      const result = await call(apiClient.tokens.$post({ json: { name, scopes, expires_at } }));
      onCreated(result.token);
      setSecret(result);
      toast({ title: t("crm.apiTokens.createdToast", { name: result.token.name }) });
    } catch (error) {
      failed(error, {
        title: t("crm.apiTokens.dialog.failed"),
        onRefused: (refusal: ApiClientError) => {
          const fields: Partial<Record<Field, string>> = {};
          for (const field of FIELDS) {
            const message = refusal.fieldMessage(field);
            if (message) fields[field] = message;
          }
          setErrors(fields);
          return Object.keys(fields).length > 0;
        },
      });
    } finally {
      setSaving(false);
    }
  };

  const errorId = (field: Field) => `${ids}-${field}-error`;
  const fieldError = (field: Field) =>
    errors[field] ? (
      <Text id={errorId(field)} size="1" color="red" data-testid={`api-token-${field}-error`}>
        {errors[field]}
      </Text>
    ) : null;

  return (
    <Dialog.Root open onOpenChange={(open) => !open && !saving && onClose()}>
      <Dialog.Content
        maxWidth="480px"
        data-testid="api-token-dialog"
        onCloseAutoFocus={(event) => {
          if (returnFocusTo.current?.isConnected) {
            event.preventDefault();
            returnFocusTo.current.focus();
          }
        }}
        onOpenAutoFocus={(event) => {
          if (secret) event.preventDefault();
        }}
      >
        {secret ? (
          <Flex direction="column" gap="4">
            <Dialog.Title mb="0">{t("crm.apiTokens.secret.title")}</Dialog.Title>
            <Callout.Root color="amber" role="alert">
              {/* The warning is the dialog's description: read with its title. */}
              <Dialog.Description size="2" className="m-0">
                {t("crm.apiTokens.secret.warning")}
              </Dialog.Description>
            </Callout.Root>
            <SecretField
              value={secret.secret}
              texts={{
                label: t("crm.apiTokens.secret.label"),
                copy: t("crm.apiTokens.secret.copy"),
                copied: t("crm.apiTokens.secret.copied"),
                copyFailed: t("crm.apiTokens.secret.copyFailed"),
              }}
              testId="api-token-secret"
              copyTestId="api-token-copy"
            />
            <Flex justify="end">
              <Dialog.Close>
                <Button type="button" data-testid="api-token-done">
                  {t("crm.apiTokens.secret.done")}
                </Button>
              </Dialog.Close>
            </Flex>
          </Flex>
        ) : (
          <>
            <Dialog.Title>{t("crm.apiTokens.dialog.title")}</Dialog.Title>
            <Dialog.Description size="2" color="gray" mb="4">
              {t("crm.apiTokens.dialog.description")}
            </Dialog.Description>
            <form onSubmit={submit} noValidate>
              <Flex direction="column" gap="4">
                <label className="flex flex-col gap-1">
                  <Text size="2" weight="medium">
                    {t("crm.apiTokens.dialog.name")}
                  </Text>
                  <TextField.Root
                    name="name"
                    required
                    maxLength={80}
                    autoComplete="off"
                    placeholder={t("crm.apiTokens.dialog.namePlaceholder")}
                    aria-invalid={errors.name ? true : undefined}
                    aria-describedby={errors.name ? errorId("name") : undefined}
                    data-testid="api-token-name-input"
                  />
                  {fieldError("name")}
                </label>
                <fieldset
                  className="m-0 flex min-w-0 flex-col gap-2 border-0 p-0"
                  aria-describedby={errors.scopes ? errorId("scopes") : `${ids}-scopes-hint`}
                >
                  <legend className="mb-1 p-0 text-sm font-medium">{t("crm.apiTokens.dialog.scopes")}</legend>
                  <Text id={`${ids}-scopes-hint`} size="1" color="gray">
                    {t("crm.apiTokens.dialog.scopesHint")}
                  </Text>
                  {SCOPES.map((scope) => (
                    <Text as="label" size="2" key={scope} className="flex cursor-pointer items-center gap-2">
                      <Checkbox
                        checked={scopes.includes(scope)}
                        onCheckedChange={(checked) =>
                          setScopes((current) => (checked === true ? [...current, scope] : current.filter((item) => item !== scope)))
                        }
                        data-testid={`api-token-scope-${scope}`}
                      />
                      <span>
                        {t(`crm.apiTokens.scopes.${scope}` as TranslationKey)}{" "}
                        <code className="text-xs" style={{ color: "var(--gray-11)" }}>
                          {scope}
                        </code>
                      </span>
                    </Text>
                  ))}
                  {fieldError("scopes")}
                </fieldset>
                <div className="flex flex-col gap-2">
                  <Text size="2" weight="medium" id={`${ids}-expiry`}>
                    {t("crm.apiTokens.dialog.expiry")}
                  </Text>
                  {/* Native radios (not Radix's RadioGroup: every staff page shares one Radix chunk). */}
                  <div role="radiogroup" aria-labelledby={`${ids}-expiry`} className="flex flex-row flex-wrap gap-x-4 gap-y-2">
                    {EXPIRIES.map((value) => (
                      <Text as="label" size="2" key={value} className="flex cursor-pointer items-center gap-2">
                        <input
                          type="radio"
                          name="expiry"
                          value={value}
                          checked={expiry === value}
                          onChange={() => setExpiry(value)}
                          className="size-4"
                          style={{ accentColor: "var(--accent-9)" }}
                          data-testid={`api-token-expiry-${value}`}
                        />
                        {value === "never" ? t("crm.apiTokens.dialog.expiryNever") : t("crm.apiTokens.dialog.expiryDays", { days: value })}
                      </Text>
                    ))}
                  </div>
                  {fieldError("expires_at")}
                </div>
              </Flex>
              <DialogFormFooter
                saving={saving}
                cancel={t("crm.apiTokens.dialog.cancel")}
                submit={t("crm.apiTokens.dialog.submit")}
                submitting={t("crm.apiTokens.dialog.submitting")}
                testId="api-token-submit"
              />
            </form>
          </>
        )}
      </Dialog.Content>
    </Dialog.Root>
  );
}
