import { Card, Flex, Text, TextField } from "@radix-ui/themes";
import { useId, useState, type FormEvent } from "react";
import { useI18n } from "~/i18n/react";
import { useToast } from "~/components/ui/toaster";
import { apiClient, ApiClientError, call, OfflineError } from "~/modules/crm/api-client";
import { SettingsCardHeader, SettingsSaveButton } from "./settings-parts.tsx";

type Field = "current" | "next" | "confirm";
type Errors = Partial<Record<Field, string>>;

/**
 * Settings → Perfil's 'Alterar senha': Senha atual, Nova senha, Confirmar nova senha, with
 * the sign-in's rules shown. POST /api/users/me/password checks the rules and the current
 * password (throttled); the server's message shows under its field, anything else in the
 * toast. Every other session of the user ends; this one stays signed in.
 */
export function PasswordCard({ email }: { email: string }) {
  const { t } = useI18n();
  const toast = useToast();
  const id = useId();
  const [values, setValues] = useState<Record<Field, string>>({ current: "", next: "", confirm: "" });
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    if (values.next !== values.confirm) {
      setErrors({ confirm: t("crm.settings.profile.password.mismatch") });
      return;
    }
    setSaving(true);
    setErrors({});
    try {
      await call(apiClient.users.me.password.$post({ json: { current_password: values.current, new_password: values.next } }));
      setValues({ current: "", next: "", confirm: "" });
      toast({ title: t("crm.settings.profile.password.saved"), description: t("crm.settings.profile.password.savedDescription") });
    } catch (error) {
      const fields: Errors =
        error instanceof ApiClientError
          ? {
              current: error.code === "current_password_incorrect" ? error.message : error.fieldMessage("current_password"),
              next:
                error.issues
                  .filter((issue) => issue.path === "new_password")
                  .map((issue) => issue.message)
                  .join(" ") || undefined,
            }
          : {};
      setErrors(fields);
      toast({
        title: t("crm.settings.profile.password.saveFailed"),
        description:
          error instanceof OfflineError
            ? t("crm.shared.offline")
            : fields.current || fields.next
              ? undefined
              : error instanceof Error
                ? error.message
                : undefined,
        variant: "destructive",
      });
    } finally {
      setSaving(false);
    }
  };

  const field = (name: Field, label: string, autoComplete: string, describedBy?: string) => {
    const errorId = `${id}-${name}-error`;
    const described = [describedBy, errors[name] ? errorId : undefined].filter(Boolean).join(" ") || undefined;
    return (
      <label className="flex min-w-0 flex-col gap-1">
        <Text size="2" weight="medium">
          {label}
        </Text>
        <TextField.Root
          type="password"
          name={name === "next" ? "new-password" : name === "confirm" ? "confirm-password" : "current-password"}
          value={values[name]}
          onChange={(event) => setValues((v) => ({ ...v, [name]: event.target.value }))}
          required
          maxLength={512}
          autoComplete={autoComplete}
          aria-invalid={errors[name] ? true : undefined}
          aria-describedby={described}
          data-testid={`password-${name}`}
        />
        {errors[name] && (
          <Text id={errorId} size="1" color="red" data-testid={`password-${name}-error`}>
            {errors[name]}
          </Text>
        )}
      </label>
    );
  };

  return (
    <Card size={{ initial: "2", sm: "3" }}>
      <form onSubmit={submit} aria-labelledby={`${id}-title`} data-testid="password-settings">
        <Flex direction="column" gap="4">
          <SettingsCardHeader
            id={id}
            title={t("crm.settings.profile.password.title")}
            description={t("crm.settings.profile.password.description")}
          />
          {/* The account's e-mail for password managers, which pair the new password with a user name. */}
          <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="sm:col-span-2">{field("current", t("crm.settings.profile.password.current"), "current-password")}</div>
            {field("next", t("crm.settings.profile.password.new"), "new-password", `${id}-rules`)}
            {field("confirm", t("crm.settings.profile.password.confirm"), "new-password")}
          </div>
          <Text as="p" size="1" color="gray" id={`${id}-rules`}>
            {t("crm.settings.profile.password.rules")}
          </Text>
          <SettingsSaveButton
            saving={saving}
            label={t("crm.settings.profile.password.save")}
            busyLabel={t("crm.settings.profile.password.saving")}
            testId="password-save"
          />
        </Flex>
      </form>
    </Card>
  );
}
