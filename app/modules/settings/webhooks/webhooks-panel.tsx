import { Badge, Button, Callout, Card, Checkbox, Dialog, Flex, Spinner, Text, TextField } from "@radix-ui/themes";
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from "react";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { useToast } from "~/components/ui/toaster";
import type { TranslationKey } from "~/i18n";
import { formatDateTime } from "~/i18n/format-date";
import { useI18n } from "~/i18n/react";
import { apiClient, ApiClientError, call, OfflineError } from "~/modules/crm/api-client";
import { useReturnFocus } from "~/modules/crm/use-return-focus";
import type { WebhookEvent } from "@worker/db/schema/webhook-enums";
import type { WebhookDeliveryDto, WebhookEndpointDto } from "../../../../worker/services/webhooks/webhook-service.ts";
import { DialogFormFooter, SecretField } from "../dialog-parts.tsx";
import { PanelLoadFailed, PanelLoading } from "../panel-states.tsx";

type Listing = { status: "loading" } | { status: "failed"; offline: boolean } | { status: "ready"; endpoints: WebhookEndpointDto[] };
type Shown = { kind: "created" | "rotated"; endpointId: string; url: string; secret: string };

/** Every event, in the server's order (a Record: typecheck fails when the server gains one this lacks). */
const EVENT_ORDER: Record<WebhookEvent, number> = {
  "lead.created": 0,
  "lead.updated": 1,
  "lead.status_changed": 2,
  "lead.deleted": 3,
  "lead.captured": 4,
  "task.created": 5,
  "task.completed": 6,
};
const WEBHOOK_EVENTS = (Object.keys(EVENT_ORDER) as WebhookEvent[]).sort((a, b) => EVENT_ORDER[a] - EVENT_ORDER[b]);

const eventKey = (event: WebhookEvent) => `crm.webhooks.events.${event.replace(".", "_")}` as TranslationKey;

/** The error's words for a toast: offline, the server's translated message, or nothing. */
function describe(error: unknown, offline: string): string | undefined {
  if (error instanceof OfflineError) return offline;
  return error instanceof Error ? error.message : undefined;
}

/**
 * Settings → API → Webhooks (issue 25, docs/decisions/032), admins only, in its own chunk: the
 * endpoints with their events, state and last delivery; 'Novo webhook' (URL, description,
 * events) and the secret shown once; enable/disable, a new secret (confirmed, shown once),
 * delete (confirmed); each endpoint's recent deliveries with 'Reenviar'.
 */
export default function WebhooksPanel() {
  const { t } = useI18n();
  const id = useId();
  const [listing, setListing] = useState<Listing>({ status: "loading" });
  const [creating, setCreating] = useState(false);
  const [shown, setShown] = useState<Shown | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);

  const load = useCallback(
    (signal?: AbortSignal) =>
      call(apiClient.webhooks.$get({}, { init: { signal } })).then(
        ({ endpoints }) => setListing({ status: "ready", endpoints }),
        (error: unknown) => {
          if (!signal?.aborted) setListing({ status: "failed", offline: error instanceof OfflineError });
        },
      ),
    [],
  );
  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  const replace = (endpoint: WebhookEndpointDto) =>
    setListing((current) =>
      current.status === "ready"
        ? { status: "ready", endpoints: current.endpoints.map((e) => (e.id === endpoint.id ? endpoint : e)) }
        : current,
    );
  const drop = (endpointId: string) =>
    setListing((current) =>
      current.status === "ready" ? { status: "ready", endpoints: current.endpoints.filter((e) => e.id !== endpointId) } : current,
    );

  return (
    <Card size={{ initial: "2", sm: "3" }}>
      <section aria-labelledby={`${id}-title`} className="flex flex-col gap-4" data-testid="webhooks-panel">
        <Flex gap="3" justify="between" align="start" wrap="wrap">
          <div className="min-w-0 flex-1 basis-64">
            <Text as="p" size="4" weight="bold" id={`${id}-title`}>
              {t("crm.webhooks.title")}
            </Text>
            <Text as="p" size="2" color="gray">
              {t("crm.webhooks.description")}
            </Text>
          </div>
          <Button ref={addButton} type="button" onClick={() => setCreating(true)} data-testid="webhook-add">
            {t("crm.webhooks.add")}
          </Button>
        </Flex>

        {listing.status === "loading" ? (
          <PanelLoading label={t("crm.webhooks.loading")} testId="webhooks-loading" />
        ) : listing.status === "failed" ? (
          <PanelLoadFailed
            message={t(listing.offline ? "crm.shared.offline" : "crm.webhooks.loadFailed")}
            retryLabel={t("crm.webhooks.retry")}
            onRetry={() => {
              setListing({ status: "loading" });
              void load();
            }}
            testId="webhooks-failed"
          />
        ) : listing.endpoints.length === 0 ? (
          <Text as="p" size="2" color="gray" data-testid="webhooks-empty">
            {t("crm.webhooks.empty")}
          </Text>
        ) : (
          <ul aria-label={t("crm.webhooks.listLabel")} className="m-0 flex list-none flex-col p-0" data-testid="webhooks-list">
            {listing.endpoints.map((endpoint) => (
              <EndpointItem
                key={endpoint.id}
                endpoint={endpoint}
                onChanged={replace}
                onRemoved={drop}
                onSecret={(secret) => setShown({ kind: "rotated", endpointId: endpoint.id, url: endpoint.url, secret })}
                onUncertain={() => void load()}
              />
            ))}
          </ul>
        )}
      </section>
      {creating ? (
        <CreateDialog
          returnFocusTo={addButton}
          onClose={() => setCreating(false)}
          onCreated={(endpoint, secret) => {
            setCreating(false);
            setListing((current) => ({ status: "ready", endpoints: [...(current.status === "ready" ? current.endpoints : []), endpoint] }));
            setShown({ kind: "created", endpointId: endpoint.id, url: endpoint.url, secret });
          }}
        />
      ) : null}
      {shown ? <SecretDialog shown={shown} onClose={() => setShown(null)} /> : null}
    </Card>
  );
}

