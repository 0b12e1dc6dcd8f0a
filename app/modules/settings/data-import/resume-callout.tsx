import { ReloadIcon } from "@radix-ui/react-icons";
import { Button, Callout, Flex, Text } from "@radix-ui/themes";
import { useEffect, useState, type RefObject } from "react";
import { createPortal } from "react-dom";
import { formatNumber } from "~/i18n/format";
import { useI18n } from "~/i18n/react";
import { listRunningImports, type ImportDto } from "./import-api.ts";

/**
 * An import left running (GET /api/imports?status=running, anyone's: the newest), shown at the
 * foot of the Dados card (the card that holds `anchor`, below its text and buttons) as
 * 'Importação não concluída: <arquivo>, X de Y — Continuar'. Nothing when there is none, or
 * when the request fails (it is only a hint).
 */
export function UnfinishedImport({ anchor, onContinue }: { anchor: RefObject<HTMLElement | null>; onContinue: (dto: ImportDto) => void }) {
  const [unfinished, setUnfinished] = useState<ImportDto | null>(null);
  const [card, setCard] = useState<Element | null>(null);
  useEffect(() => {
    const abort = new AbortController();
    listRunningImports(abort.signal)
      .then((imports) => {
        if (abort.signal.aborted) return;
        setCard(anchor.current?.closest('[data-testid="system-data"]') ?? null);
        setUnfinished(imports[0] ?? null);
      })
      .catch(() => undefined);
    return () => abort.abort();
  }, [anchor]);
  if (!unfinished) return null;
  const callout = <ResumeCallout dto={unfinished} onContinue={() => onContinue(unfinished)} />;
  return card ? createPortal(callout, card) : callout;
}

/** The Dados card's 'Importação não concluída: <arquivo>, X de Y — Continuar'. */
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
