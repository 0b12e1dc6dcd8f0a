import { Cross2Icon, ExclamationTriangleIcon } from "@radix-ui/react-icons";
import { Button, Callout, Dialog, Flex, Grid, IconButton, Select, Text, TextArea, TextField } from "@radix-ui/themes";
import { LEAD_CURRENCIES, LEAD_SOURCES, type LeadCurrency, type LeadSource, type LeadStatus } from "@worker/db/schema/enums";
import { useOrg } from "~/modules/crm/org-settings";
import type { AssignableUserDto, LeadDto } from "@worker/services/crm-types";
import { useCallback, useId, useState, type FormEvent, type ReactNode } from "react";
import { useLocation, useNavigate } from "react-router";
import { useToast } from "~/components/ui/toaster";
import { useI18n } from "~/i18n/react";
import { formatPhone } from "./phone-format";
import { apiClient, call, type ApiClientError } from "~/modules/crm/api-client";
import { AssigneeSelect } from "~/modules/crm/assignee-select";
import { StatusSelect } from "~/modules/crm/status-select";
import { useSubmitFailure } from "~/modules/crm/submit-failure";
import { withLeadParam } from "./lead-card-parts";
import { addTag, decimalPattern, estimatedValueText, parseEstimatedValue } from "./lead-form-values";
import { TagField } from "./tag-field";
import { useReturnFocus } from "~/modules/crm/use-return-focus";
import { CURRENCY_SYMBOLS } from "~/modules/crm/currency-symbols";

type LeadFormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The lead to edit; without one the dialog creates a lead. */
  lead?: LeadDto | null;
  /** Active users: the assignee choices (crm.md §6). */
  assignableUsers: readonly AssignableUserDto[];
  onSaved: (lead: LeadDto) => void;
};

type LeadExists = { id: string; name: string; message: string };

/** The value field's label names the chosen currency: "Valor Estimado (US$)". */

/**
 * Creates or edits a lead (crm.md §3): every field of the form, native validation, then
 * POST /api/leads or PATCH /api/leads/:id. The server's field errors show under their
 * fields; a taken e-mail names the lead that has it and offers to open it; a dropped
 * connection keeps what was typed.
 */
export function LeadFormDialog({ open, onOpenChange, lead, assignableUsers, onSaved }: LeadFormDialogProps) {
  const { t } = useI18n();
  const returnFocus = useReturnFocus(open);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Content
        onCloseAutoFocus={returnFocus}
        maxWidth="640px"
        size={{ initial: "3", sm: "4" }}
        data-testid="lead-form-dialog"
        // Phones: the whole screen, no rounded frame (the scroll wrapper's padding goes too).
        className="max-sm:!min-h-dvh max-sm:!rounded-none max-sm:[.rt-BaseDialogScrollPadding:has(>&)]:!p-0"
      >
        <Flex justify="between" align="start" gap="3">
          <div className="min-w-0">
            <Dialog.Title size="5" mb="1">
              {lead ? t("crm.leads.form.editTitle") : t("crm.leads.form.newTitle")}
            </Dialog.Title>
            <Dialog.Description size="2" color="gray" mb="4">
              {lead ? t("crm.leads.form.editDescription") : t("crm.leads.form.newDescription")}
            </Dialog.Description>
          </div>
          <Dialog.Close>
            <IconButton variant="ghost" color="gray" aria-label={t("crm.shared.actions.close")}>
              <Cross2Icon aria-hidden />
            </IconButton>
          </Dialog.Close>
        </Flex>
        {/* Radix unmounts the content when closed: each opening starts from the lead (or empty). */}
        <LeadForm
          key={lead?.id ?? "new"}
          lead={lead ?? null}
          assignableUsers={assignableUsers}
          onOpenChange={onOpenChange}
          onSaved={onSaved}
        />
      </Dialog.Content>
    </Dialog.Root>
  );
}

