import { Cross2Icon, PlusIcon } from "@radix-ui/react-icons";
import { Badge, Button, Flex, IconButton, Text, TextField } from "@radix-ui/themes";
import { PREDEFINED_TAGS } from "@worker/db/schema/enums";
import type { LeadDto } from "@worker/services/crm-types";
import { useId, useState, type FormEvent } from "react";
import { useI18n } from "~/i18n/react";
import { useToast } from "~/components/ui/toaster";
import { describeError } from "./describe-error";
import { leadDetailApi } from "./lead-detail-api";

const TAG_MAX = 50;

/** Tags as the server keeps them (crm.md §5): trimmed, no empty ones, no duplicates. */
export function withTag(tags: readonly string[], tag: string): string[] {
  const clean = tag.trim();
  if (!clean || tags.some((existing) => existing.toLocaleLowerCase() === clean.toLocaleLowerCase())) return [...tags];
  return [...tags, clean];
}

/**
 * The lead's tags with a remove button each, and (for whoever may edit the lead) a field with
 * the predefined tags as suggestions plus free text. Every change is saved at once with
 * PATCH {tags}; the spec's toasts say how it went.
 */
export function TagsEditor({ lead, canEdit, onChanged }: { lead: LeadDto; canEdit: boolean; onChanged: (lead: LeadDto) => void }) {
  const { t } = useI18n();
  const toast = useToast();
  const [draft, setDraft] = useState("");
  const [saving, setSaving] = useState(false);
  const inputId = useId();
  const listId = useId();

  const save = async (tags: string[]) => {
    if (saving || sameTags(tags, lead.tags)) return;
    setSaving(true);
    try {
      const updated = await leadDetailApi.updateLead(lead.id, { tags });
      onChanged(updated);
      toast({ title: t("crm.leadDetail.tags.updated"), variant: "success" });
      return true;
    } catch (error) {
      toast({ title: t("crm.leadDetail.tags.updateFailed"), description: describeError(error, t) || undefined, variant: "destructive" });
      return false;
    } finally {
      setSaving(false);
    }
  };

  const add = async (event: FormEvent) => {
    event.preventDefault();
    if (!draft.trim()) return;
    if (await save(withTag(lead.tags, draft))) setDraft("");
  };

  const suggestions = PREDEFINED_TAGS.filter((tag) => !lead.tags.includes(tag));

  return (
    <Flex direction="column" gap="3">
      {lead.tags.length === 0 ? (
        <Text size="2" color="gray">
          {t("crm.leadDetail.tags.none")}
        </Text>
      ) : (
        <ul className="flex flex-wrap gap-2" aria-label={t("crm.leadDetail.tags.title")} data-testid="lead-tags">
          {lead.tags.map((tag) => (
            <li key={tag}>
              <Badge size="2" variant="soft" color="indigo" className="gap-1">
                {tag}
                {canEdit && (
                  <IconButton
                    size="1"
                    variant="ghost"
                    color="indigo"
                    className="!m-0"
                    aria-label={t("crm.leadDetail.tags.remove", { tag })}
                    disabled={saving}
                    onClick={() => void save(lead.tags.filter((existing) => existing !== tag))}
                  >
                    <Cross2Icon aria-hidden />
                  </IconButton>
                )}
              </Badge>
            </li>
          ))}
        </ul>
      )}

      {canEdit && (
        <>
          <form onSubmit={add} className="flex flex-wrap items-end gap-2">
            <Flex direction="column" gap="1" className="min-w-0 flex-1 basis-48">
              <Text as="label" htmlFor={inputId} size="2" weight="medium">
                {t("crm.leadDetail.tags.inputLabel")}
              </Text>
              <TextField.Root
                id={inputId}
                list={listId}
                value={draft}
                maxLength={TAG_MAX}
                placeholder={t("crm.leadDetail.tags.placeholder")}
                onChange={(event) => setDraft(event.target.value)}
                disabled={saving}
              />
              <datalist id={listId}>
                {suggestions.map((tag) => (
                  <option key={tag} value={tag} />
                ))}
              </datalist>
            </Flex>
            <Button type="submit" variant="soft" disabled={saving || !draft.trim()}>
              <PlusIcon aria-hidden />
              {t("crm.leadDetail.tags.add")}
            </Button>
          </form>
          {suggestions.length > 0 && (
            <Flex direction="column" gap="2">
              <Text size="1" color="gray" id={`${listId}-label`}>
                {t("crm.leadDetail.tags.suggestions")}
              </Text>
              <ul className="flex flex-wrap gap-2" aria-labelledby={`${listId}-label`}>
                {suggestions.map((tag) => (
                  <li key={tag}>
                    <Button
                      type="button"
                      size="1"
                      variant="outline"
                      color="gray"
                      disabled={saving}
                      onClick={() => void save(withTag(lead.tags, tag))}
                    >
                      <PlusIcon aria-hidden />
                      {tag}
                    </Button>
                  </li>
                ))}
              </ul>
            </Flex>
          )}
        </>
      )}
    </Flex>
  );
}

const sameTags = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((tag, i) => tag === b[i]);
