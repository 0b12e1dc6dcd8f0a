import { Card, Flex, Spinner, Switch, Text } from "@radix-ui/themes";
import { Suspense, useCallback, useEffect, useId, useState, type FormEvent } from "react";
import { lazyChunk } from "~/components/lazy-chunk";
import { Link } from "react-router";
import { useI18n } from "~/i18n/react";
import type { TranslationKey } from "~/i18n";
import { useToast } from "~/components/ui/toaster";
import { apiClient, call, OfflineError } from "~/modules/crm/api-client";
import { ProfileSection } from "./profile-section.tsx";
import { SystemSection } from "./system-section.tsx";
import type { NotificationPreferencesDto } from "../../../worker/services/notification-preferences-service.ts";
import type { SystemTabData } from "../../../worker/services/org-settings-service.ts";
import type { UsersTabData } from "../../../worker/services/user-admin-service.ts";
import { SettingsCardHeader, SettingsSaveButton } from "./settings-parts.tsx";
import type { PushDevicesProps } from "./push/push-devices.tsx";

// Usuários (the team table, invitations and the audit trail): a chunk of its own, out of the
// page's budget (the server still renders it in the page's HTML).
const UsersSection = lazyChunk(() => import("./users-section.tsx"));
// Web Push's permission, subscription and devices list: a chunk of its own, out of the page's budget.
const PushDevices = lazyChunk(() => import("./push/push-devices.tsx"));
// Settings → API (issue 25): personal API tokens, a chunk of its own (docs/decisions/031).
const ApiTokensPanel = lazyChunk(() => import("./api-tokens/api-tokens-panel.tsx"));
// Settings → API → Webhooks (issue 25, admins): a chunk of its own, out of the page's budget.
const WebhooksPanel = lazyChunk(() => import("./webhooks/webhooks-panel.tsx"));

type Key = keyof NotificationPreferencesDto;

/** The spec's switches in its order, in two groups; `copy` is the key under crm.settings.notifications. */
const GROUPS: { title: TranslationKey; items: { key: Key; copy: string }[] }[] = [
  {
    title: "crm.settings.notifications.kinds",
    items: [
      { key: "new_leads", copy: "newLeads" },
      { key: "status_changes", copy: "statusChanges" },
      { key: "task_reminders", copy: "taskReminders" },
      { key: "meeting_reminders", copy: "meetingReminders" },
    ],
  },
  {
    title: "crm.settings.notifications.channels",
    items: [
      { key: "email_notifications", copy: "emailNotifications" },
      { key: "push_notifications", copy: "pushNotifications" },
      { key: "weekly_reports", copy: "weeklyReports" },
      { key: "monthly_reports", copy: "monthlyReports" },
    ],
  },
];

export type SettingsTab = "profile" | "notifications" | "users" | "system" | "api";
export const SETTINGS_TABS: readonly SettingsTab[] = ["profile", "notifications", "users", "system", "api"];

/** What the open tab needs (each tab loads only its own). */
export type SettingsTabData =
  | { tab: "profile" }
  | { tab: "notifications"; preferences: NotificationPreferencesDto }
  | { tab: "users"; users: UsersTabData }
  | { tab: "system"; system: SystemTabData }
  | { tab: "api"; admin: boolean };

/** /settings ('Configurações'): the spec's four tabs, in the URL (?tab=, Perfil first). */
export function SettingsScreen({ data }: { data: SettingsTabData }) {
  const tab = data.tab;
  const { t } = useI18n();
  // Usuários' chunk, fetched once the page is up: a click on its tab then shows it at once
  // instead of a spinner while the chunk comes (lazyChunk's import resolves from the module cache).
  useEffect(() => {
    const timer = setTimeout(() => void import("./users-section.tsx").catch(() => undefined), 500);
    return () => clearTimeout(timer);
  }, []);
  return (
    <Flex direction="column" gap="4" className={`mx-auto w-full ${tab === "users" || tab === "api" ? "max-w-5xl" : "max-w-3xl"}`}>
      <nav aria-label={t("crm.settings.sections")} className="flex gap-3 border-b sm:gap-4" style={{ borderColor: "var(--gray-a5)" }}>
        {SETTINGS_TABS.map((item) => (
          <Link
            key={item}
            to={item === "profile" ? "/settings" : `/settings?tab=${item}`}
            aria-current={item === tab ? "page" : undefined}
            preventScrollReset
            className="settings-tab -mb-px inline-flex h-9 items-center border-b-2 border-transparent px-1 text-sm font-medium"
            data-testid={`settings-tab-${item}`}
          >
            {t(`crm.settings.${item}.tab`)}
          </Link>
        ))}
      </nav>
      {data.tab === "profile" ? (
        <ProfileSection />
      ) : data.tab === "notifications" ? (
        <NotificationSettings preferences={data.preferences} />
      ) : data.tab === "users" ? (
        <Suspense fallback={<Spinner mx="auto" my="6" />}>
          <UsersSection data={data.users} />
        </Suspense>
      ) : data.tab === "api" ? (
        <>
          <Suspense fallback={<Spinner mx="auto" my="6" />}>
            {/* Issue 25, API tokens: every user's own tokens (admins: everyone's). */}
            <ApiTokensPanel />
          </Suspense>
          {/* Issue 25, webhooks: the admin-only panel below the tokens (its own lazy chunk). */}
          <ApiSection admin={data.admin} />
        </>
      ) : (
        <SystemSection data={data.system} />
      )}
    </Flex>
  );
}