function LeadForm({
  lead,
  assignableUsers,
  onOpenChange,
  onSaved,
}: {
  lead: LeadDto | null;
  assignableUsers: readonly AssignableUserDto[];
  onOpenChange: (open: boolean) => void;
  onSaved: (lead: LeadDto) => void;
}) {
  const { t, language } = useI18n();
  const toast = useToast();
  const failed = useSubmitFailure();
  const navigate = useNavigate();
  const location = useLocation();
  const id = useId();
  const [source, setSource] = useState<LeadSource>(lead?.source ?? "website");
  const [status, setStatus] = useState<LeadStatus>(lead?.status ?? "new");
  // A new lead's value is in the organisation's currency (Settings → Sistema) unless chosen.
  const org = useOrg();
  const [currency, setCurrency] = useState<LeadCurrency>(lead?.currency ?? org.currency);
  const [assignee, setAssignee] = useState<string | null>(lead?.assigned_to ?? null);
  const [tags, setTags] = useState<string[]>(lead?.tags ?? []);
  const [tagDraft, setTagDraft] = useState("");
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<ApiClientError | null>(null);
  const [exists, setExists] = useState<LeadExists | null>(null);

  const fieldError = (field: string) => error?.fieldMessage(field);
  const fieldIds = (field: string, invalidAttribute = true) => ({
    id: `${id}-${field}`,
    "aria-invalid": invalidAttribute && fieldError(field) ? true : undefined,
    "aria-describedby": fieldError(field) ? `${id}-${field}-error` : undefined,
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? "").trim();
    const body = {
      name: text("name"),
      email: text("email") || null,
      phone: text("phone") || null,
      company: text("company") || null,
      source,
      status,
      estimated_value: parseEstimatedValue(text("estimated_value"), language),
      currency,
      assigned_to: assignee,
      // A tag typed but not added yet counts too.
      tags: addTag(tags, tagDraft),
      notes: text("notes") || null,
    };
    setSaving(true);
    setError(null);
    setExists(null);
    try {
      const result = lead
        ? await call(apiClient.leads[":id"].$patch({ param: { id: lead.id }, json: body }))
        : await call(apiClient.leads.$post({ json: body }));
      toast({ title: lead ? t("crm.leads.form.updated") : t("crm.leads.form.created"), variant: "success" });
      onSaved(result.lead);
      onOpenChange(false);
    } catch (caught) {
      failed(caught, {
        onConflict: (conflict) => {
          const existing = conflict.body.lead as { id?: unknown; name?: unknown } | null | undefined;
          if (conflict.code !== "lead_exists" || !existing || typeof existing.id !== "string") return false;
          setExists({ id: existing.id, name: String(existing.name ?? ""), message: conflict.message });
          return true;
        },
        // Field messages show under their fields; a refusal without any also gets the toast.
        onRefused: (refusal) => {
          setError(refusal);
          return refusal.issues.length > 0;
        },
      });
    } finally {
      setSaving(false);
    }
  };

  const openExisting = (leadId: string) => {
    onOpenChange(false);
    const onLeads = location.pathname === "/leads";
    navigate(onLeads ? { search: withLeadParam(location.search, leadId) } : `/leads?lead=${encodeURIComponent(leadId)}`, {
      preventScrollReset: true,
    });
  };

  const generalError = error && error.issues.length === 0 ? error.message : null;
  /** A message that appears is scrolled into view (the form can be taller than the screen). */
  const revealed = useCallback((node: HTMLDivElement | null) => node?.scrollIntoView({ block: "nearest" }), []);

  return (
    <form onSubmit={(event) => void submit(event)} data-testid="lead-form">
      <Flex direction="column" gap="4">
        <Field label={t("crm.leads.form.name")} htmlFor={`${id}-name`} error={fieldError("name")} errorId={`${id}-name-error`} required>
          <TextField.Root {...fieldIds("name")} name="name" required maxLength={200} defaultValue={lead?.name ?? ""} autoComplete="off" />
        </Field>

        <Grid columns={{ initial: "1", sm: "2" }} gap="4">
          <Field label={t("crm.leads.form.email")} htmlFor={`${id}-email`} error={fieldError("email")} errorId={`${id}-email-error`}>
            <TextField.Root
              {...fieldIds("email")}
              name="email"
              type="email"
              maxLength={254}
              defaultValue={lead?.email ?? ""}
              autoComplete="off"
            />
          </Field>
          <Field label={t("crm.leads.form.phone")} htmlFor={`${id}-phone`} error={fieldError("phone")} errorId={`${id}-phone-error`}>
            <TextField.Root
              {...fieldIds("phone")}
              name="phone"
              type="tel"
              maxLength={40}
              defaultValue={lead?.phone ? formatPhone(lead.phone) : ""}
              placeholder={t("crm.leads.form.phonePlaceholder")}
              autoComplete="off"
            />
          </Field>
          <Field
            label={t("crm.leads.form.company")}
            htmlFor={`${id}-company`}
            error={fieldError("company")}
            errorId={`${id}-company-error`}
          >
            <TextField.Root {...fieldIds("company")} name="company" maxLength={200} defaultValue={lead?.company ?? ""} autoComplete="off" />
          </Field>
          <Field
            label={t("crm.leads.form.estimatedValue", { currency: CURRENCY_SYMBOLS[currency] })}
            htmlFor={`${id}-estimated_value`}
            error={fieldError("estimated_value") ?? fieldError("currency")}
            errorId={`${id}-estimated_value-error`}
          >
            {/* The value and its currency (docs/decisions/018), side by side. */}
            <Flex gap="2">
              <Select.Root value={currency} onValueChange={(value) => setCurrency(value as LeadCurrency)}>
                <Select.Trigger aria-label={t("crm.leads.form.currency")} data-testid="lead-form-currency" className="shrink-0" />
                <Select.Content position="popper">
                  {LEAD_CURRENCIES.map((value) => (
                    <Select.Item key={value} value={value}>
                      {t(`crm.shared.currencies.${value}`)}
                    </Select.Item>
                  ))}
                </Select.Content>
              </Select.Root>
              <TextField.Root
                {...fieldIds("estimated_value")}
                name="estimated_value"
                inputMode="decimal"
                pattern={decimalPattern(language)}
                title={t("crm.leads.form.estimatedValueHint")}
                defaultValue={estimatedValueText(lead?.estimated_value, language)}
                placeholder={t("crm.leads.form.estimatedValuePlaceholder")}
                autoComplete="off"
                className="min-w-0 flex-1"
              />
            </Flex>
          </Field>
          <Field label={t("crm.leads.form.source")} htmlFor={`${id}-source`} error={fieldError("source")} errorId={`${id}-source-error`}>
            <Select.Root value={source} onValueChange={(value) => setSource(value as LeadSource)}>
              <Select.Trigger {...fieldIds("source", false)} />
              <Select.Content position="popper">
                {LEAD_SOURCES.map((value) => (
                  <Select.Item key={value} value={value}>
                    {t(`crm.shared.sources.${value}`)}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
          </Field>
          <Field label={t("crm.leads.form.status")} htmlFor={`${id}-status`} error={fieldError("status")} errorId={`${id}-status-error`}>
            <StatusSelect value={status} onValueChange={setStatus} {...fieldIds("status", false)} />
          </Field>
        </Grid>

        <Field
          label={t("crm.leads.form.assignee")}
          htmlFor={`${id}-assigned_to`}
          error={fieldError("assigned_to")}
          errorId={`${id}-assigned_to-error`}
        >
          <AssigneeSelect
            value={assignee}
            onValueChange={setAssignee}
            users={assignableUsers}
            current={lead?.assigned_user}
            {...fieldIds("assigned_to", false)}
          />
        </Field>

        <TagField tags={tags} onChange={setTags} draft={tagDraft} onDraftChange={setTagDraft} error={fieldError("tags")} />

        <Field label={t("crm.leads.form.notes")} htmlFor={`${id}-notes`} error={fieldError("notes")} errorId={`${id}-notes-error`}>
          <TextArea {...fieldIds("notes")} name="notes" rows={4} maxLength={10_000} defaultValue={lead?.notes ?? ""} />
        </Field>

        {/* Beside the buttons, where the eyes are after pressing one. */}
        {exists && (
          <Callout.Root ref={revealed} color="amber" role="alert" data-testid="lead-exists">
            <Callout.Icon>
              <ExclamationTriangleIcon />
            </Callout.Icon>
            <Flex direction="column" gap="2" align="start">
              <Callout.Text>{exists.message}</Callout.Text>
              <Button type="button" size="1" variant="soft" color="amber" onClick={() => openExisting(exists.id)}>
                {t("crm.leads.form.openExisting")}
              </Button>
            </Flex>
          </Callout.Root>
        )}
        {generalError && (
          <Callout.Root ref={revealed} color="red" role="alert" data-testid="lead-form-error">
            <Callout.Icon>
              <ExclamationTriangleIcon />
            </Callout.Icon>
            <Flex direction="column" gap="1">
              <Text weight="bold" size="2">
                {t("crm.shared.errorTitle")}
              </Text>
              <Callout.Text>{generalError}</Callout.Text>
            </Flex>
          </Callout.Root>
        )}

        <Flex gap="3" justify="end" wrap="wrap">
          <Dialog.Close>
            <Button type="button" variant="surface" color="gray" highContrast>
              {t("crm.shared.actions.cancel")}
            </Button>
          </Dialog.Close>
          <Button type="submit" loading={saving} data-testid="lead-form-submit">
            {lead ? t("crm.shared.actions.save") : t("crm.leads.form.create")}
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}

function Field({
  label,
  htmlFor,
  error,
  errorId,
  required = false,
  children,
}: {
  label: string;
  htmlFor: string;
  error?: string;
  errorId: string;
  required?: boolean;
  children: ReactNode;
}) {
  return (
    <Flex direction="column" gap="1" className="min-w-0">
      <Text as="label" htmlFor={htmlFor} size="2" weight="medium">
        {label}
        {required && (
          <>
            <span aria-hidden style={{ color: "var(--red-11)" }}>
              {" *"}
            </span>
          </>
        )}
      </Text>
      {children}
      {error && (
        <Text id={errorId} size="1" color="red" data-testid="field-error">
          {error}
        </Text>
      )}
    </Flex>
  );
}
