import { Button } from "@radix-ui/themes";
import { useRef, useState } from "react";
import { useToast } from "~/components/ui/toaster";
import { useI18n } from "~/i18n/react";
import { ApiClientError } from "~/modules/crm/api-client";

/**
 * Settings → Sistema → 'Exportar Dados' (crm.md §2, issue 23; admins and managers: the Dados
 * card is only rendered for them). A click says 'Exportação Iniciada', downloads the ZIP the
 * server streams (GET /api/exports/data) and says when it is saved, or why not. One export at
 * a time: the button is busy until it ends, and a second click meanwhile does nothing. One
 * toast says how it goes (started, then done or failed: the same toast, updated), and the
 * button is scrolled clear of it (on a phone the toasts sit over the bottom of the screen).
 */
const TOAST_KEY = "data-export";

export function ExportDataButton() {
  const { t } = useI18n();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  // Set in the click itself, before React re-renders: a double click starts one export.
  const running = useRef(false);
  const buttonRef = useRef<HTMLButtonElement>(null);

  const start = async () => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    // Its scroll margin keeps the Dados card's buttons above the toast (a toast is at most ~9rem tall at 390 px).
    buttonRef.current?.scrollIntoView({ block: "nearest" });
    toast({
      key: TOAST_KEY,
      title: t("crm.settings.system.dataExport.started"),
      description: t("crm.settings.system.dataExport.startedDescription"),
      // Shown until the export ends (then replaced), however long the file takes.
      duration: 120_000,
    });
    try {
      const { downloadDataExport } = await import("./download-data-export.ts");
      const file = await downloadDataExport();
      toast({
        key: TOAST_KEY,
        title: t("crm.settings.system.dataExport.done"),
        description: t("crm.settings.system.dataExport.doneDescription", { file }),
        variant: "success",
      });
    } catch (error) {
      toast({
        key: TOAST_KEY,
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
    <Button
      ref={buttonRef}
      type="button"
      variant="soft"
      // (a style: Radix's button rules win over a Tailwind class here)
      style={{ scrollMarginBottom: "10rem" }}
      onClick={() => void start()}
      disabled={busy}
      aria-busy={busy}
      data-testid="export-data-button"
    >
      {busy ? t("crm.settings.system.dataExport.exporting") : t("crm.settings.system.dataExport.title")}
    </Button>
  );
}
