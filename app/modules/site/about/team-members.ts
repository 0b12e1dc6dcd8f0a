// The four team members of the about page (static, spec §2 "Team page"). Names are proper
// nouns and stay the same in every language; roles and bios are in the about dictionary
// under site.about.team.members.<id>.

export const TEAM_MEMBERS = [
  { id: "rafael", name: "Rafael Monteiro", initials: "RM", avatar: "from-brand-500 to-brand-700" },
  { id: "camila", name: "Camila Duarte", initials: "CD", avatar: "from-emerald-500 to-teal-700" },
  { id: "diego", name: "Diego Álvarez", initials: "DA", avatar: "from-amber-400 to-orange-600" },
  { id: "priya", name: "Priya Nair", initials: "PN", avatar: "from-fuchsia-500 to-violet-700" },
] as const;

export type TeamMember = (typeof TEAM_MEMBERS)[number];

/** The about page's headline figures (spec §1 claims), in display order. */
export const ABOUT_STATS = ["projects", "users", "revenue", "countries"] as const;

/** "How we work" values, in display order. */
export const ABOUT_VALUES = ["speed", "ownership", "transparency"] as const;
