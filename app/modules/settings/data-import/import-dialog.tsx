import { Cross2Icon } from "@radix-ui/react-icons";
import { AlertDialog, Button, Dialog, Flex, IconButton } from "@radix-ui/themes";
import { useCallback, useEffect, useRef, useState, type DragEvent, type RefObject } from "react";
import { useRevalidator } from "react-router";
import { suggestMapping, type ImportMode, type LeadImportMapping } from "@worker/services/lead-import-columns";
import { useToast } from "~/components/ui/toaster";
import { useI18n } from "~/i18n/react";
import { formatNumber } from "~/i18n/format";
import { forgetDashboard } from "~/modules/dashboard/dashboard-cache";
import { previewImport, type ImportDto, type ImportValues } from "./import-api.ts";
import { ImportStepper, type ImportStep } from "./import-parts.tsx";
import { isCsvRefusal, readCsvFile, type CsvReading } from "./read-csv-file.ts";
import { FileStep, type FileProblem } from "./file-step.tsx";
import { MappingStep } from "./mapping-step.tsx";
import { PreviewStep, type PreviewState } from "./preview-step.tsx";
import { CommitStep } from "./commit-step.tsx";
import { useImportCommit } from "./use-import-commit.ts";

const NO_VALUES: ImportValues = { status: {}, source: {} };

/** Whether a drag carries files (not text or a link dragged from the page). */
const hasFiles = (event: DragEvent) => Array.from(event.dataTransfer.types).includes("Files");

/**
 * 'Importar Dados' (issue 23): a wizard in one dialog. 1. the file, read in the browser
 * (refused at once if it cannot be a CSV of leads); 2. the columns' lead fields; 3. the
 * server's preview (POST /api/imports; nothing written); 4. 'Importar N leads': batches until
 * done, with a progress bar, then the summary. Each step's heading takes the focus. A file may be
 * dropped anywhere on the dialog until the import starts. Closing while it runs asks first, and
 * so does the browser before the page is left or reloaded. `resume`: an import left running (the
 * Dados card's 'Continuar'): the dialog opens at step 4 and carries on where it stopped.
 */
