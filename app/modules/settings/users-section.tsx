import { Avatar, Badge, Button, Card, Dialog, DropdownMenu, Flex, Heading, IconButton, Select, Text, TextField } from "@radix-ui/themes";
import { useDeferredValue, useId, useMemo, useRef, useState, type FormEvent } from "react";
import { useRevalidator } from "react-router";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { useToast } from "~/components/ui/toaster";
import { pluralForm } from "~/i18n/format";
import { cachedIntl } from "~/i18n/intl-cache";
import { LOCALES, type Language } from "~/i18n/languages";
import type { TranslationKey } from "~/i18n";
import { useI18n } from "~/i18n/react";
import { DialogFormFooter } from "./dialog-parts.tsx";
import { useAuth } from "~/modules/auth/auth-context";
import { useOrg } from "~/modules/crm/org-settings";
import { apiClient, call } from "~/modules/crm/api-client";
import { useSubmitFailure } from "~/modules/crm/submit-failure";
import { USER_ROLES, type UserRole } from "@worker/db/schema/enums";
import type { AuditEntryDto } from "../../../worker/services/audit-service.ts";
import type { TeamMemberDto, UsersTabData } from "../../../worker/services/user-admin-service.ts";

/** Accent- and case-blind text for the search: 'José' matches 'jose', 'JOSÉ' and 'josé'. */
export const searchKey = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLocaleLowerCase("pt-BR");

/**
 * The long date and the time ('26 de novembro de 2026 às 21:33' in pt) in the organisation's
 * zone, as the table says when an account was created (here, not in format-date.ts, which
 * every CRM screen loads).
 */
function formatLongDateTime(value: string, language: Language, timeZone: string) {
  return cachedIntl(
    `date:long-date-time:${language}:${timeZone}`,
    () => new Intl.DateTimeFormat(LOCALES[language], { dateStyle: "long", timeStyle: "short", hourCycle: "h23", timeZone }),
  ).format(new Date(value));
}

const STATUS_COLOR = { active: "green", inactive: "gray", invited: "amber" } as const;

/**
 * Settings → Usuários (crm.md §2; issue 22): the team in a searchable table (name or e-mail,
 * accent- and case-blind) with Usuário, Função, Status and Criado em. Admins invite colleagues,
 * change roles, deactivate and reactivate, resend a pending invitation, and read the audit
 * trail; everyone else sees the table read-only (the API refuses them with 403 too).
 */
export default function UsersSection({ data }: { data: UsersTabData }) {
  const { t, language } = useI18n();
  const id = useId();
  const [query, setQuery] = useState("");
  const deferred = useDeferredValue(query);
  const [inviting, setInviting] = useState(false);
  const inviteButton = useRef<HTMLButtonElement>(null);
  const shown = useMemo(() => {
    const key = searchKey(deferred.trim());
    return key ? data.users.filter((user) => searchKey(`${user.name} ${user.email}`).includes(key)) : data.users;
  }, [data.users, deferred]);

  return (
    <Flex direction="column" gap="4">
      <Card size={{ initial: "2", sm: "3" }}>
        <Flex direction="column" gap="4" data-testid="users-settings">
          <Flex justify="between" align="start" gap="3" wrap="wrap">
            <div className="min-w-0">
              <Heading as="h2" size="4" id={`${id}-title`}>
                {t("crm.settings.users.title")}
              </Heading>
              <Text as="p" size="2" color="gray" mt="1">
                {data.canManage ? t("crm.settings.users.description") : t("crm.settings.users.readOnly")}
              </Text>
            </div>
            {data.canManage && (
              <Button ref={inviteButton} onClick={() => setInviting(true)} data-testid="users-invite">
                <PlusIcon />
                {t("crm.settings.users.invite.open")}
              </Button>
            )}
          </Flex>
          <Flex gap="3" align="center" wrap="wrap">
            <TextField.Root
              type="search"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              placeholder={t("crm.settings.users.search")}
              aria-label={t("crm.settings.users.searchLabel")}
              className="min-w-0 flex-1"
              data-testid="users-search"
            >
              <TextField.Slot>
                <SearchIcon />
              </TextField.Slot>
            </TextField.Root>
            <Text size="2" color="gray" aria-live="polite" data-testid="users-count">
              {t(`crm.settings.users.count.${shown.length === 0 ? "other" : pluralForm(language, shown.length)}`, { count: shown.length })}
            </Text>
          </Flex>
          <UsersTable users={shown} searching={deferred.trim() !== ""} canManage={data.canManage} labelledBy={`${id}-title`} />
        </Flex>
      </Card>
      {data.audit && <AuditTrail entries={data.audit} />}
      {inviting && <InviteDialog onClose={() => setInviting(false)} returnFocusTo={inviteButton} />}
    </Flex>
  );
}

