import { Button, Callout, Card, Flex, Heading, Select, Switch, Text, TextField } from "@radix-ui/themes";
import { useId, useState, type FormEvent } from "react";
import { useRevalidator } from "react-router";
import { LEAD_CURRENCIES, type LeadCurrency } from "@worker/db/schema/enums";
import { ORG_TIME_ZONES, type OrgTimeZone } from "@worker/lib/org-time";
import { useI18n } from "~/i18n/react";
import { formatDateTime } from "~/i18n/format-date";
import { useToast } from "~/components/ui/toaster";
import { apiClient, ApiClientError, call, OfflineError } from "~/modules/crm/api-client";
import { useOrg } from "~/modules/crm/org-settings";
import { forgetDashboard } from "~/modules/dashboard/dashboard-cache";
import { forgetLeadsViewAndFilters } from "~/modules/leads/leads-view";
import type { SystemSettingsDto, SystemTabData } from "../../../worker/services/org-settings-service.ts";
import { SettingsCardHeader } from "./settings-parts.tsx";
import { ImportDataButton } from "./data-import/import-data-button.tsx";
import { ExportDataButton } from "./data-export/export-data-button.tsx";
import { BackupsCard } from "./backups/backups-card.tsx";

const COMPANY_NAME_MAX = 100;
const ZONE_COPY: Record<OrgTimeZone, "saoPaulo" | "newYork" | "london"> = {
  "America/Sao_Paulo": "saoPaulo",
  "America/New_York": "newYork",
  "Europe/London": "london",
};
const SWITCHES = [
  { key: "auto_backup", copy: "autoBackup" },
  { key: "maintenance_mode", copy: "maintenanceMode" },
  { key: "debug_mode", copy: "debugMode" },
] as const;

type Values = Pick<SystemSettingsDto, "company_name" | "time_zone" | "currency" | "auto_backup" | "maintenance_mode" | "debug_mode">;
const valuesOf = ({ company_name, time_zone, currency, auto_backup, maintenance_mode, debug_mode }: SystemSettingsDto): Values => ({
  company_name,
  time_zone,
  currency,
  auto_backup,
  maintenance_mode,
  debug_mode,
});

/**
 * Settings → Sistema (crm.md §2; issue 22; docs/decisions/021): the organisation's company
 * name, time zone, currency and three switches, each with what it does. Admins save them with
 * PUT /api/settings/system ('Salvando...', the spec's toast, the name's error under it); the
 * frame then reads them again, so the company name, dates and money follow at once. Managers
 * and sales reps see them read-only. Below: 'Exportar Dados' and 'Importar Dados' for admins and
 * managers, the automatic backups for admins (issue 23), and 'Limpar Cache' for what this
 * browser keeps.
 */
