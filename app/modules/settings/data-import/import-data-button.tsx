import { Button } from "@radix-ui/themes";
import { Suspense, useRef, useState } from "react";
import { lazyChunk } from "~/components/lazy-chunk";
import { useI18n } from "~/i18n/react";

// The dialog, its steps and papaparse are a chunk of their own, fetched on the first click
// (or when the pointer comes near the button): the Settings page's first load does not carry them.
const loadDialog = () => import("./import-dialog.tsx");
const ImportDialog = lazyChunk(() => loadDialog().then((m) => ({ default: m.ImportDialog })));

/**
 * Settings → Sistema → 'Importar Dados' (issue 23; admins and managers: the Dados card is only
 * rendered for them): opens the import wizard (file, columns, preview, import).
 */
export function ImportDataButton() {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button
        ref={button}
        type="button"
        variant="soft"
        onClick={() => setOpen(true)}
        onPointerEnter={() => void loadDialog().catch(() => undefined)}
        data-testid="import-data-button"
      >
        {t("crm.settings.system.dataImport.title")}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <ImportDialog onClose={() => setOpen(false)} returnFocusTo={button} />
        </Suspense>
      ) : null}
    </>
  );
}
