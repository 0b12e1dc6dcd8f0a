import { Card, Flex, Spinner, Text } from "@radix-ui/themes";
import { Suspense } from "react";
import { lazyChunk } from "~/components/lazy-chunk";
import { useI18n } from "~/i18n/react";

// Only admins see it: its code is a chunk of its own, out of the Settings page's budget.
const BackupsPanel = lazyChunk(() => import("./backups-panel.tsx").then((m) => ({ default: m.BackupsPanel })));

/** Settings → Sistema → Backups automáticos (admins only): the panel, and until its code is there, its loading state. */
export function BackupsCard() {
  const { t } = useI18n();
  return (
    <Suspense
      fallback={
        <Card size={{ initial: "2", sm: "3" }}>
          <Flex gap="2" align="center" role="status">
            <Spinner />
            <Text size="2" color="gray">
              {t("crm.settings.system.backups.loading")}
            </Text>
          </Flex>
        </Card>
      }
    >
      <BackupsPanel />
    </Suspense>
  );
}
