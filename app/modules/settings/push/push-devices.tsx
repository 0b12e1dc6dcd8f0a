import { Badge, Button, Callout, Flex, Spinner, Text } from "@radix-ui/themes";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { useI18n } from "~/i18n/react";
import { formatDate, formatDateTime } from "~/i18n/format-date";
import { useToast } from "~/components/ui/toaster";
import { apiClient, call, OfflineError } from "~/modules/crm/api-client";
import type { PushDeviceDto } from "../../../../worker/services/push-service.ts";
import { enablePush, pushPermission, pushSupported, unsubscribeThisBrowser, type EnableResult } from "./push-browser.ts";
import { PanelLoadFailed, PanelLoading } from "../panel-states.tsx";

type Listing = { status: "loading" } | { status: "failed"; offline: boolean } | { status: "ready"; devices: PushDeviceDto[] };
type Attempt = { status: "idle" } | { status: "asking" } | { status: "done"; result: EnableResult };

export type PushDevicesProps = {
  /** The switch as it is on the form now (saved or not). */
  enabled: boolean;
  /** Each time the switch is turned on: the permission prompt the click opened (null: no Notification API). */
  request: { n: number; permission: Promise<NotificationPermission> | null } | null;
  /** This browser is subscribed: the form turns the switch on. */
  onEnabled: () => void;
  /** How many times the form was saved: a save ends the "save to start receiving" hint. */
  saves: number;
};

/**
 * Settings → Notificações → Notificações Push (issue 24, docs/decisions/029), in its own chunk:
 * turning the switch on asks the browser (permission, service worker, subscription) and stores
 * this browser as a device; the user's devices with their browser and last use, each
 * removable; loading, failed (retry), empty; a refused permission, an unsupported browser or
 * an unconfigured server explained in words.
 */
