import { ReloadIcon } from "@radix-ui/react-icons";
import { Button, Callout, Flex, Text } from "@radix-ui/themes";
import { Suspense, useCallback, useEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { lazyChunk } from "~/components/lazy-chunk";
import { formatNumber } from "~/i18n/format";
import { useI18n } from "~/i18n/react";
import { listRunningImports, type ImportDto } from "./import-api.ts";

// The dialog, its steps and papaparse are a chunk of their own, fetched on the first click
// (or when the pointer comes near the button): the Settings page's first load does not carry them.
const loadDialog = () => import("./import-dialog.tsx");
const ImportDialog = lazyChunk(() => loadDialog().then((m) => ({ default: m.ImportDialog })));

/**
 * Settings → Sistema → 'Importar Dados' (issue 23; admins and managers: the Dados card is only
 * rendered for them): opens the import wizard (file, columns, preview, import). An import left
 * running (a reload, a closed tab: GET /api/imports?status=running, anyone's) shows as a callout
 * at the foot of the Dados card, 'Importação não concluída: <arquivo>, X de Y — Continuar',
 * which opens the dialog at the import step and carries on where it stopped.
 */
export function ImportDataButton() {
  const { t } = useI18n();
  const [open, setOpen] = useState<{ resume?: ImportDto } | null>(null);
  const [unfinished, setUnfinished] = useState<ImportDto | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const [card, setCard] = useState<Element | null>(null);

  const refresh = useCallback((signal?: AbortSignal) => {
    listRunningImports(signal)
      .then((imports) => {
        if (!signal?.aborted) setUnfinished(imports[0] ?? null);
      })
      // Only a hint: without it the card is as it always was.
      .catch(() => undefined);
  }, []);

  useEffect(() => {
    setCard(button.current?.closest('[data-testid="system-data"]') ?? null);
    const abort = new AbortController();
    refresh(abort.signal);
    return () => abort.abort();
  }, [refresh]);

  const callout =
    unfinished && !open ? (
      <ResumeCallout
        dto={unfinished}
        onContinue={() => {
          void loadDialog().catch(() => undefined);
          setOpen({ resume: unfinished });
        }}
      />
    ) : null;

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
      {/* At the foot of the Dados card (below its text and buttons), not between the buttons. */}
      {callout && card ? createPortal(callout, card) : callout}
      {open ? (
        <Suspense fallback={null}>
          <ImportDialog
            resume={open.resume}
            onClose={() => {
              setOpen(null);
              setUnfinished(null);
              refresh();
            }}
            returnFocusTo={button}
          />
        </Suspense>
      ) : null}
    </>
  );
}

function ResumeCallout({ dto, onContinue }: { dto: ImportDto; onContinue: () => void }) {
  const { t, language } = useI18n();
  const text = "crm.settings.system.dataImportRun.resume";
  return (
    <Callout.Root color="amber" mt="4" data-testid="import-resume">
      <Callout.Icon>
        <ReloadIcon />
      </Callout.Icon>
      <Flex direction={{ initial: "column", sm: "row" }} gap="3" justify="between" align={{ initial: "start", sm: "center" }}>
        <Callout.Text className="min-w-0 break-words">
          <Text weight="bold">{t(`${text}.title`)}</Text>
          <br />
          {t(`${text}.text`, {
            file: dto.file_name,
            done: formatNumber(Math.min(dto.processed, dto.rows), language),
            total: formatNumber(dto.rows, language),
          })}
          {dto.created_by ? (
            <>
              <br />
              {t(`${text}.by`, { name: dto.created_by.name })}
            </>
          ) : null}
        </Callout.Text>
        <Button
          type="button"
          size="2"
          className="shrink-0"
          onClick={onContinue}
          aria-label={t(`${text}.actionFor`, { file: dto.file_name })}
          data-testid="import-resume-continue"
        >
          {t(`${text}.action`)}
        </Button>
      </Flex>
    </Callout.Root>
  );
}