/** API (issue 25): the webhooks panel for admins (its own chunk); a sentence for everyone else. */
function ApiSection({ admin }: { admin: boolean }) {
  const { t } = useI18n();
  if (!admin) {
    return (
      <Card size={{ initial: "2", sm: "3" }}>
        <Text as="p" size="2" color="gray" data-testid="api-admins-only">
          {t("crm.settings.api.adminsOnly")}
        </Text>
      </Card>
    );
  }
  return (
    <Suspense fallback={null}>
      <WebhooksPanel />
    </Suspense>
  );
}

/**
 * Notificações: the eight switches of the signed-in user, saved to their account (PUT
 * /api/settings/notifications), 'Salvando...' while it goes, a toast when saved, the server's
 * translated message (or the offline one) when not.
 */
function NotificationSettings({ preferences }: { preferences: NotificationPreferencesDto }) {
  const { t } = useI18n();
  const toast = useToast();
  const id = useId();
  const [values, setValues] = useState(preferences);
  const [saving, setSaving] = useState(false);
  const [pushRequest, setPushRequest] = useState<PushDevicesProps["request"]>(null);
  const [saves, setSaves] = useState(0);
  const pushEnabled = useCallback(() => setValues((current) => ({ ...current, push_notifications: true })), []);

  // Turning push on asks the browser first, in the click itself (some browsers want the gesture);
  // the push chunk turns the switch on once this browser is subscribed.
  const change = (key: Key, checked: boolean) => {
    if (key !== "push_notifications" || !checked) return setValues((current) => ({ ...current, [key]: checked }));
    const permission = typeof Notification === "undefined" ? null : Notification.requestPermission();
    setPushRequest((current) => ({ n: (current?.n ?? 0) + 1, permission }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    try {
      const saved = await call(apiClient.settings.notifications.$put({ json: values }));
      setValues(saved.preferences);
      setSaves((n) => n + 1);
      toast({ title: t("crm.settings.notifications.saved") });
    } catch (error) {
      toast({
        title: t("crm.settings.notifications.saveFailed"),
        description: error instanceof OfflineError ? t("crm.shared.offline") : error instanceof Error ? error.message : undefined,
        variant: "destructive",
      });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card size={{ initial: "2", sm: "3" }}>
      <form onSubmit={submit} aria-labelledby={`${id}-title`} data-testid="notification-settings">
        <Flex direction="column" gap="5">
          <SettingsCardHeader
            id={id}
            title={t("crm.settings.notifications.title")}
            description={t("crm.settings.notifications.description")}
          />
          {GROUPS.map((group) => (
            <fieldset key={group.title} className="m-0 min-w-0 border-0 p-0">
              <legend className="mb-2 p-0 text-xs font-semibold tracking-wide uppercase" style={{ color: "var(--gray-11)" }}>
                {t(group.title)}
              </legend>
              <ul className="m-0 list-none divide-y p-0" style={{ borderColor: "var(--gray-a5)" }}>
                {group.items.map(({ key, copy }) => {
                  const control = `${id}-${key}`;
                  return (
                    <li key={key} className="flex items-center justify-between gap-4 py-3" style={{ borderColor: "var(--gray-a4)" }}>
                      <span className="flex min-w-0 flex-col gap-0.5">
                        <label htmlFor={control} className="cursor-pointer text-sm font-medium" style={{ color: "var(--gray-12)" }}>
                          {t(`crm.settings.notifications.${copy}.label` as TranslationKey)}
                        </label>
                        <span id={`${control}-hint`} className="text-[13px] leading-snug" style={{ color: "var(--gray-11)" }}>
                          {t(`crm.settings.notifications.${copy}.hint` as TranslationKey)}
                        </span>
                      </span>
                      <Switch
                        id={control}
                        name={key}
                        checked={values[key]}
                        onCheckedChange={(checked) => change(key, checked)}
                        aria-describedby={`${control}-hint`}
                        data-testid={`setting-${key}`}
                        className="shrink-0"
                      />
                    </li>
                  );
                })}
              </ul>
            </fieldset>
          ))}
          <Suspense fallback={null}>
            <PushDevices enabled={values.push_notifications} request={pushRequest} onEnabled={pushEnabled} saves={saves} />
          </Suspense>
          <Text as="p" size="1" color="gray">
            {t("crm.settings.notifications.note")}
          </Text>
          <SettingsSaveButton
            saving={saving}
            label={t("crm.settings.notifications.save")}
            busyLabel={t("crm.settings.notifications.saving")}
            testId="notification-settings-save"
          />
        </Flex>
      </form>
    </Card>
  );
}