export default function PushDevices({ enabled, request, onEnabled, saves }: PushDevicesProps) {
  const { t, language } = useI18n();
  const toast = useToast();
  const id = useId();
  const [listing, setListing] = useState<Listing>({ status: "loading" });
  const [attempt, setAttempt] = useState<Attempt>({ status: "idle" });
  const [removing, setRemoving] = useState<string | null>(null);
  // What the browser says, read after hydration (the server cannot know it).
  const [browser, setBrowser] = useState<{ supported: boolean; permission: string }>({ supported: false, permission: "default" });
  const handled = useRef(0);
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the browser's answer, known only in the browser
    setBrowser({ supported: pushSupported(), permission: pushPermission() });
  }, [attempt]);

  const load = useCallback(
    (signal?: AbortSignal) =>
      call(apiClient.push.devices.$get(undefined, { init: { signal } })).then(
        ({ devices }) => setListing({ status: "ready", devices }),
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

  const enable = useCallback(
    async (permission?: Promise<NotificationPermission> | null) => {
      setAttempt({ status: "asking" });
      const result = await enablePush(permission ?? undefined);
      setAttempt({ status: "done", result });
      if (result.ok) {
        onEnabled();
        setListing((current) => ({
          status: "ready",
          devices: [result.device, ...(current.status === "ready" ? current.devices.filter((d) => d.id !== result.device.id) : [])],
        }));
      }
    },
    [onEnabled],
  );

  // Saved: the switch's new state is stored, nothing left to say about this browser's success.
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- a save (the form's) ends the hint
    setAttempt((current) => (current.status === "done" && current.result.ok ? { status: "idle" } : current));
  }, [saves]);

  // The switch was turned on (a new request): subscribe this browser.
  useEffect(() => {
    if (!request || request.n === handled.current) return;
    handled.current = request.n;
    void enable(request.permission);
  }, [request, enable]);

  const remove = async (device: PushDeviceDto) => {
    setRemoving(device.id);
    try {
      await call(apiClient.push.devices[":id"].$delete({ param: { id: device.id } }));
      if (device.this_session) await unsubscribeThisBrowser().catch(() => undefined);
      setListing((current) =>
        current.status === "ready" ? { status: "ready", devices: current.devices.filter((d) => d.id !== device.id) } : current,
      );
      setAttempt({ status: "idle" });
      toast({ title: t("crm.settings.push.removed") });
    } catch (error) {
      toast({
        title: t("crm.settings.push.removeFailed"),
        description: error instanceof OfflineError ? t("crm.shared.offline") : error instanceof Error ? error.message : undefined,
        variant: "destructive",
      });
    } finally {
      setRemoving(null);
    }
  };

  const problem = attempt.status === "done" && !attempt.result.ok ? attempt.result : null;
  const thisOneListed = listing.status === "ready" && listing.devices.some((d) => d.this_session);
  const canAddThis = enabled && listing.status === "ready" && !thisOneListed && attempt.status !== "asking" && browser.supported;
  const labelOf = (device: PushDeviceDto) => device.label || t("crm.settings.push.unknownBrowser");

  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-3" data-testid="push-devices">
      <div>
        <Text as="p" size="2" weight="medium" id={`${id}-title`}>
          {t("crm.settings.push.title")}
        </Text>
        <Text as="p" size="1" color="gray">
          {t("crm.settings.push.description")}
        </Text>
      </div>

      {attempt.status === "asking" ? (
        <Flex gap="2" align="center" role="status" data-testid="push-asking">
          <Spinner />
          <Text size="2" color="gray">
            {t("crm.settings.push.asking")}
          </Text>
        </Flex>
      ) : problem ? (
        <Callout.Root color={problem.reason === "failed" ? "red" : "amber"} role="alert" data-testid={`push-${problem.reason}`}>
          <Callout.Text>
            {t(`crm.settings.push.${problem.reason}`)}
            {problem.reason === "failed" && problem.message ? ` ${problem.message}` : ""}
          </Callout.Text>
        </Callout.Root>
      ) : attempt.status === "done" ? (
        <Callout.Root color="green" role="status" data-testid="push-enabled">
          <Callout.Text>{t("crm.settings.push.enabled")}</Callout.Text>
        </Callout.Root>
      ) : !enabled && browser.permission === "denied" ? (
        <Callout.Root color="amber" data-testid="push-denied">
          <Callout.Text>{t("crm.settings.push.denied")}</Callout.Text>
        </Callout.Root>
      ) : null}

      {listing.status === "loading" ? (
        <PanelLoading label={t("crm.settings.push.loading")} testId="push-devices-loading" />
      ) : listing.status === "failed" ? (
        <PanelLoadFailed
          message={t(listing.offline ? "crm.shared.offline" : "crm.settings.push.loadFailed")}
          retryLabel={t("crm.settings.push.retry")}
          onRetry={() => {
            setListing({ status: "loading" });
            void load();
          }}
          testId="push-devices-failed"
        />
      ) : listing.devices.length === 0 ? (
        <Text as="p" size="2" color="gray" data-testid="push-devices-empty">
          {t("crm.settings.push.empty")}
        </Text>
      ) : (
        <ul aria-label={t("crm.settings.push.listLabel")} className="m-0 flex list-none flex-col p-0" data-testid="push-devices-list">
          {listing.devices.map((device) => (
            <li key={device.id} className="border-t border-[var(--gray-a5)] py-2.5 first:border-t-0 first:pt-0" data-testid="push-device">
              <Flex gap="3" align="center" justify="between">
                <div className="min-w-0">
                  <Flex gap="2" align="center" wrap="wrap">
                    <Text size="2" weight="medium" data-testid="push-device-label">
                      {labelOf(device)}
                    </Text>
                    {device.this_session ? (
                      <Badge color="green" variant="soft">
                        {t("crm.settings.push.thisBrowser")}
                      </Badge>
                    ) : null}
                  </Flex>
                  <Text as="p" size="1" color="gray" data-testid="push-device-use">
                    {[
                      device.last_used_at
                        ? t("crm.settings.push.lastUsed", { date: formatDateTime(device.last_used_at, language) })
                        : t("crm.settings.push.neverUsed"),
                      t("crm.settings.push.addedAt", { date: formatDate(device.created_at, language) }),
                    ].join(" · ")}
                  </Text>
                </div>
                <Button
                  type="button"
                  size="1"
                  variant="soft"
                  color="red"
                  className="shrink-0"
                  loading={removing === device.id}
                  disabled={removing !== null}
                  aria-label={t("crm.settings.push.removeLabel", { device: labelOf(device) })}
                  onClick={() => void remove(device)}
                  data-testid="push-device-remove"
                >
                  {t("crm.settings.push.remove")}
                </Button>
              </Flex>
            </li>
          ))}
        </ul>
      )}

      {canAddThis ? (
        <Button type="button" size="1" variant="soft" className="self-start" onClick={() => void enable()} data-testid="push-add-this">
          {t("crm.settings.push.addThis")}
        </Button>
      ) : null}
      {!enabled && listing.status === "ready" && listing.devices.length > 0 ? (
        <Text as="p" size="1" color="gray" data-testid="push-off">
          {t("crm.settings.push.off")}
        </Text>
      ) : null}
    </section>
  );
}