function EndpointItem({
  endpoint,
  onChanged,
  onRemoved,
  onSecret,
  onUncertain,
}: {
  endpoint: WebhookEndpointDto;
  onChanged: (endpoint: WebhookEndpointDto) => void;
  onRemoved: (id: string) => void;
  onSecret: (secret: string) => void;
  /** A change whose answer was lost: the list is read again, so the screen says what is true. */
  onUncertain: () => void;
}) {
  const { t, language } = useI18n();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [open, setOpen] = useState(false);
  const [confirm, setConfirm] = useState<"rotate" | "remove" | null>(null);
  const [revokePrevious, setRevokePrevious] = useState(false);
  const offline = t("crm.shared.offline");
  const last = endpoint.last_delivery;

  const toggle = async () => {
    setBusy(true);
    try {
      const { endpoint: saved } = await call(
        apiClient.webhooks[":id"].$patch({ param: { id: endpoint.id }, json: { enabled: !endpoint.enabled } }),
      );
      onChanged(saved);
      toast({ title: t(saved.enabled ? "crm.webhooks.enabledToast" : "crm.webhooks.disabledToast") });
    } catch (error) {
      toast({ title: t("crm.webhooks.toggleFailed"), description: describe(error, offline), variant: "destructive" });
    } finally {
      setBusy(false);
    }
  };

  const rotate = async () => {
    try {
      const result = await call(
        apiClient.webhooks[":id"]["rotate-secret"].$post({ param: { id: endpoint.id }, json: { revoke_previous: revokePrevious } }),
      );
      setConfirm(null);
      onChanged(result.endpoint);
      onSecret(result.secret);
    } catch (error) {
      // The connection dropped while the browser still thought it was online: the request may
      // have arrived, and a secret may have changed without being shown. Say so, read the list again.
      if (error instanceof OfflineError && navigator.onLine) {
        setConfirm(null);
        toast({ title: t("crm.webhooks.rotateFailed"), description: t("crm.webhooks.rotateUncertain"), variant: "destructive" });
        onUncertain();
        return;
      }
      toast({ title: t("crm.webhooks.rotateFailed"), description: describe(error, offline), variant: "destructive" });
    }
  };

  const remove = async () => {
    try {
      await call(apiClient.webhooks[":id"].$delete({ param: { id: endpoint.id } }));
      setConfirm(null);
      onRemoved(endpoint.id);
      toast({ title: t("crm.webhooks.removed") });
    } catch (error) {
      toast({ title: t("crm.webhooks.removeFailed"), description: describe(error, offline), variant: "destructive" });
    }
  };

  const state = endpoint.enabled
    ? { color: "green" as const, text: t("crm.webhooks.enabled") }
    : endpoint.disabled_reason === "failing"
      ? { color: "red" as const, text: t("crm.webhooks.disabledFailing") }
      : { color: "gray" as const, text: t("crm.webhooks.disabledManual") };

  return (
    <li
      className="flex flex-col gap-2 border-t border-[var(--gray-a5)] py-3 first:border-t-0 first:pt-0"
      data-testid="webhook-item"
      data-webhook-id={endpoint.id}
    >
      <Flex gap="2" align="center" wrap="wrap">
        <Text size="2" weight="medium" className="min-w-0 break-all" data-testid="webhook-url">
          {endpoint.url}
        </Text>
        <Badge color={state.color} variant="soft" data-testid="webhook-state">
          {state.text}
        </Badge>
      </Flex>
      {endpoint.description ? (
        <Text as="p" size="2" color="gray">
          {endpoint.description}
        </Text>
      ) : null}
      <Text as="p" size="1" color="gray" data-testid="webhook-events">
        {t("crm.webhooks.eventsLabel")}: {endpoint.events.map((event) => t(eventKey(event))).join(", ")}
      </Text>
      <Text as="p" size="1" color="gray" data-testid="webhook-last">
        {last
          ? t("crm.webhooks.lastDelivery", {
              event: t(eventKey(last.event_type)),
              status: `${t(`crm.webhooks.deliveries.statuses.${last.status}`)}${last.response_status ? ` (${last.response_status})` : ""}`,
              date: formatDateTime(last.last_attempt_at ?? last.created_at, language),
            })
          : t("crm.webhooks.noDelivery")}
        {endpoint.failing_since && endpoint.enabled
          ? ` · ${t("crm.webhooks.failingSince", { date: formatDateTime(endpoint.failing_since, language) })}`
          : ""}
      </Text>
      {endpoint.previous_secret_expires_at ? (
        <Text as="p" size="1" color="gray" data-testid="webhook-previous-secret">
          {t("crm.webhooks.previousSecretUntil", { date: formatDateTime(endpoint.previous_secret_expires_at, language) })}
        </Text>
      ) : null}
      <Flex gap="2" wrap="wrap" role="group" aria-label={t("crm.webhooks.actions", { url: endpoint.url })}>
        <Button
          type="button"
          size="1"
          variant="soft"
          aria-expanded={open}
          onClick={() => setOpen((o) => !o)}
          data-testid="webhook-deliveries-toggle"
        >
          {t(open ? "crm.webhooks.hideDeliveries" : "crm.webhooks.showDeliveries")}
        </Button>
        <Button
          type="button"
          size="1"
          variant="soft"
          color="gray"
          disabled={busy}
          onClick={() => void toggle()}
          data-testid="webhook-toggle"
        >
          {t(endpoint.enabled ? "crm.webhooks.disable" : "crm.webhooks.enable")}
        </Button>
        <Button
          type="button"
          size="1"
          variant="soft"
          color="gray"
          onClick={() => {
            setRevokePrevious(false);
            setConfirm("rotate");
          }}
          data-testid="webhook-rotate"
        >
          {t("crm.webhooks.rotate")}
        </Button>
        <Button type="button" size="1" variant="soft" color="red" onClick={() => setConfirm("remove")} data-testid="webhook-remove">
          {t("crm.webhooks.remove")}
        </Button>
      </Flex>
      {open ? <Deliveries endpoint={endpoint} /> : null}
      <ConfirmDialog
        open={confirm === "rotate"}
        title={t("crm.webhooks.rotateTitle")}
        description={t("crm.webhooks.rotateDescription")}
        confirm={t("crm.webhooks.rotateConfirm")}
        confirming={t("crm.webhooks.rotating")}
        onConfirm={rotate}
        onCancel={() => setConfirm(null)}
      >
        <Text as="label" size="2" mt="3" className="flex items-start gap-2">
          <Checkbox
            checked={revokePrevious}
            onCheckedChange={(checked) => setRevokePrevious(checked === true)}
            data-testid="webhook-rotate-revoke"
          />
          <span>{t("crm.webhooks.rotateRevoke")}</span>
        </Text>
      </ConfirmDialog>
      <ConfirmDialog
        open={confirm === "remove"}
        title={t("crm.webhooks.removeTitle")}
        description={t("crm.webhooks.removeDescription", { url: endpoint.url })}
        confirm={t("crm.webhooks.removeConfirm")}
        confirming={t("crm.webhooks.removing")}
        onConfirm={remove}
        onCancel={() => setConfirm(null)}
      />
    </li>
  );
}

