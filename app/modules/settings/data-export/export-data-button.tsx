import { Button } from "@radix-ui/themes";
import { useRef, useState } from "react";
import { useToast } from "~/components/ui/toaster";
import { useI18n } from "~/i18n/react";
import { ApiClientError } from "~/modules/crm/api-client";

/**
 * Settings → Sistema → 'Exportar Dados' (crm.md §2, issue 23; admins and managers: the Dados
 * card is only rendered for them). A click says 'Exportação Iniciada', downloads the ZIP the
 * server streams (GET /api/exports/data) and says when it is saved, or why not. One export at
 * a time: the button is busy until it ends, and a second click meanwhile does nothing.
 */
export function ExportDataButton() {
  const { t } = useI18n();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  // Set in the click itself, before React re-renders: a double click starts one export.
  const running = useRef(false);

  const start = async () => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    toast({ title: t("crm.settings.system.dataExport.started"), description: t("crm.settings.system.dataExport.startedDescription") });
    try {
      const { downloadDataExport } = await import("./download-data-export.ts");
      const file = await downloadDataExport();
      toast({
        title: t("crm.settings.system.dataExport.done"),
        description: t("crm.settings.system.dataExport.doneDescription", { file }),
        variant: "success",
      });
    } catch (error) {
      toast({
        title: t("crm.settings.system.dataExport.failed"),
        // The server's translated reason; otherwise no answer came (offline, or the chunk could not load).
        description: error instanceof ApiClientError ? error.message : t("crm.shared.offline"),
        variant: "destructive",
      });
    } finally {
      running.current = false;
      setBusy(false);
    }
  };

  return (
    <Button type="button" variant="soft" onClick={() => void start()} disabled={busy} aria-busy={busy} data-testid="export-data-button">
      {busy ? t("crm.settings.system.dataExport.exporting") : t("crm.settings.system.dataExport.title")}
    </Button>
  );
}
