import { Badge, Button, Card, Flex, Heading, Text } from "@radix-ui/themes";
import { DownloadIcon } from "@radix-ui/react-icons";
import { useCallback, useEffect, useId, useState } from "react";
import { useLoaderData } from "react-router";
import { useI18n } from "~/i18n/react";
import { formatNumber, pluralForm } from "~/i18n/format";
import { formatFileSize } from "~/modules/crm/format-file-size";
import { formatDate, formatTime } from "~/i18n/format-date";
import { apiClient, call, OfflineError } from "~/modules/crm/api-client";
import { useOrg } from "~/modules/crm/org-settings";
import type { BackupSummary } from "../../../../worker/services/backup-service.ts";
import type { SystemTabData } from "../../../../worker/services/org-settings-service.ts";
import { PanelLoadFailed, PanelLoading } from "../panel-states.tsx";

type Listing = { auto_backup: boolean; backups: BackupSummary[] };
type State = { status: "loading" } | { status: "failed"; offline: boolean } | { status: "ready"; listing: Listing };

/**
 * Settings → Sistema, admins only (issue 23; docs/decisions/023): the automatic backups in R2
 * (GET /api/backups), newest first, each with its date, size, rows and a download link (a ZIP
 * from GET /api/backups/:date/download); whether the switch is on, as saved (the tab's loader
 * data, so it follows a save at once); loading, failed (retry) and empty states; how a copy
 * is restored (by whoever runs the server: no command for a CRM admin to type). Loaded with
 * the tab (backups-card.tsx), not in the Settings page's first JavaScript.
 */
export function BackupsPanel() {
  const { t, language } = useI18n();
  const org = useOrg();
  const id = useId();
  // The Settings route's loader data: the Sistema tab's saved settings.
  const loaderData = useLoaderData() as { data?: { tab?: string; system?: SystemTabData } } | undefined;
  const [state, setState] = useState<State>({ status: "loading" });

  // The list, into state once it answers (the first render shows "loading").
  const fetchListing = useCallback(
    (signal?: AbortSignal) =>
      call(apiClient.backups.$get(undefined, { init: { signal } })).then(
        (listing) => setState({ status: "ready", listing }),
        (error: unknown) => {
          if (!signal?.aborted) setState({ status: "failed", offline: error instanceof OfflineError });
        },
      ),
    [],
  );
  useEffect(() => {
    const controller = new AbortController();
    void fetchListing(controller.signal);
    return () => controller.abort();
  }, [fetchListing]);
  const retry = () => {
    setState({ status: "loading" });
    void fetchListing();
  };

  const saved = loaderData?.data?.system?.settings.auto_backup;
  const on = saved ?? (state.status === "ready" ? state.listing.auto_backup : true);
  const dateOf = (date: string) => formatDate(`${date}T12:00:00Z`, language, "UTC");

  return (
    <Card size={{ initial: "2", sm: "3" }} data-testid="system-backups" aria-labelledby={`${id}-title`} role="region">
      <Flex direction="column" gap="4">
        <div className="min-w-0">
          <Flex gap="3" align="center" wrap="wrap">
            <Heading as="h2" size="3" id={`${id}-title`}>
              {t("crm.settings.system.backups.title")}
            </Heading>
            <Badge color={on ? "green" : "gray"} variant="soft" data-testid="backups-switch-state">
              {t(on ? "crm.settings.system.backups.on" : "crm.settings.system.backups.off")}
            </Badge>
          </Flex>
          <Text as="p" size="2" color="gray" mt="1">
            {t(on ? "crm.settings.system.backups.description" : "crm.settings.system.backups.offDescription")}
          </Text>
        </div>

        {state.status === "loading" ? (
          <PanelLoading label={t("crm.settings.system.backups.loading")} testId="backups-loading" />
        ) : state.status === "failed" ? (
          <PanelLoadFailed
            message={t(state.offline ? "crm.shared.offline" : "crm.settings.system.backups.loadFailed")}
            retryLabel={t("crm.settings.system.backups.retry")}
            onRetry={retry}
            testId="backups-failed"
          />
        ) : state.listing.backups.length === 0 ? (
          <Text as="p" size="2" data-testid="backups-empty">
            {t(on ? "crm.settings.system.backups.empty" : "crm.settings.system.backups.emptyOff")}
          </Text>
        ) : (
          <ul
            aria-label={t("crm.settings.system.backups.listLabel")}
            className="m-0 flex list-none flex-col p-0"
            data-testid="backups-list"
          >
            {state.listing.backups.map((backup) => (
              <li
                key={backup.date}
                className="border-t border-[var(--gray-a5)] py-3 first:border-t-0 first:pt-0 last:pb-0"
                data-testid="backup-row"
              >
                <Flex gap="3" align="center" justify="between">
                  <div className="min-w-0">
                    <Text as="p" size="2" weight="medium">
                      {dateOf(backup.date)}
                    </Text>
                    <Text as="p" size="1" color="gray">
                      {[
                        formatFileSize(backup.bytes, language),
                        t(`crm.settings.system.backups.rows.${pluralForm(language, backup.rows)}`, {
                          count: formatNumber(backup.rows, language),
                        }),
                        t("crm.settings.system.backups.madeAt", { time: formatTime(backup.created_at, language, org.time_zone) }),
                      ].join(" · ")}
                    </Text>
                  </div>
                  <Button asChild variant="soft" size="2" className="shrink-0">
                    <a
                      href={`/api/backups/${backup.date}/download`}
                      download={`backup-${backup.date}.zip`}
                      aria-label={t("crm.settings.system.backups.downloadLabel", { date: dateOf(backup.date) })}
                      data-testid="backup-download"
                    >
                      <DownloadIcon aria-hidden />
                      {t("crm.settings.system.backups.download")}
                    </a>
                  </Button>
                </Flex>
              </li>
            ))}
          </ul>
        )}
        <div data-testid="backups-restore">
          <Text as="p" size="1" weight="medium">
            {t("crm.settings.system.backups.restoreTitle")}
          </Text>
          <Text as="p" size="1" color="gray">
            {t("crm.settings.system.backups.restoreHint")}
          </Text>
        </div>
      </Flex>
    </Card>
  );
}
