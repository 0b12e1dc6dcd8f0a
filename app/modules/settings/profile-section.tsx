import { Badge, Card, Flex, Text, TextField } from "@radix-ui/themes";
import { useId, useState, type FormEvent } from "react";
import { useRevalidator } from "react-router";
import { useI18n } from "~/i18n/react";
import { useToast } from "~/components/ui/toaster";
import { useAuth } from "~/modules/auth/auth-context";
import { apiClient, ApiClientError, call, OfflineError } from "~/modules/crm/api-client";
import { formatPhone } from "~/modules/leads/phone-format";
import { AvatarField } from "./avatar-field.tsx";
import { PasswordCard } from "./password-card.tsx";
import { SettingsCardHeader, SettingsSaveButton } from "./settings-parts.tsx";

const NAME_MAX = 100;

/**
 * Settings → Perfil (crm.md §2; issue 22): the photo (AvatarField: upload, remove; else the
 * initial), name, e-mail and role; the name ('Nome Completo', required, one line, ≤ 100) and
 * phone editable, saved with PATCH /api/users/me. The frame reads the profile again after a
 * save, so the sidebar's user card shows the new name and photo at once; the server's message
 * shows under its field. Below it, 'Alterar senha' (PasswordCard).
 */
export function ProfileSection() {
  const { t } = useI18n();
  const toast = useToast();
  const { profile } = useAuth();
  const revalidator = useRevalidator();
  const id = useId();
  const [name, setName] = useState(profile?.name ?? "");
  const [phone, setPhone] = useState(profile?.phone ? formatPhone(profile.phone) : "");
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<{ name?: string; phone?: string }>({});
  if (!profile) return null;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    setErrors({});
    try {
      const saved = await call(apiClient.users.me.$patch({ json: { name, phone } }));
      setName(saved.profile.name);
      setPhone(saved.profile.phone ? formatPhone(saved.profile.phone) : "");
      toast({ title: t("crm.settings.profile.saved") });
      void revalidator.revalidate();
    } catch (error) {
      const fields = error instanceof ApiClientError ? { name: error.fieldMessage("name"), phone: error.fieldMessage("phone") } : {};
      setErrors(fields);
      toast({
        title: t("crm.settings.profile.saveFailed"),
        // A field's problem is said under the field; anything else here.
        description:
          error instanceof OfflineError
            ? t("crm.shared.offline")
            : fields.name || fields.phone
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

  return (
    <Flex direction="column" gap="4">
      <Card size={{ initial: "2", sm: "3" }}>
        <form onSubmit={submit} aria-labelledby={`${id}-title`} noValidate={false} data-testid="profile-settings">
          <Flex direction="column" gap="5">
            <SettingsCardHeader id={id} title={t("crm.settings.profile.title")} description={t("crm.settings.profile.description")} />
            <Flex align={{ initial: "start", sm: "center" }} direction={{ initial: "column", sm: "row" }} gap="4">
              <AvatarField profile={profile} />
              <div className="min-w-0">
                <Text as="p" size="3" weight="bold" className="truncate" data-testid="profile-name">
                  {profile.name}
                </Text>
                <Text as="p" size="2" color="gray" className="truncate">
                  {profile.email}
                </Text>
                <Badge mt="1" variant="soft">
                  {t(`crm.roles.${profile.role}`)}
                </Badge>
              </div>
            </Flex>
            <div className="grid gap-4 sm:grid-cols-2">
              <label className="flex min-w-0 flex-col gap-1">
                <Text size="2" weight="medium">
                  {t("crm.settings.profile.name")}
                </Text>
                <TextField.Root
                  name="name"
                  value={name}
                  onChange={(event) => setName(event.target.value)}
                  required
                  maxLength={NAME_MAX}
                  autoComplete="name"
                  aria-invalid={errors.name ? true : undefined}
                  aria-describedby={errors.name ? `${id}-name-error` : undefined}
                  data-testid="profile-name-input"
                />
                {errors.name && (
                  <Text id={`${id}-name-error`} size="1" color="red" data-testid="profile-name-error">
                    {errors.name}
                  </Text>
                )}
              </label>
              <label className="flex min-w-0 flex-col gap-1">
                <Text size="2" weight="medium">
                  {t("crm.settings.profile.phone")}
                </Text>
                <TextField.Root
                  name="phone"
                  type="tel"
                  value={phone}
                  onChange={(event) => setPhone(event.target.value)}
                  placeholder="(11) 99999-9999"
                  maxLength={40}
                  autoComplete="tel"
                  aria-invalid={errors.phone ? true : undefined}
                  aria-describedby={errors.phone ? `${id}-phone-error` : undefined}
                  data-testid="profile-phone-input"
                />
                {errors.phone && (
                  <Text id={`${id}-phone-error`} size="1" color="red" data-testid="profile-phone-error">
                    {errors.phone}
                  </Text>
                )}
              </label>
              <label className="flex min-w-0 flex-col gap-1">
                <Text size="2" weight="medium">
                  {t("crm.settings.profile.email")}
                </Text>
                <TextField.Root value={profile.email} readOnly aria-describedby={`${id}-readonly`} />
              </label>
              <label className="flex min-w-0 flex-col gap-1">
                <Text size="2" weight="medium">
                  {t("crm.settings.profile.role")}
                </Text>
                <TextField.Root value={t(`crm.roles.${profile.role}`)} readOnly aria-describedby={`${id}-readonly`} />
              </label>
            </div>
            <Text as="p" size="1" color="gray" id={`${id}-readonly`}>
              {t("crm.settings.profile.readOnly")}
            </Text>
            <SettingsSaveButton
              saving={saving}
              label={t("crm.settings.profile.save")}
              busyLabel={t("crm.settings.profile.saving")}
              testId="profile-save"
            />
          </Flex>
        </form>
      </Card>
      <PasswordCard email={profile.email} />
    </Flex>
  );
}
