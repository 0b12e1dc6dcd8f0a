// The legal area is intentionally empty. /privacy and /terms are English-only (spec:
// crm.md §1 and the route table), so their copy lives once, in English, in
// app/modules/site/legal/legal-content.ts instead of three identical dictionary copies;
// the pages render with the fixed language "en". The footer's links to them are
// translated under site.footer.
export const legalPt = {} as const;
