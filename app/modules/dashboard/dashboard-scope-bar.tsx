import { Button, Flex, Heading, Select, Text } from "@radix-ui/themes";
import { useId } from "react";
import { Link, useNavigate } from "react-router";
import { useI18n } from "~/i18n/react";
import { useAuth } from "~/modules/auth/auth-context";
import type { AssignableUserDto, UserRef } from "@worker/services/crm-types";

const TEAM = "team";

/**
 * Whose figures the dashboard shows (issue 20), named in a heading ('Meus números', 'Números
 * da equipe', 'Números de Marcos Gerente'), and the choice, kept in the URL: a sales_rep
 * toggles between their own leads (the default) and the whole team's (?scope=team); managers
 * and admins see the team's and pick one seller (?seller=<id>) from the active users.
 */
export function DashboardScopeBar({ seller, sellers }: { seller: UserRef | null; sellers: readonly AssignableUserDto[] }) {
  const { t } = useI18n();
  const { profile, isManager } = useAuth();
  const mine = seller !== null && seller.id === profile?.id;
  const heading = mine
    ? t("crm.dashboard.scope.headingMine")
    : seller
      ? t("crm.dashboard.scope.headingSeller", { name: seller.name })
      : t("crm.dashboard.scope.headingTeam");
  return (
    <Flex direction={{ initial: "column", xs: "row" }} justify="between" align={{ initial: "start", xs: "center" }} gap="3">
      <Heading as="h3" size="5" data-testid="dashboard-scope-title">
        {heading}
      </Heading>
      {isManager ? <SellerSelect seller={seller} sellers={sellers} /> : <ScopeToggle team={seller === null} />}
    </Flex>
  );
}

/** A sales_rep's toggle: their own leads (the default, no parameter) or the whole team's. */
function ScopeToggle({ team }: { team: boolean }) {
  const { t } = useI18n();
  const choice = (to: string, current: boolean, label: string) => (
    <Button asChild size="2" variant={current ? "solid" : "outline"} radius="full">
      <Link to={{ search: to }} aria-current={current ? "true" : undefined} preventScrollReset>
        {label}
      </Link>
    </Button>
  );
  return (
    <Flex role="group" aria-label={t("crm.dashboard.scope.label")} gap="2" data-testid="dashboard-scope">
      {choice("", !team, t("crm.dashboard.scope.mine"))}
      {choice("?scope=team", team, t("crm.dashboard.scope.team"))}
    </Flex>
  );
}

/** Managers and admins: 'Toda a equipe' or one of the active users (the one shown stays a choice). */
function SellerSelect({ seller, sellers }: { seller: UserRef | null; sellers: readonly AssignableUserDto[] }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const id = useId();
  const choices: readonly UserRef[] = seller && !sellers.some((user) => user.id === seller.id) ? [...sellers, seller] : sellers;
  return (
    <Flex align="center" gap="2" className="min-w-0">
      <Text as="label" htmlFor={id} size="2" color="gray" className="shrink-0">
        {t("crm.dashboard.scope.seller")}
      </Text>
      <Select.Root
        value={seller?.id ?? TEAM}
        onValueChange={(next) =>
          void navigate({ search: next === TEAM ? "" : `?seller=${encodeURIComponent(next)}` }, { preventScrollReset: true })
        }
      >
        {/* The label as children: Radix's Select.Value shows nothing before hydration otherwise. */}
        <Select.Trigger id={id} className="min-w-44 max-w-full" data-testid="dashboard-seller">
          {seller ? seller.name : t("crm.dashboard.scope.team")}
        </Select.Trigger>
        <Select.Content position="popper">
          <Select.Item value={TEAM}>{t("crm.dashboard.scope.team")}</Select.Item>
          {choices.map((user) => (
            <Select.Item key={user.id} value={user.id}>
              {user.name}
            </Select.Item>
          ))}
        </Select.Content>
      </Select.Root>
    </Flex>
  );
}