type DeliveryListing =
  { status: "loading" } | { status: "failed"; offline: boolean } | { status: "ready"; deliveries: WebhookDeliveryDto[] };

/** The endpoint's newest deliveries (event, status, HTTP code, time, attempts, when) with 'Reenviar'. */
function Deliveries({ endpoint }: { endpoint: WebhookEndpointDto }) {
  const { t, language } = useI18n();
  const toast = useToast();
  const id = useId();
  const [listing, setListing] = useState<DeliveryListing>({ status: "loading" });
  const [resending, setResending] = useState<string | null>(null);

  const load = useCallback(
    (signal?: AbortSignal) =>
      call(apiClient.webhooks[":id"].deliveries.$get({ param: { id: endpoint.id } }, { init: { signal } })).then(
        ({ deliveries }) => setListing({ status: "ready", deliveries }),
        (error: unknown) => {
          if (!signal?.aborted) setListing({ status: "failed", offline: error instanceof OfflineError });
        },
      ),
    [endpoint.id],
  );
  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  const resend = async (delivery: WebhookDeliveryDto) => {
    setResending(delivery.id);
    try {
      await call(apiClient.webhooks[":id"].deliveries[":deliveryId"].resend.$post({ param: { id: endpoint.id, deliveryId: delivery.id } }));
      toast({ title: t("crm.webhooks.deliveries.resent") });
      await load();
    } catch (error) {
      toast({
        title: t("crm.webhooks.deliveries.resendFailed"),
        description:
          error instanceof ApiClientError || error instanceof OfflineError ? describe(error, t("crm.shared.offline")) : undefined,
        variant: "destructive",
      });
    } finally {
      setResending(null);
    }
  };

  const none = t("crm.webhooks.deliveries.none");
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-2 rounded-md bg-[var(--gray-a2)] p-3"
      data-testid="webhook-deliveries"
    >
      <Flex gap="2" align="center" justify="between" wrap="wrap">
        <Text size="2" weight="medium" id={`${id}-title`} className="min-w-0 break-all">
          {t("crm.webhooks.deliveries.title", { url: endpoint.url })}
        </Text>
        <Button type="button" size="1" variant="ghost" onClick={() => void load()} data-testid="webhook-deliveries-refresh">
          {t("crm.webhooks.deliveries.refresh")}
        </Button>
      </Flex>
      {listing.status === "loading" ? (
        <Flex gap="2" align="center" role="status">
          <Spinner />
          <Text size="2" color="gray">
            {t("crm.webhooks.deliveries.loading")}
          </Text>
        </Flex>
      ) : listing.status === "failed" ? (
        <Callout.Root color="red" role="alert">
          <Callout.Text>{t(listing.offline ? "crm.shared.offline" : "crm.webhooks.deliveries.loadFailed")}</Callout.Text>
        </Callout.Root>
      ) : listing.deliveries.length === 0 ? (
        <Text as="p" size="2" color="gray" data-testid="webhook-deliveries-empty">
          {t("crm.webhooks.deliveries.empty")}
        </Text>
      ) : (
        <div className="overflow-x-auto">
          <table className="webhook-deliveries w-full border-collapse text-left text-[13px]" aria-labelledby={`${id}-title`}>
            <thead>
              <tr>
                <th scope="col" className="px-2 py-1.5 font-semibold whitespace-nowrap">
                  {t("crm.webhooks.deliveries.event")}
                </th>
                <th scope="col" className="px-2 py-1.5 font-semibold whitespace-nowrap">
                  {t("crm.webhooks.deliveries.status")}
                </th>
                <th scope="col" className="px-2 py-1.5 font-semibold whitespace-nowrap">
                  {t("crm.webhooks.deliveries.code")}
                </th>
                <th scope="col" className="px-2 py-1.5 font-semibold whitespace-nowrap">
                  {t("crm.webhooks.deliveries.time")}
                </th>
                <th scope="col" className="px-2 py-1.5 font-semibold whitespace-nowrap">
                  {t("crm.webhooks.deliveries.attempts")}
                </th>
                <th scope="col" className="px-2 py-1.5 font-semibold whitespace-nowrap">
                  {t("crm.webhooks.deliveries.when")}
                </th>
                <th scope="col" className="px-2 py-1.5 font-semibold whitespace-nowrap">
                  <span className="sr-only">{t("crm.webhooks.deliveries.resend")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {listing.deliveries.map((delivery) => {
                const when = formatDateTime(delivery.last_attempt_at ?? delivery.created_at, language);
                const event = t(eventKey(delivery.event_type));
                return (
                  <tr
                    key={delivery.id}
                    className="border-t border-[var(--gray-a5)]"
                    data-testid="webhook-delivery"
                    data-status={delivery.status}
                  >
                    <td className="px-2 py-1.5 whitespace-nowrap" title={delivery.id}>
                      {event}
                    </td>
                    <td className="px-2 py-1.5">
                      <Badge
                        color={delivery.status === "sent" ? "green" : delivery.status === "failed" ? "red" : "amber"}
                        variant="soft"
                        title={delivery.last_error ?? undefined}
                        data-testid="webhook-delivery-status"
                      >
                        {t(`crm.webhooks.deliveries.statuses.${delivery.status}`)}
                      </Badge>
                    </td>
                    <td className="px-2 py-1.5" data-testid="webhook-delivery-code">
                      {delivery.response_status ?? none}
                    </td>
                    <td className="px-2 py-1.5 whitespace-nowrap">
                      {delivery.response_ms === null ? none : t("crm.webhooks.deliveries.ms", { ms: delivery.response_ms })}
                    </td>
                    <td className="px-2 py-1.5">{delivery.attempts}</td>
                    <td className="px-2 py-1.5 whitespace-nowrap">{when}</td>
                    <td className="px-2 py-1.5">
                      {delivery.status === "pending" ? null : (
                        <Button
                          type="button"
                          size="1"
                          variant="soft"
                          disabled={resending === delivery.id || !endpoint.enabled}
                          aria-label={t("crm.webhooks.deliveries.resendLabel", { event, date: when })}
                          onClick={() => void resend(delivery)}
                          data-testid="webhook-delivery-resend"
                        >
                          {t("crm.webhooks.deliveries.resend")}
                        </Button>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** 'Novo webhook': URL, description and events; the server's message under the field it names. */
function CreateDialog({
  onClose,
  onCreated,
  returnFocusTo,
}: {
  onClose: () => void;
  onCreated: (endpoint: WebhookEndpointDto, secret: string) => void;
  returnFocusTo: React.RefObject<HTMLButtonElement | null>;
}) {
  const { t } = useI18n();
  const toast = useToast();
  const ids = useId();
  const [events, setEvents] = useState<WebhookEvent[]>(["lead.created", "lead.status_changed"]);
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<{ url?: string; events?: string; description?: string }>({});

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    const form = new FormData(event.currentTarget);
    setSaving(true);
    setErrors({});
    try {
      const result = await call(
        apiClient.webhooks.$post({
          json: {
            url: String(form.get("url") ?? ""),
            description: String(form.get("description") ?? ""),
            events,
          },
        }),
      );
      onCreated(result.endpoint, result.secret);
    } catch (error) {
      setSaving(false);
      const fields =
        error instanceof ApiClientError
          ? { url: error.fieldMessage("url"), events: error.fieldMessage("events"), description: error.fieldMessage("description") }
          : {};
      setErrors(fields);
      if (!fields.url && !fields.events && !fields.description) {
        toast({ title: t("crm.webhooks.form.failed"), description: describe(error, t("crm.shared.offline")), variant: "destructive" });
      }
    }
  };

  const errorText = (field: "url" | "events" | "description") =>
    errors[field] ? (
      <Text id={`${ids}-${field}-error`} size="1" color="red" data-testid={`webhook-${field}-error`}>
        {errors[field]}
      </Text>
    ) : null;

  return (
    <Dialog.Root open onOpenChange={(open) => !open && !saving && onClose()}>
      <Dialog.Content
        maxWidth="520px"
        data-testid="webhook-dialog"
        onCloseAutoFocus={(event) => {
          if (returnFocusTo.current?.isConnected) {
            event.preventDefault();
            returnFocusTo.current.focus();
          }
        }}
      >
        <Dialog.Title>{t("crm.webhooks.form.title")}</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="4">
          {t("crm.webhooks.form.description")}
        </Dialog.Description>
        <form onSubmit={submit} noValidate>
          <Flex direction="column" gap="4">
            <label className="flex flex-col gap-1">
              <Text size="2" weight="medium">
                {t("crm.webhooks.form.url")}
              </Text>
              <TextField.Root
                name="url"
                type="url"
                inputMode="url"
                required
                maxLength={2048}
                autoComplete="off"
                placeholder="https://"
                aria-invalid={errors.url ? true : undefined}
                aria-describedby={errors.url ? `${ids}-url-error` : `${ids}-url-hint`}
                data-testid="webhook-url-input"
              />
              <Text id={`${ids}-url-hint`} size="1" color="gray">
                {t("crm.webhooks.form.urlHint")}
              </Text>
              {errorText("url")}
            </label>
            <label className="flex flex-col gap-1">
              <Text size="2" weight="medium">
                {t("crm.webhooks.form.note")}
              </Text>
              <TextField.Root
                name="description"
                maxLength={200}
                autoComplete="off"
                placeholder={t("crm.webhooks.form.notePlaceholder")}
                aria-invalid={errors.description ? true : undefined}
                data-testid="webhook-description-input"
              />
              {errorText("description")}
            </label>
            <fieldset
              className="m-0 flex min-w-0 flex-col gap-2 border-0 p-0"
              aria-describedby={errors.events ? `${ids}-events-error` : undefined}
            >
              <legend className="mb-1 p-0">
                <Text size="2" weight="medium">
                  {t("crm.webhooks.form.events")}
                </Text>
              </legend>
              {WEBHOOK_EVENTS.map((item) => (
                <Text as="label" size="2" key={item} className="flex items-start gap-2">
                  <Checkbox
                    checked={events.includes(item)}
                    onCheckedChange={(checked) =>
                      setEvents((current) => (checked === true ? [...current, item] : current.filter((e) => e !== item)))
                    }
                    data-testid={`webhook-event-${item}`}
                  />
                  <span>
                    {t(eventKey(item))} <code className="text-xs text-[var(--gray-11)]">{item}</code>
                  </span>
                </Text>
              ))}
              {errorText("events")}
            </fieldset>
          </Flex>
          <DialogFormFooter
            saving={saving}
            cancel={t("crm.webhooks.form.cancel")}
            submit={t("crm.webhooks.form.submit")}
            submitting={t("crm.webhooks.form.submitting")}
            testId="webhook-submit"
          />
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}

/** The signing secret, shown this once, with a copy button. */
function SecretDialog({ shown, onClose }: { shown: Shown; onClose: () => void }) {
  const { t } = useI18n();
  // Back to what opened it ('Novo webhook', or that webhook's 'Gerar novo segredo'): the button
  // that confirmed is gone by the time it closes.
  const returnFocus = useReturnFocus(true, () =>
    shown.kind === "created"
      ? "[data-testid=webhook-add]"
      : `[data-webhook-id="${CSS.escape(shown.endpointId)}"] [data-testid=webhook-rotate]`,
  );
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Content maxWidth="520px" data-testid="webhook-secret-dialog" onCloseAutoFocus={returnFocus}>
        <Dialog.Title>{t(shown.kind === "created" ? "crm.webhooks.secret.createdTitle" : "crm.webhooks.secret.rotatedTitle")}</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="3">
          {t("crm.webhooks.secret.description")}
        </Dialog.Description>
        <Text as="p" size="1" color="gray" mb="2" className="break-all">
          {shown.url}
        </Text>
        <SecretField
          value={shown.secret}
          texts={{
            label: t("crm.webhooks.secret.label"),
            copy: t("crm.webhooks.secret.copy"),
            copied: t("crm.webhooks.secret.copied"),
            copyFailed: t("crm.webhooks.secret.copyFailed"),
          }}
          testId="webhook-secret"
          copyTestId="webhook-secret-copy"
        />
        <Flex justify="end" mt="5">
          <Dialog.Close>
            <Button type="button" data-testid="webhook-secret-done">
              {t("crm.webhooks.secret.done")}
            </Button>
          </Dialog.Close>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}
