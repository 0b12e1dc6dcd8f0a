import { PlusIcon } from "@radix-ui/react-icons";
import { Button, Card, Flex, Heading, Text } from "@radix-ui/themes";
import { Link } from "react-router";
import { formatDate } from "~/i18n/format-date";
import { useI18n } from "~/i18n/react";
import type { DashboardDto } from "@worker/services/crm-types";
import { StatusBadge } from "~/modules/leads/lead-card-parts";
import { useOrg } from "~/modules/crm/org-settings";

/**
 * 'Leads Recentes': the 5 newest leads, each opening its detail at /leads?lead=<id>; 'Ver todos'
 * opens the leads screen (`viewAll`: filtered by the seller whose figures are shown).
 */
export function RecentLeadsCard({
  leads,
  viewAll,
  onAddLead,
}: {
  leads: DashboardDto["recentLeads"];
  viewAll: string;
  onAddLead: (opener: HTMLElement) => void;
}) {
  const { t, language } = useI18n();
  const { time_zone: timeZone } = useOrg();
  return (
    <Card size="2" className="h-full" data-testid="recent-leads">
      <Flex justify="between" align="start" gap="3" mb="4">
        <div className="min-w-0">
          <Heading as="h3" size="4">
            {t("crm.dashboard.recent.title")}
          </Heading>
          <Text as="p" size="2" color="gray">
            {t("crm.dashboard.recent.description")}
          </Text>
        </div>
        <Button asChild variant="ghost" size="2" className="shrink-0">
          <Link to={viewAll}>{t("crm.dashboard.recent.viewAll")}</Link>
        </Button>
      </Flex>
      {leads.length === 0 ? (
        <Flex direction="column" align="center" gap="3" py="6">
          <Text color="gray">{t("crm.dashboard.recent.empty")}</Text>
          <Button onClick={(event) => onAddLead(event.currentTarget)}>
            <PlusIcon />
            {t("crm.dashboard.recent.add")}
          </Button>
        </Flex>
      ) : (
        <ul className="flex flex-col gap-2">
          {leads.map((lead) => (
            <li key={lead.id}>
              <Link
                to={`/leads?lead=${encodeURIComponent(lead.id)}`}
                data-testid="recent-lead"
                className="flex items-center gap-3 rounded-md border p-3 transition-colors hover:bg-[var(--gray-a3)] focus-visible:outline-2 focus-visible:outline-[var(--focus-8)]"
                style={{ borderColor: "var(--gray-a5)" }}
              >
                <span className="min-w-0 flex-1">
                  <Text as="span" size="2" weight="medium" className="block truncate">
                    {lead.name}
                  </Text>
                  {lead.company ? (
                    <Text as="span" size="1" color="gray" className="block truncate">
                      {lead.company}
                    </Text>
                  ) : null}
                </span>
                <Flex direction={{ initial: "column", xs: "row" }} align={{ initial: "end", xs: "center" }} gap="2" className="shrink-0">
                  <Text as="span" size="1" color="gray" className="tabular-nums">
                    {formatDate(lead.created_at, language, timeZone)}
                  </Text>
                  <StatusBadge status={lead.status} />
                </Flex>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