function UsersTable({
  users,
  searching,
  canManage,
  labelledBy,
}: {
  users: TeamMemberDto[];
  searching: boolean;
  canManage: boolean;
  labelledBy: string;
}) {
  const { t, language } = useI18n();
  const org = useOrg();
  const { profile } = useAuth();
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse text-sm" aria-labelledby={labelledBy} data-testid="users-table">
        <thead>
          <tr className="text-left" style={{ color: "var(--gray-11)" }}>
            <th scope="col" style={{ borderColor: "var(--gray-a5)" }} className="border-b px-3 py-2 font-medium">
              {t("crm.settings.users.columns.user")}
            </th>
            <th scope="col" style={{ borderColor: "var(--gray-a5)" }} className="border-b hidden px-3 py-2 font-medium sm:table-cell">
              {t("crm.settings.users.columns.role")}
            </th>
            <th scope="col" style={{ borderColor: "var(--gray-a5)" }} className="border-b hidden px-3 py-2 font-medium sm:table-cell">
              {t("crm.settings.users.columns.status")}
            </th>
            <th scope="col" style={{ borderColor: "var(--gray-a5)" }} className="border-b hidden px-3 py-2 font-medium md:table-cell">
              {t("crm.settings.users.columns.createdAt")}
            </th>
            {canManage && (
              <th scope="col" style={{ borderColor: "var(--gray-a5)" }} className="border-b w-12 px-3 py-2">
                <span className="sr-only">{t("crm.settings.users.columns.actions")}</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {users.length === 0 ? (
            <tr>
              <td colSpan={canManage ? 5 : 4} className="px-3 py-10 text-center" data-testid="users-empty">
                <Text color="gray">{searching ? t("crm.settings.users.emptySearch") : t("crm.settings.users.empty")}</Text>
              </td>
            </tr>
          ) : (
            users.map((user) => {
              const role = t(`crm.roles.${user.role}`);
              const status = (testId?: string) => (
                <Badge color={STATUS_COLOR[user.status]} variant="soft" data-testid={testId}>
                  {t(`crm.settings.users.status.${user.status}`)}
                </Badge>
              );
              return (
                <tr
                  key={user.id}
                  className="border-b last:border-b-0"
                  style={{ borderColor: "var(--gray-a4)" }}
                  data-testid="user-row"
                  data-user-id={user.id}
                  data-status={user.status}
                >
                  <td className="max-w-0 px-3 py-2.5 sm:max-w-none">
                    <Flex gap="3" align="center" className="min-w-0">
                      <Avatar
                        size="2"
                        radius="full"
                        src={user.avatar_url ?? undefined}
                        fallback={user.name.charAt(0).toUpperCase()}
                        color={user.status === "inactive" ? "gray" : "indigo"}
                      />
                      <div className="min-w-0">
                        <Text as="p" size="2" weight="medium" className="truncate" data-testid="user-name">
                          {user.name}
                          {user.id === profile?.id && (
                            <Text color="gray" weight="regular">
                              {" "}
                              ({t("crm.settings.users.you")})
                            </Text>
                          )}
                        </Text>
                        <Text as="p" size="1" color="gray" className="truncate">
                          {user.email}
                        </Text>
                        <div className="mt-1 flex flex-wrap gap-1 sm:hidden">
                          <Badge variant="outline" color="gray">
                            {role}
                          </Badge>
                          {status()}
                        </div>
                      </div>
                    </Flex>
                  </td>
                  <td className="hidden px-3 py-2.5 whitespace-nowrap sm:table-cell" data-testid="user-role">
                    {role}
                  </td>
                  <td className="hidden px-3 py-2.5 sm:table-cell">{status("user-status")}</td>
                  <td className="hidden min-w-36 px-3 py-2.5 tabular-nums md:table-cell" data-testid="user-created">
                    {formatLongDateTime(user.created_at, language, org.time_zone)}
                  </td>
                  {canManage && (
                    <td className="px-3 py-2.5 text-right">
                      <UserActions user={user} self={user.id === profile?.id} />
                    </td>
                  )}
                </tr>
              );
            })
          )}
        </tbody>
      </table>
    </div>
  );
}

/** The row's action button (admins): change the role, resend a pending invitation, deactivate or reactivate. */
function UserActions({ user, self }: { user: TeamMemberDto; self: boolean }) {
  const { t } = useI18n();
  const toast = useToast();
  const failed = useSubmitFailure();
  const revalidator = useRevalidator();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  const run = async (request: () => Promise<unknown>, success: string) => {
    if (busy) return;
    setBusy(true);
    try {
      await request();
      // The table shows the change when the toast says it.
      await revalidator.revalidate();
      toast({ title: success });
    } catch (error) {
      failed(error, { title: t("crm.settings.users.toasts.failed") });
    } finally {
      setBusy(false);
    }
  };
  const changeRole = (role: UserRole) =>
    role !== user.role &&
    run(
      () => call(apiClient.users[":id"].role.$patch({ param: { id: user.id }, json: { role } })),
      t("crm.settings.users.toasts.roleChanged", { name: user.name, role: t(`crm.roles.${role}`) }),
    );
  const setActive = (active: boolean) =>
    run(
      () => call(apiClient.users[":id"].status.$patch({ param: { id: user.id }, json: { is_active: active } })),
      t(active ? "crm.settings.users.toasts.reactivated" : "crm.settings.users.toasts.deactivated", { name: user.name }),
    );

  return (
    <>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger disabled={busy}>
          <IconButton
            variant="ghost"
            color="gray"
            aria-label={t("crm.settings.users.actionsFor", { name: user.name })}
            data-testid="user-actions"
          >
            <DotsIcon />
          </IconButton>
        </DropdownMenu.Trigger>
        <DropdownMenu.Content align="end">
          {/* gray-11: the theme's label grey is below 4.5:1 on the menu. */}
          <DropdownMenu.Label style={{ color: "var(--gray-11)" }}>{t("crm.settings.users.changeRole")}</DropdownMenu.Label>
          <DropdownMenu.RadioGroup value={user.role} onValueChange={(role) => void changeRole(role as UserRole)}>
            {USER_ROLES.map((role) => (
              <DropdownMenu.RadioItem key={role} value={role} data-testid={`user-role-${role}`}>
                {t(`crm.roles.${role}`)}
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
          <DropdownMenu.Separator />
          {user.status === "invited" && (
            <DropdownMenu.Item
              onSelect={() =>
                void run(
                  () => call(apiClient.users[":id"].invitation.$post({ param: { id: user.id } })),
                  t("crm.settings.users.toasts.resent", { email: user.email }),
                )
              }
              data-testid="user-resend"
            >
              {t("crm.settings.users.resend")}
            </DropdownMenu.Item>
          )}
          {user.status === "inactive" ? (
            <DropdownMenu.Item onSelect={() => void setActive(true)} data-testid="user-reactivate">
              {t("crm.settings.users.reactivate")}
            </DropdownMenu.Item>
          ) : (
            !self && (
              <DropdownMenu.Item color="red" onSelect={() => setConfirming(true)} data-testid="user-deactivate">
                {t("crm.settings.users.deactivate")}
              </DropdownMenu.Item>
            )
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Root>
      <ConfirmDialog
        open={confirming}
        title={t("crm.settings.users.confirmDeactivate.title", { name: user.name })}
        description={t("crm.settings.users.confirmDeactivate.body")}
        confirm={t("crm.settings.users.confirmDeactivate.confirm")}
        confirming={t("crm.settings.users.confirmDeactivate.confirm")}
        onCancel={() => setConfirming(false)}
        onConfirm={async () => {
          await setActive(false);
          setConfirming(false);
        }}
      />
    </>
  );
}

const INVITE_FIELDS = ["name", "email", "role"] as const;
type InviteField = (typeof INVITE_FIELDS)[number];

/** 'Convidar Usuário': name, e-mail and role; the server's message under its field (a taken e-mail under E-mail). */
function InviteDialog({ onClose, returnFocusTo }: { onClose: () => void; returnFocusTo: React.RefObject<HTMLButtonElement | null> }) {
  const { t } = useI18n();
  const toast = useToast();
  const failed = useSubmitFailure();
  const revalidator = useRevalidator();
  const ids = useId();
  const [role, setRole] = useState<UserRole>("sales_rep");
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<InviteField, string>>>({});

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    const form = new FormData(event.currentTarget);
    const input = { name: String(form.get("name") ?? ""), email: String(form.get("email") ?? ""), role };
    setSaving(true);
    setErrors({});
    try {
      const { user } = await call(apiClient.users.invitations.$post({ json: input }));
      toast({ title: t("crm.settings.users.invite.sent", { email: user.email }) });
      await revalidator.revalidate();
      onClose();
    } catch (error) {
      setSaving(false);
      failed(error, {
        title: t("crm.settings.users.invite.failed"),
        onConflict: (conflict) => {
          setErrors({ email: conflict.message });
          return true;
        },
        onRefused: (refusal) => {
          const fields: Partial<Record<InviteField, string>> = {};
          for (const field of INVITE_FIELDS) {
            const message = refusal.fieldMessage(field);
            if (message) fields[field] = message;
          }
          setErrors(fields);
          return Object.keys(fields).length > 0;
        },
      });
    }
  };

  const errorId = (field: InviteField) => `${ids}-${field}-error`;
  const fieldError = (field: InviteField) =>
    errors[field] ? (
      <Text id={errorId(field)} size="1" color="red" data-testid={`invite-${field}-error`}>
        {errors[field]}
      </Text>
    ) : null;

  /** Nome Completo or E-mail: its label, the input and the server's message under it. */
  const textField = (field: "name" | "email", input: { type?: "email"; maxLength: number }) => (
    <label className="flex flex-col gap-1">
      <Text size="2" weight="medium">
        {t(`crm.settings.users.invite.${field}`)}
      </Text>
      <TextField.Root
        name={field}
        required
        autoComplete="off"
        {...input}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={errors[field] ? errorId(field) : undefined}
        data-testid={`invite-${field}`}
      />
      {fieldError(field)}
    </label>
  );

  return (
    <Dialog.Root open onOpenChange={(open) => !open && !saving && onClose()}>
      <Dialog.Content
        maxWidth="460px"
        data-testid="invite-dialog"
        onCloseAutoFocus={(event) => {
          if (returnFocusTo.current?.isConnected) {
            event.preventDefault();
            returnFocusTo.current.focus();
          }
        }}
      >
        <Dialog.Title>{t("crm.settings.users.invite.title")}</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="4">
          {t("crm.settings.users.invite.description")}
        </Dialog.Description>
        <form onSubmit={submit} noValidate>
          <Flex direction="column" gap="4">
            {textField("name", { maxLength: 100 })}
            {textField("email", { type: "email", maxLength: 254 })}
            <div className="flex flex-col gap-1">
              <Text size="2" weight="medium" id={`${ids}-role`}>
                {t("crm.settings.users.invite.role")}
              </Text>
              <Select.Root value={role} onValueChange={(value) => setRole(value as UserRole)}>
                <Select.Trigger aria-labelledby={`${ids}-role`} data-testid="invite-role" />
                <Select.Content position="popper">
                  {USER_ROLES.map((item) => (
                    <Select.Item key={item} value={item}>
                      {t(`crm.roles.${item}` as TranslationKey)}
                    </Select.Item>
                  ))}
                </Select.Content>
              </Select.Root>
              {fieldError("role")}
            </div>
          </Flex>
          <DialogFormFooter
            saving={saving}
            cancel={t("crm.settings.users.invite.cancel")}
            submit={t("crm.settings.users.invite.submit")}
            submitting={t("crm.settings.users.invite.submitting")}
            testId="invite-submit"
          />
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}

/** Admins: the newest changes to the team and the settings, each as a sentence with its time. */
function AuditTrail({ entries }: { entries: AuditEntryDto[] }) {
  const { t, language } = useI18n();
  const org = useOrg();
  const id = useId();
  const role = (value: unknown) =>
    typeof value === "string" && value in ROLE_KEYS ? t(ROLE_KEYS[value as UserRole]) : String(value ?? "");
  return (
    <Card size={{ initial: "2", sm: "3" }}>
      <section aria-labelledby={`${id}-title`} data-testid="users-audit">
        <Heading as="h2" size="4" id={`${id}-title`}>
          {t("crm.settings.users.audit.title")}
        </Heading>
        <Text as="p" size="2" color="gray" mt="1" mb="3">
          {t("crm.settings.users.audit.description")}
        </Text>
        {entries.length === 0 ? (
          <Text as="p" size="2" color="gray">
            {t("crm.settings.users.audit.empty")}
          </Text>
        ) : (
          <ol className="m-0 list-none divide-y p-0">
            {entries.map((entry) => {
              const target = entry.target_label?.replace(/\s*<[^>]*>$/, "") ?? "";
              // Only the updates list their fields (other entries' after names no label).
              const changed = Object.keys((entry.action.endsWith("updated") && entry.after) || {})
                .map((key) => {
                  // Other fields (a webhook endpoint's, issue 25) are named in audit.fields.
                  const label = SETTING_LABELS[key] ?? (`crm.settings.users.audit.fields.${key}` as TranslationKey);
                  const value = (v: unknown) =>
                    typeof v === "boolean" ? t(v ? "crm.settings.users.audit.on" : "crm.settings.users.audit.off") : String(v ?? "");
                  return `${t(label)}: ${value(entry.before?.[key])} → ${value(entry.after?.[key])}`;
                })
                .join("; ");
              return (
                <li
                  key={entry.id}
                  className="flex flex-col gap-0.5 py-2 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4"
                  style={{ borderColor: "var(--gray-a4)" }}
                  data-testid="audit-entry"
                >
                  <Text size="2">
                    {t(`crm.settings.users.audit.actions.${entry.action.replace(".", "_")}` as TranslationKey, {
                      actor: entry.actor_name,
                      target,
                      role: role(entry.after?.role),
                      from: role(entry.before?.role),
                      to: role(entry.after?.role),
                      fields: changed,
                      // A webhook's new secret: whether the previous one still signs for a day.
                      previous:
                        entry.after?.previous_secret === "valid_24h" || entry.after?.previous_secret === "revoked"
                          ? ` ${t(`crm.settings.users.audit.previousSecret.${entry.after.previous_secret}`)}`
                          : "",
                    })}
                  </Text>
                  <Text size="1" color="gray" className="shrink-0 tabular-nums">
                    <time dateTime={entry.created_at}>{formatLongDateTime(entry.created_at, language, org.time_zone)}</time>
                  </Text>
                </li>
              );
            })}
          </ol>
        )}
      </section>
    </Card>
  );
}

/** The Sistema fields an audit entry names, by their labels on that tab. */
const SETTING_LABELS: Record<string, TranslationKey> = {
  company_name: "crm.settings.system.companyName",
  time_zone: "crm.settings.system.timeZone",
  currency: "crm.settings.system.currency",
  auto_backup: "crm.settings.system.autoBackup.label",
  maintenance_mode: "crm.settings.system.maintenanceMode.label",
  debug_mode: "crm.settings.system.debugMode.label",
};

const ROLE_KEYS: Record<UserRole, TranslationKey> = {
  admin: "crm.roles.admin",
  manager: "crm.roles.manager",
  sales_rep: "crm.roles.sales_rep",
};

function PlusIcon() {
  return (
    <svg width="15" height="15" viewBox="0 0 15 15" fill="none" aria-hidden="true">
      <path d="M7.5 2v11M2 7.5h11" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
    </svg>
  );
}

function SearchIcon() {
  return (
    <svg width="15" height="15" viewBox="0 0 15 15" fill="none" aria-hidden="true">
      <circle cx="6.5" cy="6.5" r="4.5" stroke="currentColor" strokeWidth="1.4" />
      <path d="m10 10 3.5 3.5" stroke="currentColor" strokeWidth="1.4" strokeLinecap="round" />
    </svg>
  );
}

function DotsIcon() {
  return (
    <svg width="15" height="15" viewBox="0 0 15 15" fill="currentColor" aria-hidden="true">
      <circle cx="3" cy="7.5" r="1.3" />
      <circle cx="7.5" cy="7.5" r="1.3" />
      <circle cx="12" cy="7.5" r="1.3" />
    </svg>
  );
}
