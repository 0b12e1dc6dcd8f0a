import { Cross2Icon, PlusIcon } from "@radix-ui/react-icons";
import { Badge, Button, Flex, IconButton, Text, TextField } from "@radix-ui/themes";
import { PREDEFINED_TAGS } from "@worker/db/schema/enums";
import { useId, useState } from "react";
import { useI18n } from "~/i18n/react";
import { addTag } from "./lead-form-values";
import { tagLabel } from "./tag-label";

type TagFieldProps = {
  tags: string[];
  onChange: (tags: string[]) => void;
  /** The text typed but not added yet (the form adds it on submit). */
  draft: string;
  onDraftChange: (draft: string) => void;
  error?: string;
};

/**
 * The lead form's tags: the chosen ones with a remove button each, a field for free text
 * (Enter or the button adds it) and the predefined tags not chosen yet as one-click
 * suggestions. Nothing is saved until the form is.
 */
export function TagField({ tags, onChange, draft, onDraftChange, error }: TagFieldProps) {
  const { t } = useI18n();
  const inputId = useId();
  const errorId = useId();
  const [announcement, setAnnouncement] = useState("");
  const suggestions = PREDEFINED_TAGS.filter((tag) => !tags.some((chosen) => chosen.toLocaleLowerCase() === tag.toLocaleLowerCase()));

  const add = (tag: string) => {
    onChange(addTag(tags, tag));
    setAnnouncement(tagLabel(tag.trim(), t));
  };

  return (
    <Flex direction="column" gap="2">
      <Text as="label" htmlFor={inputId} size="2" weight="medium">
        {t("crm.leads.form.tags")}
      </Text>
      {tags.length > 0 ? (
        <ul className="flex flex-wrap gap-2" data-testid="lead-form-tags">
          {tags.map((tag) => (
            <li key={tag}>
              <Badge size="2" variant="soft" className="gap-1">
                {tagLabel(tag, t)}
                <IconButton
                  type="button"
                  size="1"
                  variant="ghost"
                  className="!m-0"
                  aria-label={t("crm.leads.form.removeTag", { tag: tagLabel(tag, t) })}
                  onClick={() => onChange(tags.filter((existing) => existing !== tag))}
                >
                  <Cross2Icon aria-hidden />
                </IconButton>
              </Badge>
            </li>
          ))}
        </ul>
      ) : (
        <Text size="1" color="gray">
          {t("crm.leads.form.noTags")}
        </Text>
      )}
      <Flex gap="2">
        <TextField.Root
          id={inputId}
          className="min-w-0 flex-1"
          value={draft}
          maxLength={50}
          placeholder={t("crm.leads.form.tagPlaceholder")}
          aria-describedby={error ? errorId : undefined}
          aria-invalid={error ? true : undefined}
          onChange={(event) => onDraftChange(event.currentTarget.value)}
          onKeyDown={(event) => {
            // Enter (or a comma) adds the tag instead of submitting the form.
            if (event.key === "Enter" || event.key === ",") {
              event.preventDefault();
              if (draft.trim()) {
                add(draft);
                onDraftChange("");
              }
            }
          }}
        />
        <Button
          type="button"
          variant="soft"
          onClick={() => {
            add(draft);
            onDraftChange("");
          }}
          disabled={!draft.trim()}
        >
          <PlusIcon aria-hidden />
          {t("crm.leads.form.addTag")}
        </Button>
      </Flex>
      {error && (
        <Text id={errorId} size="1" color="red">
          {error}
        </Text>
      )}
      {suggestions.length > 0 && (
        <Flex direction="column" gap="1">
          <Text size="1" color="gray" id={`${inputId}-suggestions`}>
            {t("crm.leads.form.suggestions")}
          </Text>
          <ul className="flex flex-wrap gap-1" aria-labelledby={`${inputId}-suggestions`}>
            {suggestions.map((tag) => (
              <li key={tag}>
                <Button
                  type="button"
                  size="1"
                  variant="outline"
                  color="gray"
                  aria-label={t("crm.leads.form.addSuggestion", { tag: tagLabel(tag, t) })}
                  onClick={() => add(tag)}
                >
                  <PlusIcon aria-hidden />
                  {tagLabel(tag, t)}
                </Button>
              </li>
            ))}
          </ul>
        </Flex>
      )}
      <span className="sr-only" role="status">
        {announcement}
      </span>
    </Flex>
  );
}
