import { Badge, Text } from "@radix-ui/themes";
import type { LeadDto } from "@worker/services/crm-types";
import { useEffect, useRef, useState } from "react";
import { useI18n } from "~/i18n/react";
import { TagField } from "~/modules/leads/tag-field";
import { leadDetailApi } from "./lead-detail-api";
import { useWrite } from "./use-write";
import { tagLabel } from "~/modules/leads/tag-label";

/**
 * The lead's tags. Whoever may edit the lead gets the lead form's tag field (suggestions from
 * the predefined tags plus free text, a remove button per tag), and every change is saved at
 * once with PATCH {tags}, shown before the answer comes and put back if it fails. Changes
 * made in quick succession are sent one after another, each with the whole list.
 */
export function TagsEditor({ lead, canEdit, onChanged }: { lead: LeadDto; canEdit: boolean; onChanged: (lead: LeadDto) => void }) {
  const { t } = useI18n();
  const write = useWrite();
  const [tags, setTags] = useState(lead.tags);
  const [draft, setDraft] = useState("");
  const queue = useRef<Promise<void>>(Promise.resolve());
  const pending = useRef(0);
  const confirmed = useRef(lead.tags);

  // The lead changed elsewhere (the edit form): show its tags unless a change is on its way.
  useEffect(() => {
    confirmed.current = lead.tags;
    if (pending.current === 0) setTags(lead.tags);
  }, [lead.tags]);

  const change = (next: string[]) => {
    setTags(next);
    pending.current += 1;
    queue.current = queue.current.then(async () => {
      const saved = await write.run(
        async () => {
          const updated = await leadDetailApi.updateLead(lead.id, { tags: next });
          confirmed.current = updated.tags;
          onChanged(updated);
        },
        { success: "crm.leadDetail.tags.updated", failure: "crm.leadDetail.tags.updateFailed" },
      );
      if (!saved) setTags(confirmed.current);
      pending.current -= 1;
    });
  };

  if (canEdit) return <TagField tags={tags} onChange={change} draft={draft} onDraftChange={setDraft} />;

  return (
    <div className="flex flex-col gap-2">
      <Text as="p" size="2" weight="medium">
        {t("crm.leadDetail.tags.title")}
      </Text>
      {tags.length === 0 ? (
        <Text size="2" color="gray">
          {t("crm.leadDetail.tags.none")}
        </Text>
      ) : (
        <ul className="flex flex-wrap gap-2" data-testid="lead-tags">
          {tags.map((tag) => (
            <li key={tag}>
              <Badge size="2" variant="soft">
                {tagLabel(tag, t)}
              </Badge>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