export function SystemSection({ data }: { data: SystemTabData }) {
  const { t, language } = useI18n();
  const toast = useToast();
  const revalidator = useRevalidator();
  const org = useOrg();
  const id = useId();
  const [values, setValues] = useState<Values>(() => valuesOf(data.settings));
  const [updated, setUpdated] = useState({ at: data.settings.updated_at, by: data.settings.updated_by });
  const [saving, setSaving] = useState(false);
  const [nameError, setNameError] = useState<string | undefined>();
  const readOnly = !data.canEdit;
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((current) => ({ ...current, [key]: value }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving || readOnly) return;
    setSaving(true);
    setNameError(undefined);
    try {
      const saved = await call(apiClient.settings.system.$put({ json: values }));
      setValues(valuesOf(saved.settings));
      setUpdated({ at: saved.settings.updated_at, by: saved.settings.updated_by });
      toast({ title: t("crm.settings.system.saved") });
      // The frame (company name) and every screen's dates and money read the new settings.
      void revalidator.revalidate();
    } catch (error) {
      const field = error instanceof ApiClientError ? error.fieldMessage("company_name") : undefined;
      setNameError(field);
      toast({
        title: t("crm.settings.system.saveFailed"),
        description:
          error instanceof OfflineError ? t("crm.shared.offline") : field ? undefined : error instanceof Error ? error.message : undefined,
        variant: "destructive",
      });
    } finally {
      setSaving(false);
    }
  };

  const clearCache = async () => {
    forgetDashboard();
    forgetLeadsViewAndFilters();
    // Nothing of the CRM is in Cache Storage today; whatever a later version puts there goes too.
    try {
      if ("caches" in window) for (const key of await window.caches.keys()) await window.caches.delete(key);
    } catch {
      // Storage the browser refuses (private mode) holds nothing to clear.
    }
    toast({ title: t("crm.settings.system.cache.cleared"), description: t("crm.settings.system.cache.clearedDescription") });
  };

  return (
    <Flex direction="column" gap="4">
      <Card size={{ initial: "2", sm: "3" }}>
        <form onSubmit={submit} aria-labelledby={`${id}-title`} data-testid="system-settings">
          <Flex direction="column" gap="5">
            <SettingsCardHeader id={id} title={t("crm.settings.system.title")} description={t("crm.settings.system.description")} />
            {readOnly ? (
              <Callout.Root color="gray" data-testid="system-settings-readonly">
                <Callout.Text id={`${id}-readonly`}>{t("crm.settings.system.readOnly")}</Callout.Text>
              </Callout.Root>
            ) : null}
            {data.settings.maintenance_mode && values.maintenance_mode ? (
              <Callout.Root color="amber" role="status" data-testid="system-maintenance-active">
                <Callout.Text>{t("crm.settings.system.maintenanceActive")}</Callout.Text>
              </Callout.Root>
            ) : null}
            <div className="grid gap-4 sm:grid-cols-2">
              <label className="flex min-w-0 flex-col gap-1 sm:col-span-2">
                <Text size="2" weight="medium">
                  {t("crm.settings.system.companyName")}
                </Text>
                <TextField.Root
                  name="company_name"
                  value={values.company_name}
                  onChange={(event) => set("company_name", event.target.value)}
                  required
                  maxLength={COMPANY_NAME_MAX}
                  autoComplete="organization"
                  disabled={readOnly}
                  aria-invalid={nameError ? true : undefined}
                  aria-describedby={nameError ? `${id}-name-error` : readOnly ? `${id}-readonly` : undefined}
                  data-testid="system-company-name"
                />
                {nameError ? (
                  <Text id={`${id}-name-error`} size="1" color="red" data-testid="system-company-name-error">
                    {nameError}
                  </Text>
                ) : null}
              </label>
              <div className="flex min-w-0 flex-col gap-1">
                <Text size="2" weight="medium" id={`${id}-zone-label`}>
                  {t("crm.settings.system.timeZone")}
                </Text>
                <Select.Root value={values.time_zone} onValueChange={(value) => set("time_zone", value as OrgTimeZone)} disabled={readOnly}>
                  <Select.Trigger aria-labelledby={`${id}-zone-label`} aria-describedby={`${id}-zone-hint`} data-testid="system-time-zone">
                    {t(`crm.settings.system.timeZones.${ZONE_COPY[values.time_zone]}`)}
                  </Select.Trigger>
                  <Select.Content position="popper">
                    {ORG_TIME_ZONES.map((zone) => (
                      <Select.Item key={zone} value={zone}>
                        {t(`crm.settings.system.timeZones.${ZONE_COPY[zone]}`)}
                      </Select.Item>
                    ))}
                  </Select.Content>
                </Select.Root>
                <Text as="p" size="1" color="gray" id={`${id}-zone-hint`}>
                  {t("crm.settings.system.timeZoneHint")}
                </Text>
              </div>
              <div className="flex min-w-0 flex-col gap-1">
                <Text size="2" weight="medium" id={`${id}-currency-label`}>
                  {t("crm.settings.system.currency")}
                </Text>
                <Select.Root value={values.currency} onValueChange={(value) => set("currency", value as LeadCurrency)} disabled={readOnly}>
                  <Select.Trigger
                    aria-labelledby={`${id}-currency-label`}
                    aria-describedby={`${id}-currency-hint`}
                    data-testid="system-currency"
                  >
                    {t(`crm.settings.system.currencies.${values.currency}`)}
                  </Select.Trigger>
                  <Select.Content position="popper">
                    {LEAD_CURRENCIES.map((currency) => (
                      <Select.Item key={currency} value={currency}>
                        {t(`crm.settings.system.currencies.${currency}`)}
                      </Select.Item>
                    ))}
                  </Select.Content>
                </Select.Root>
                <Text as="p" size="1" color="gray" id={`${id}-currency-hint`}>
                  {t("crm.settings.system.currencyHint")}
                </Text>
              </div>
            </div>
            <fieldset className="m-0 min-w-0 border-0 p-0">
              <legend className="mb-2 p-0 text-xs font-semibold tracking-wide uppercase" style={{ color: "var(--gray-11)" }}>
                {t("crm.settings.system.switches")}
              </legend>
              <ul className="m-0 list-none divide-y p-0" style={{ borderColor: "var(--gray-a5)" }}>
                {SWITCHES.map(({ key, copy }) => {
                  const control = `${id}-${key}`;
                  return (
                    <li key={key} className="flex items-center justify-between gap-4 py-3" style={{ borderColor: "var(--gray-a4)" }}>
                      <span className="flex min-w-0 flex-col gap-0.5">
                        <label htmlFor={control} className="text-sm font-medium" style={{ color: "var(--gray-12)" }}>
                          {t(`crm.settings.system.${copy}.label`)}
                        </label>
                        <span id={`${control}-hint`} className="text-[13px] leading-snug" style={{ color: "var(--gray-11)" }}>
                          {t(`crm.settings.system.${copy}.hint`)}
                        </span>
                      </span>
                      <Switch
                        id={control}
                        name={key}
                        checked={values[key]}
                        onCheckedChange={(checked) => set(key, checked)}
                        disabled={readOnly}
                        aria-describedby={`${control}-hint`}
                        data-testid={`system-${key}`}
                        className="shrink-0"
                      />
                    </li>
                  );
                })}
              </ul>
            </fieldset>
            <Flex justify="between" align="center" gap="3" wrap="wrap">
              <Text as="p" size="1" color="gray" data-testid="system-updated">
                {updated.by && updated.at
                  ? t("crm.settings.system.updated", { name: updated.by.name, date: formatDateTime(updated.at, language, org.time_zone) })
                  : null}
              </Text>
              {readOnly ? null : (
                <Button type="submit" disabled={saving} data-testid="system-save">
                  {saving ? t("crm.settings.system.saving") : t("crm.settings.system.save")}
                </Button>
              )}
            </Flex>
          </Flex>
        </form>
      </Card>
      {data.canTransferData ? (
        <Card size={{ initial: "2", sm: "3" }} data-testid="system-data">
          <Flex direction={{ initial: "column", sm: "row" }} gap="4" justify="between" align={{ initial: "start", sm: "center" }}>
            <div className="min-w-0">
              <Heading as="h2" size="3">
                {t("crm.settings.system.data.title")}
              </Heading>
              <Text as="p" size="2" color="gray" mt="1">
                {t("crm.settings.system.data.description")}
              </Text>
            </div>
            <Flex gap="2" wrap="wrap" className="shrink-0">
              <ExportDataButton />
              <ImportDataButton />
            </Flex>
          </Flex>
        </Card>
      ) : null}
      {data.canSeeBackups ? <BackupsCard /> : null}
      <Card size={{ initial: "2", sm: "3" }}>
        <Flex direction={{ initial: "column", sm: "row" }} gap="4" justify="between" align={{ initial: "start", sm: "center" }}>
          <div className="min-w-0">
            <Heading as="h2" size="3">
              {t("crm.settings.system.cache.title")}
            </Heading>
            <Text as="p" size="2" color="gray" mt="1">
              {t("crm.settings.system.cache.description")}
            </Text>
          </div>
          <Button type="button" variant="soft" onClick={() => void clearCache()} className="shrink-0" data-testid="system-clear-cache">
            {t("crm.settings.system.cache.button")}
          </Button>
        </Flex>
      </Card>
    </Flex>
  );
}
