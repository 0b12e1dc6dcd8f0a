import { useI18n } from "~/i18n/react";
import type { TeamMember } from "./team-members.ts";

/** A team member: initials on a coloured disc (no external images), name, role and bio. */
export function TeamMemberCard({ member }: { member: TeamMember }) {
  const { t } = useI18n();
  return (
    <li data-testid="team-member" className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <span
        aria-hidden="true"
        className={`flex h-16 w-16 items-center justify-center rounded-full bg-gradient-to-br text-xl font-bold text-white shadow-inner ring-4 ring-white ${member.avatar}`}
      >
        {member.initials}
      </span>
      <h3 className="mt-5 text-lg font-semibold text-slate-950">{member.name}</h3>
      <p className="text-sm font-medium text-brand-600">{t(`site.about.team.members.${member.id}.role`)}</p>
      <p className="mt-3 text-sm leading-relaxed text-slate-600">{t(`site.about.team.members.${member.id}.bio`)}</p>
    </li>
  );
}
