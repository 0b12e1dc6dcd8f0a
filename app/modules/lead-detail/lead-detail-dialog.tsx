import { Cross2Icon, EnvelopeClosedIcon, Pencil1Icon, TrashIcon } from "@radix-ui/react-icons";
import { Button, Callout, Dialog, Flex, IconButton, Tabs, Text } from "@radix-ui/themes";
import { canDeleteLead, canEditLead } from "@worker/auth/crm-permissions";
import type { AssignableUserDto, LeadDto, TaskDto } from "@worker/services/crm-types";
import { Suspense, useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useI18n } from "~/i18n/react";
import { useAuth } from "~/modules/auth/auth-context";
import { apiClient, ApiClientError, call } from "~/modules/crm/api-client";
import { describeError } from "~/modules/crm/submit-failure";
import { unbatch } from "~/modules/realtime/lead-batch";
import type { LeadEvent } from "~/modules/realtime/protocol";
import { mailtoLink } from "~/modules/leads/contact-links";
import type { LiveChange } from "~/modules/leads/pipeline-state";
import { StatusBadge, WhatsAppButton } from "~/modules/leads/lead-card-parts";
import { Announcer } from "./announcer";
import { AttachmentsTab } from "./attachments-tab";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { HistoryTab } from "./history-tab";
import { leadDetailApi } from "./lead-detail-api";
import { NotesTab } from "./notes-tab";
import { OverviewTab } from "./overview-tab";
import { TasksTab } from "./tasks-tab";
import { useCollection } from "./use-collection";
import { useWrite } from "./use-write";
import { useReturnFocus } from "~/modules/crm/use-return-focus";
import { lazyChunk } from "~/components/lazy-chunk";

// The same chunk the leads screen loads for "Novo Lead" (usually there already).
const LeadFormDialog = lazyChunk(() => import("~/modules/leads/lead-form-dialog").then((m) => ({ default: m.LeadFormDialog })));

type LeadDetailDialogProps = {
  leadId: string;
  /** The dialog was closed (Escape, the close button, the overlay): clear ?lead from the URL. */
  onClose: () => void;
  /** The lead changed here (tags, the edit form): refresh it in the list or pipeline. */
  onChanged?: (lead: LeadDto) => void;
  /** The lead was deleted here (managers and admins): close and reload the screen. */
  onDeleted?: () => void | Promise<void>;
  /** Assignee choices for the edit form (active users). */
  assignableUsers: AssignableUserDto[];
  /** Changes made on other screens (live), oldest first: this lead's are shown here. */
  live?: readonly LiveChange[];
};

type LeadState =
  { status: "loading" } | { status: "ready"; lead: LeadDto } | { status: "not_found" } | { status: "error"; message: string };

type TabValue = "overview" | "history" | "attachments" | "notes" | "tasks";
const TABS: TabValue[] = ["overview", "history", "attachments", "notes", "tasks"];

/**
 * The lead detail dialog (crm.md §2): the lead's name, WhatsApp / Email / Editar, and the tabs
 * Visão Geral, Histórico, Anexos, Notas and Tarefas (the lead's open tasks, issue 20). Each tab's list loads the first time the tab is
 * shown and stays while the dialog is open. Whoever may not edit the lead (crm-permissions)
 * reads everything but sees no write controls. Fills the screen on phones.
 */
