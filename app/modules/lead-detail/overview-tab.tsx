import { Card, DataList, Flex, Heading, Link, Text } from "@radix-ui/themes";
import type { LeadDto } from "@worker/services/crm-types";
import type { ReactNode } from "react";
import { formatMoney } from "~/i18n/format";
import { formatDate } from "~/i18n/format-date";
import { useI18n } from "~/i18n/react";
import { formatPhone } from "~/modules/leads/phone-format";
import { TagsEditor } from "./tags-editor";
import { userLabel } from "~/modules/crm/user-label";
import { useOrg } from "~/modules/crm/org-settings";

/** Visão Geral: contact information, the lead's details with the tags editor, its notes text. */
export function OverviewTab({ lead, canEdit, onChanged }: { lead: LeadDto; canEdit: boolean; onChanged: (lead: LeadDto) => void }) {
  const { t, language } = useI18n();
  const { time_zone: timeZone } = useOrg();
  const missing = (
    <Text color="gray" size="2">
      {t("crm.leadDetail.overview.notInformed")}
    </Text>
  );

  return (
    <Flex direction="column" gap="4">
      <div className="grid gap-4 md:grid-cols-2">
        <Section title={t("crm.leadDetail.overview.contactInfo")}>
          <DataList.Root orientation="vertical" size="2">
            <Item label={t("crm.leadDetail.overview.email")}>
              {lead.email ? <Link href={`mailto:${lead.email}`}>{lead.email}</Link> : missing}
            </Item>
            <Item label={t("crm.leadDetail.overview.phone")}>{lead.phone ? formatPhone(lead.phone) : missing}</Item>
            <Item label={t("crm.leadDetail.overview.company")}>{lead.company ?? missing}</Item>
          </DataList.Root>
        </Section>

        <Section title={t("crm.leadDetail.overview.leadDetails")}>
          <DataList.Root orientation="vertical" size="2">
            <Item label={t("crm.leadDetail.overview.source")}>{t(`crm.shared.sources.${lead.source}`)}</Item>
            <Item label={t("crm.leadDetail.overview.estimatedValue")}>
              {formatMoney(lead.estimated_value ?? 0, language, lead.currency)}
            </Item>
            <Item label={t("crm.leadDetail.overview.assignee")}>
              {lead.assigned_user ? userLabel(lead.assigned_user, t) : <Text color="gray">{t("crm.leadDetail.overview.unassigned")}</Text>}
            </Item>
            <Item label={t("crm.leadDetail.overview.createdAt")}>{formatDate(lead.created_at, language, timeZone)}</Item>
          </DataList.Root>
        </Section>
      </div>

      {/* The tag field (or the read-only list) names itself "Tags". */}
      <Card size="2" asChild>
        <section aria-label={t("crm.leadDetail.tags.title")}>
          <TagsEditor lead={lead} canEdit={canEdit} onChanged={onChanged} />
        </section>
      </Card>

      <Section title={t("crm.leadDetail.overview.notes")}>
        {lead.notes ? (
          <Text as="p" size="2" className="whitespace-pre-wrap break-words">
            {lead.notes}
          </Text>
        ) : (
          <Text as="p" size="2" color="gray">
            {t("crm.leadDetail.overview.noNotes")}
          </Text>
        )}
      </Section>
    </Flex>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card size="2" asChild>
      <section>
        <Heading as="h3" size="3" mb="3">
          {title}
        </Heading>
        {children}
      </section>
    </Card>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.Label>{label}</DataList.Label>
      <DataList.Value className="min-w-0 [overflow-wrap:anywhere]">{children}</DataList.Value>
    </DataList.Item>
  );
}
