import { Button } from "@radix-ui/themes";
import { Suspense, useRef, useState } from "react";
import { lazyChunk } from "~/components/lazy-chunk";
import { useI18n } from "~/i18n/react";
import type { ImportDto } from "./import-api.ts";

// The dialog, its steps and papaparse are a chunk of their own, fetched on the first click
// (or when the pointer comes near the button): the Settings page's first load does not carry them.
const loadDialog = () => import("./import-dialog.tsx");
const ImportDialog = lazyChunk(() => loadDialog().then((m) => ({ default: m.ImportDialog })));
// The unfinished import's callout (its request and its markup) is a small chunk of its own too:
// the Settings page's budget is tight.
const UnfinishedImport = lazyChunk(() => import("./resume-callout.tsx").then((m) => ({ default: m.UnfinishedImport })));

/**
 * Settings → Sistema → 'Importar Dados' (issue 23; admins and managers: the Dados card is only
 * rendered for them): opens the import wizard (file, columns, preview, import). An import left
 * running (a reload, a closed tab; anyone's) shows as a callout at the foot of the Dados card
 * (resume-callout.tsx), whose 'Continuar' opens the dialog at the import step to carry on.
 */
export function ImportDataButton() {
  const { t } = useI18n();
  const [open, setOpen] = useState<{ resume?: ImportDto } | null>(null);
  // Read again (a new callout) each time the dialog closes.
  const [round, setRound] = useState(0);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button
        ref={button}
        type="button"
        variant="soft"
        onClick={() => setOpen({})}
        onPointerEnter={() => void loadDialog().catch(() => undefined)}
        data-testid="import-data-button"
      >
        {t("crm.settings.system.dataImport.title")}
      </Button>
      {open ? null : (
        <Suspense fallback={null}>
          <UnfinishedImport
            key={round}
            anchor={button}
            onContinue={(resume) => {
              void loadDialog().catch(() => undefined);
              setOpen({ resume });
            }}
          />
        </Suspense>
      )}
      {open ? (
        <Suspense fallback={null}>
          <ImportDialog
            resume={open.resume}
            onClose={() => {
              setOpen(null);
              setRound((n) => n + 1);
            }}
            returnFocusTo={button}
          />
        </Suspense>
      ) : null}
    </>
  );
}