export function LeadDetailDialog({ leadId, onClose, onChanged, onDeleted, assignableUsers, live = [] }: LeadDetailDialogProps) {
  const { t } = useI18n();
  const { profile } = useAuth();
  const [state, setState] = useState<LeadState>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);
  const [tab, setTab] = useState<TabValue>("overview");
  const [visited, setVisited] = useState<ReadonlySet<TabValue>>(() => new Set(["overview"]));
  const [leadVersion, setLeadVersion] = useState(0);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const deletion = useWrite();
  // Live: the changes already seen (those before opening are in what it reads), and whether
  // someone deleted the lead meanwhile (by whom, when it was not the viewer).
  const [seen, setSeen] = useState(live.length);
  const [gone, setGone] = useState<{ by: string | null } | null>(null);
  // The load below runs per lead (and per retry), not again when the language changes.
  const tRef = useRef(t);
  useLayoutEffect(() => {
    tRef.current = t;
  });

  // Another lead, or a retry, shows 'loading' until its answer.
  const [loadKey, setLoadKey] = useState({ leadId, attempt });
  if (loadKey.leadId !== leadId || loadKey.attempt !== attempt) {
    setLoadKey({ leadId, attempt });
    setState({ status: "loading" });
  }
  useEffect(() => {
    const controller = new AbortController();
    leadDetailApi.getLead(leadId, controller.signal).then(
      (lead) => !controller.signal.aborted && setState({ status: "ready", lead }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiClientError && (error.status === 404 || error.status === 400)) setState({ status: "not_found" });
        else setState({ status: "error", message: describeError(error, tRef.current) });
      },
    );
    return () => controller.abort();
  }, [leadId, attempt]);

  const lead = state.status === "ready" ? state.lead : null;
  const canEdit = Boolean(lead && profile && canEditLead(profile, lead));
  const canDelete = Boolean(lead && profile && canDeleteLead(profile));

  const deleteLead = async () => {
    const done = await deletion.run(() => call(apiClient.leads[":id"].$delete({ param: { id: leadId } })), {
      success: "crm.leadDetail.delete.success",
      failure: "crm.leadDetail.delete.failure",
    });
    setDeleting(false);
    if (done) void (onDeleted ?? onClose)();
  };
  const email = mailtoLink(lead?.email);

  const describe = useCallback((error: unknown) => describeError(error, t), [t]);
  const activities = useCollection((cursor, signal) => leadDetailApi.listActivities(leadId, cursor, signal), {
    enabled: Boolean(lead) && visited.has("history"),
    version: leadVersion,
    describeError: describe,
  });
  const notes = useCollection((cursor, signal) => leadDetailApi.listNotes(leadId, cursor, signal), {
    enabled: Boolean(lead) && visited.has("notes"),
    describeError: describe,
  });
  const attachments = useCollection((cursor, signal) => leadDetailApi.listAttachments(leadId, cursor, signal), {
    enabled: Boolean(lead) && visited.has("attachments"),
    describeError: describe,
  });
  const openTasks = useCollection<TaskDto>((cursor, signal) => leadDetailApi.listOpenTasks(leadId, cursor, signal), {
    enabled: Boolean(lead) && visited.has("tasks"),
    describeError: describe,
  });

  // What other screens did to this lead, shown without touching what is being typed here: the
  // header and overview take the new lead, the lists read again (keeping what they show until
  // the answer comes); the tag being typed, the note being written and the log form keep their
  // text (their own state).
  useEffect(() => {
    if (seen >= live.length) return;
    const fresh = live.slice(seen);
    // eslint-disable-next-line react-hooks/set-state-in-effect -- applying a live event also reloads the open tab's lists: effect work, not derived state
    setSeen(live.length);
    let reread = false;
    for (const { event: received, resync } of fresh) {
      if (resync) {
        reread = true;
        continue;
      }
      // A bulk action: this lead's part of it, if any.
      const event = received?.type === "lead.batch" ? unbatch(received).find((single) => leadOf(single) === leadId) : received;
      if (!event || leadOf(event) !== leadId) continue;
      if (event.type === "lead.deleted") {
        if (!deleting) setGone({ by: event.actor && event.actor.id !== profile?.id ? event.actor.name : null });
      } else if (event.type === "lead.changed") {
        const next = event.lead;
        setState((current) =>
          current.status === "ready" && current.lead.updated_at < next.updated_at ? { status: "ready", lead: next } : current,
        );
        setLeadVersion((v) => v + 1);
      } else {
        ({ activity: activities, note: notes, attachment: attachments })[event.kind].reload();
      }
    }
    if (reread) {
      // Back after a dropped connection: read the lead and its lists again, quietly.
      leadDetailApi.getLead(leadId).then(
        (lead) => setState((current) => (current.status === "ready" ? { status: "ready", lead } : current)),
        (error: unknown) => error instanceof ApiClientError && error.status === 404 && setGone({ by: null }),
      );
      setLeadVersion((v) => v + 1);
      notes.reload();
      attachments.reload();
    }
    // Runs when a change arrives; the lists' reload functions are stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [live.length]);

  const showTab = (value: string) => {
    const next = value as TabValue;
    setTab(next);
    setVisited((seen) => (seen.has(next) ? seen : new Set([...seen, next])));
  };

  /** The lead changed here: show it, tell the screen, and let the timeline catch the audit entry. */
  const changed = useCallback(
    (next: LeadDto) => {
      setState({ status: "ready", lead: next });
      setLeadVersion((v) => v + 1);
      onChanged?.(next);
    },
    [onChanged],
  );

  // Back to the card's 'Ver' (or whatever opened it) on close.
  const returnFocus = useReturnFocus(true, () => `[data-lead-id="${CSS.escape(leadId)}"] [data-testid=lead-details]`);

  const title =
    lead?.name ?? (state.status === "not_found" ? t("crm.leadDetail.dialog.notFoundTitle") : t("crm.leadDetail.dialog.fallbackTitle"));

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Content
        maxWidth="760px"
        data-testid="lead-detail-dialog"
        onCloseAutoFocus={returnFocus}
        // Phones: the whole screen, no rounded frame (the scroll wrapper's padding goes too).
        // The wrapper is a flex item: min-width 0, or a long row of tabs would widen it past
        // the screen instead of scrolling.
        className="max-sm:!min-h-dvh max-sm:!rounded-none max-sm:[.rt-BaseDialogScrollPadding:has(>&)]:!p-0 [.rt-BaseDialogScrollPadding:has(>&)]:!min-w-0"
        // The app's toasts sit outside the dialog: closing one must not close the dialog. (Radix
        // decides on the click, when the toast may already be gone from the page: its own
        // role still marks it.)
        onInteractOutside={(event) => {
          if (event.target instanceof Element && event.target.closest('[aria-live], [role="status"], [role="alert"]'))
            event.preventDefault();
        }}
      >
        <Announcer>
          <Flex justify="between" align="start" gap="3">
            <Flex direction="column" gap="1" className="min-w-0">
              <Flex align="center" gap="2" wrap="wrap">
                <Dialog.Title size="5" mb="0" className="break-words">
                  {title}
                </Dialog.Title>
                {lead && <StatusBadge status={lead.status} />}
              </Flex>
              <Dialog.Description size="2" color="gray">
                {lead?.company || t("crm.leadDetail.dialog.description")}
              </Dialog.Description>
            </Flex>
            <Dialog.Close>
              <IconButton variant="ghost" color="gray" aria-label={t("crm.shared.actions.close")}>
                <Cross2Icon />
              </IconButton>
            </Dialog.Close>
          </Flex>

          {lead && (
            <Flex gap="2" wrap="wrap" mt="3">
              <WhatsAppButton lead={lead} />
              {email && (
                <Button asChild variant="soft" size="2">
                  <a href={email} aria-label={t("crm.shared.contact.emailLabel", { name: lead.name })} data-testid="lead-detail-email">
                    <EnvelopeClosedIcon aria-hidden />
                    {t("crm.shared.contact.email")}
                  </a>
                </Button>
              )}
              {canEdit && !gone && (
                <Button variant="surface" color="gray" highContrast size="2" onClick={() => setEditing(true)}>
                  <Pencil1Icon aria-hidden />
                  {t("crm.shared.actions.edit")}
                </Button>
              )}
              {canDelete && !gone && (
                <Button variant="soft" color="red" highContrast size="2" onClick={() => setDeleting(true)} data-testid="lead-detail-delete">
                  <TrashIcon aria-hidden />
                  {t("crm.shared.actions.delete")}
                </Button>
              )}
            </Flex>
          )}

          <div className="mt-4">
            {gone && (
              <Callout.Root color="amber" role="alert" mb="3" data-testid="lead-detail-deleted">
                <Callout.Text>
                  {gone.by ? t("crm.leadDetail.dialog.deletedBy", { name: gone.by }) : t("crm.leadDetail.dialog.deleted")}
                </Callout.Text>
              </Callout.Root>
            )}
            {state.status === "loading" && (
              <Text as="p" color="gray" role="status">
                {t("crm.leadDetail.dialog.loading")}
              </Text>
            )}
            {state.status === "not_found" && (
              <Callout.Root color="gray" role="status">
                <Callout.Text>{t("crm.leadDetail.dialog.notFound")}</Callout.Text>
              </Callout.Root>
            )}
            {state.status === "error" && (
              <Flex direction="column" gap="3" align="start">
                <Callout.Root color="red" role="alert">
                  <Callout.Text>
                    {t("crm.leadDetail.dialog.loadError")}
                    {state.message ? `: ${state.message}` : ""}
                  </Callout.Text>
                </Callout.Root>
                <Button variant="soft" onClick={() => setAttempt((n) => n + 1)}>
                  {t("crm.shared.actions.retry")}
                </Button>
              </Flex>
            )}
            {lead && (
              <Tabs.Root value={tab} onValueChange={showTab}>
                <Tabs.List aria-label={t("crm.leadDetail.tabs.label")}>
                  {TABS.map((value) => (
                    <Tabs.Trigger key={value} value={value}>
                      {t(`crm.leadDetail.tabs.${value}`)}
                    </Tabs.Trigger>
                  ))}
                </Tabs.List>
                {!canEdit && (
                  <Text as="p" size="1" color="gray" mt="3">
                    {t("crm.leadDetail.readOnly")}
                  </Text>
                )}
                <Tabs.Content value="overview" className="pt-4">
                  <OverviewTab lead={lead} canEdit={canEdit} onChanged={changed} />
                </Tabs.Content>
                <Tabs.Content value="history" className="pt-4">
                  <HistoryTab leadId={lead.id} canEdit={canEdit} activities={activities} />
                </Tabs.Content>
                <Tabs.Content value="attachments" className="pt-4">
                  <AttachmentsTab leadId={lead.id} canEdit={canEdit} attachments={attachments} />
                </Tabs.Content>
                <Tabs.Content value="notes" className="pt-4">
                  <NotesTab leadId={lead.id} canEdit={canEdit} notes={notes} />
                </Tabs.Content>
                <Tabs.Content value="tasks" className="pt-4">
                  {/* A task created or completed here: the lead's card shows its new next task. */}
                  <TasksTab lead={lead} tasks={openTasks} onNextTask={(next) => onChanged?.({ ...lead, next_task: next })} />
                </Tabs.Content>
              </Tabs.Root>
            )}
          </div>

          {lead && editing && (
            <Suspense fallback={null}>
              <LeadFormDialog
                open
                lead={lead}
                assignableUsers={assignableUsers}
                onOpenChange={(open) => !open && setEditing(false)}
                onSaved={(saved) => {
                  setEditing(false);
                  changed(saved);
                }}
              />
            </Suspense>
          )}
          <ConfirmDialog
            open={deleting}
            title={t("crm.leadDetail.delete.title")}
            description={t("crm.leadDetail.delete.confirm", { name: lead?.name ?? "" })}
            confirm={t("crm.leadDetail.delete.action")}
            confirming={t("crm.leadDetail.delete.deleting")}
            onConfirm={deleteLead}
            onCancel={() => setDeleting(false)}
          />
        </Announcer>
      </Dialog.Content>
    </Dialog.Root>
  );
}

export default LeadDetailDialog;

/** The lead a single-lead event is about. */
const leadOf = (event: Exclude<LeadEvent, { type: "lead.batch" }>) => (event.type === "lead.changed" ? event.lead.id : event.lead_id);