export function ImportDialog({
  onClose,
  returnFocusTo,
  resume,
}: {
  onClose: () => void;
  returnFocusTo: RefObject<HTMLElement | null>;
  resume?: ImportDto;
}) {
  const { t, language } = useI18n();
  const toast = useToast();
  const revalidator = useRevalidator();
  const heading = useRef<HTMLHeadingElement>(null);
  const [step, setStep] = useState<ImportStep>(resume ? "commit" : "file");
  const [file, setFile] = useState<File | null>(null);
  const [reading, setReading] = useState<string | null>(null);
  const [problem, setProblem] = useState<FileProblem | null>(null);
  const [csv, setCsv] = useState<CsvReading | null>(null);
  const [mapping, setMapping] = useState<LeadImportMapping>([]);
  const [values, setValues] = useState<ImportValues>(NO_VALUES);
  const [preview, setPreview] = useState<PreviewState>({ phase: "loading" });
  const [mode, setMode] = useState<ImportMode>("update_empty");
  const [dragging, setDragging] = useState(false);
  const [confirmClose, setConfirmClose] = useState(false);
  // The end: a toast, and the screens that show leads read them again (the server also tells
  // the open boards, once per batch).
  const commit = useImportCommit({
    onDone: (dto) => {
      forgetDashboard();
      void revalidator.revalidate();
      toast({
        title: t("crm.settings.system.dataImport.summary.toast"),
        description: countsSentence(dto),
        variant: dto.failed ? "default" : "success",
      });
    },
  });
  const readCount = useRef(0);
  const upload = useRef<AbortController | null>(null);
  const phase = commit.state?.phase;

  // Each step's heading takes the focus when the step (or the import's end) appears.
  const focusKey = `${step}:${step === "commit" && phase === "done" ? "done" : ""}`;
  useEffect(() => {
    heading.current?.focus();
  }, [focusKey]);

  useEffect(() => () => upload.current?.abort(), []);

  // An import left running: carry on with its own mode (fixed by its first batch).
  const resumed = useRef(false);
  const { start } = commit;
  useEffect(() => {
    if (!resume || resumed.current) return;
    resumed.current = true;
    start(resume, resume.mode ?? "update_empty");
  }, [resume, start]);

  // Leaving or reloading the page while batches are being written: the browser asks first
  // (the import would stop; the Dados card offers to continue it).
  useEffect(() => {
    if (phase !== "running") return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [phase]);

  // A file dropped beside the dialog (on the overlay) must not make the browser open it.
  useEffect(() => {
    const keep = (event: globalThis.DragEvent) => event.preventDefault();
    window.addEventListener("dragover", keep);
    window.addEventListener("drop", keep);
    return () => {
      window.removeEventListener("dragover", keep);
      window.removeEventListener("drop", keep);
    };
  }, []);

  function countsSentence(dto: ImportDto) {
    return t("crm.settings.system.dataImport.summary.toastDescription", {
      created: formatNumber(dto.created, language),
      updated: formatNumber(dto.updated, language),
      skipped: formatNumber(dto.skipped, language),
      failed: formatNumber(dto.failed, language),
    });
  }

  const runPreview = useCallback(async (chosen: File, columns: LeadImportMapping, mapped: ImportValues) => {
    upload.current?.abort();
    const abort = new AbortController();
    upload.current = abort;
    setPreview({ phase: "loading" });
    setStep("preview");
    try {
      const dto = await previewImport(chosen, columns, mapped, abort.signal);
      if (!abort.signal.aborted) setPreview({ phase: "ready", dto });
    } catch (error) {
      if (!abort.signal.aborted) setPreview({ phase: "failed", error });
    }
  }, []);

  const takeFile = async (chosen: File) => {
    const turn = ++readCount.current;
    upload.current?.abort();
    commit.reset();
    setStep("file");
    setProblem(null);
    setCsv(null);
    setReading(chosen.name);
    const result = await readCsvFile(chosen);
    if (turn !== readCount.current) return;
    setReading(null);
    if (isCsvRefusal(result)) {
      setFile(null);
      setProblem(result);
      heading.current?.focus();
      return;
    }
    setFile(chosen);
    setCsv(result);
    setMapping(suggestMapping(result.headers));
    setValues(NO_VALUES);
    setMode("update_empty");
    setStep("mapping");
  };

  const startOver = () => {
    readCount.current += 1;
    upload.current?.abort();
    commit.reset();
    setFile(null);
    setCsv(null);
    setProblem(null);
    setReading(null);
    setStep("file");
  };

  const canDrop = step !== "commit";
  const dragProps = {
    onDragOver: (event: DragEvent) => {
      if (!canDrop || !hasFiles(event)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = "copy";
      if (!dragging) setDragging(true);
    },
    onDragLeave: (event: DragEvent) => {
      if (!(event.relatedTarget instanceof Node) || !event.currentTarget.contains(event.relatedTarget)) setDragging(false);
    },
    onDrop: (event: DragEvent) => {
      event.preventDefault();
      setDragging(false);
      if (!canDrop) return;
      const files = Array.from(event.dataTransfer.files);
      if (files.length > 1) {
        setStep("file");
        setProblem({ code: "several" });
        return;
      }
      if (files[0]) void takeFile(files[0]);
    },
  };

  /** What 'Fechar', Escape and a click outside do: ask first while the import runs. */
  const requestClose = () => {
    if (commit.state?.phase === "running") {
      setConfirmClose(true);
      return;
    }
    close();
  };

  const close = () => {
    upload.current?.abort();
    const state = commit.state;
    if (state && state.phase !== "done") {
      commit.stop();
      // Something may have been written: say what, and let the screens read it.
      if (state.dto.processed > 0) {
        forgetDashboard();
        void revalidator.revalidate();
        const left = state.dto.processed < state.dto.rows;
        const remaining = t("crm.settings.system.dataImportRun.resume.interrupted", {
          done: formatNumber(state.dto.processed, language),
          total: formatNumber(state.dto.rows, language),
        });
        toast({
          title: t("crm.settings.system.dataImport.commit.interrupted"),
          description: left ? `${countsSentence(state.dto)} ${remaining}` : countsSentence(state.dto),
        });
      }
    }
    onClose();
  };

  return (
    <>
      <Dialog.Root open onOpenChange={(open) => !open && requestClose()}>
        <Dialog.Content
          maxWidth="760px"
          size={{ initial: "2", sm: "3" }}
          data-testid="import-dialog"
          aria-describedby="import-dialog-description"
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            heading.current?.focus();
          }}
          onCloseAutoFocus={(event) => {
            if (returnFocusTo.current?.isConnected) {
              event.preventDefault();
              returnFocusTo.current.focus();
            }
          }}
          // The app's toasts sit outside the dialog: closing one must not close the dialog. While
          // the import runs, a click outside (the second click of a double click on 'Importar',
          // once the shorter step is drawn) does nothing: Escape and 'Fechar' ask first.
          onInteractOutside={(event) => {
            const onToast = event.target instanceof Element && event.target.closest('[aria-live], [role="status"], [role="alert"]');
            if (onToast || phase === "running") event.preventDefault();
          }}
          {...dragProps}
        >
          <Flex justify="between" align="start" gap="3">
            <Dialog.Title mb="1">{t("crm.settings.system.dataImport.title")}</Dialog.Title>
            <IconButton
              type="button"
              variant="ghost"
              color="gray"
              aria-label={t("crm.settings.system.dataImport.close")}
              onClick={requestClose}
              data-testid="import-close"
            >
              <Cross2Icon />
            </IconButton>
          </Flex>
          <Dialog.Description size="2" color="gray" id="import-dialog-description">
            {t("crm.settings.system.dataImport.description")}
          </Dialog.Description>
          <div className="my-4">
            <ImportStepper step={step} />
          </div>
          {step === "file" ? (
            <FileStep
              headingRef={heading}
              reading={reading}
              problem={problem}
              dragging={dragging}
              onFile={(chosen) => void takeFile(chosen)}
            />
          ) : null}
          {step === "mapping" && csv && file ? (
            <MappingStep
              headingRef={heading}
              fileName={file.name}
              reading={csv}
              mapping={mapping}
              onMappingChange={setMapping}
              onBack={startOver}
              onNext={() => void runPreview(file, mapping, values)}
            />
          ) : null}
          {step === "preview" && file ? (
            <PreviewStep
              headingRef={heading}
              fileName={file.name}
              state={preview}
              mode={mode}
              onModeChange={setMode}
              values={values}
              onValuesChange={setValues}
              onReanalyse={() => void runPreview(file, mapping, values)}
              onRetry={() => void runPreview(file, mapping, values)}
              onBack={() => {
                upload.current?.abort();
                setStep("mapping");
              }}
              onImport={() => {
                if (preview.phase !== "ready") return;
                setStep("commit");
                commit.start(preview.dto, mode);
              }}
            />
          ) : null}
          {step === "commit" && commit.state ? (
            <CommitStep
              headingRef={heading}
              state={commit.state}
              onRetry={() => {
                setConfirmClose(false);
                void commit.retry();
              }}
              onAnother={startOver}
              onDone={close}
            />
          ) : null}
        </Dialog.Content>
      </Dialog.Root>
      <AlertDialog.Root open={confirmClose && phase === "running"} onOpenChange={setConfirmClose}>
        <AlertDialog.Content maxWidth="440px" data-testid="import-confirm-close">
          <AlertDialog.Title>{t("crm.settings.system.dataImport.commit.confirmClose.title")}</AlertDialog.Title>
          <AlertDialog.Description size="2">
            {commit.state
              ? t("crm.settings.system.dataImport.commit.confirmClose.description", {
                  done: formatNumber(Math.min(commit.state.dto.processed, commit.state.dto.rows), language),
                  total: formatNumber(commit.state.dto.rows, language),
                })
              : null}
          </AlertDialog.Description>
          <Flex gap="3" mt="4" justify="end" wrap="wrap">
            <AlertDialog.Cancel>
              <Button variant="surface" color="gray" highContrast data-testid="import-keep-going">
                {t("crm.settings.system.dataImport.commit.confirmClose.keepGoing")}
              </Button>
            </AlertDialog.Cancel>
            <AlertDialog.Action>
              <Button color="red" highContrast onClick={close} data-testid="import-stop">
                {t("crm.settings.system.dataImport.commit.confirmClose.confirm")}
              </Button>
            </AlertDialog.Action>
          </Flex>
        </AlertDialog.Content>
      </AlertDialog.Root>
    </>
  );
}
