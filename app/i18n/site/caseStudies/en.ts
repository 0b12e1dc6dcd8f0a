import type { Dictionary } from "../../pt.ts";

export const caseStudiesEn: Dictionary["site"]["caseStudies"] = {
  meta: {
    title: "Case studies",
    description: "Real Velox Labs projects: MVPs, platforms and enterprise systems delivered on time, and the results they produced.",
  },
  hero: {
    eyebrow: "Portfolio",
    title: "Success stories",
    subtitle: "Real products we shipped for startups and companies: from MVPs validated in weeks to platforms that run entire operations.",
  },
  stats: {
    onTime: "consecutive on-time projects",
    roi: "average ROI increase",
    retention: "client retention",
    countries: "countries served",
    countriesValue: "{count}+",
  },
  filters: {
    label: "Filter case studies",
    search: "Search",
    searchPlaceholder: "Search by name or industry",
    industry: "Industry",
    allIndustries: "All",
    type: "Project type",
    allTypes: "All",
    timeline: "Timeline",
    allTimelines: "Any",
    timelines: {
      short: "Up to 8 weeks",
      medium: "9 to 16 weeks",
      long: "Over 16 weeks",
    },
    sort: "Sort by",
    sorts: {
      newest: "Newest first",
      oldest: "Oldest first",
      shortest: "Shortest timeline",
      longest: "Longest timeline",
      title: "Title (A-Z)",
    },
    apply: "Apply filters",
    clear: "Clear filters",
  },
  results: {
    showing: {
      one: "Showing {count} successful project",
      other: "Showing {count} successful projects",
    },
    showingFiltered: {
      one: "Showing {count} of {all} successful projects",
      other: "Showing {count} of {all} successful projects",
    },
    progress: "{shown} of {total} shown",
    loadMore: "Load More",
  },
  states: {
    loading: "Loading Case Studies...",
    error: {
      title: "Unable to Load Case Studies",
      message: "We're experiencing technical difficulties. Please try again.",
      retry: "Try Again",
    },
    empty: {
      title: "No Case Studies Available",
      message: "Our portfolio is being updated with recent projects. Please check back soon.",
    },
    offline: {
      title: "No connection",
      message: "The list was not updated. Check your connection and try again.",
    },
    noMatch: {
      title: "No case studies match your search",
      message: "Try different words or remove some filters to see more projects.",
    },
  },
  card: {
    view: "View case study",
    figures: "Results",
    loading: "Loading case study...",
  },
  industries: {
    healthcare: "Healthcare",
    logistics: "Logistics",
    ecommerce: "E-commerce & retail",
    retail: "Retail",
    fintech: "Fintech",
    saas: "SaaS",
    education: "Education",
    manufacturing: "Manufacturing",
  },
  projectTypes: {
    mvp: "MVP",
    platform: "Platform",
    enterprise: "Enterprise",
    marketplace: "Marketplace",
    saas: "SaaS",
  },
  detail: {
    back: "Back to Solutions",
    start: "Start Your Project",
    more: "View More Cases",
    loading: "Loading case study...",
    industry: "Industry",
    type: "Project type",
    timeline: "Timeline",
    weeks: {
      one: "{count} week",
      other: "{count} weeks",
    },
    results: "Results",
    overview: "Overview",
    overviewFallback:
      "We worked side by side with the client from discovery to launch: we scoped what would create the most value, designed and validated the experience with real users, and shipped in short cycles at a fixed price and a guaranteed date.",
    features: "Key features",
    cta: {
      title: "Ready to build your success story?",
      text: "Tell us your idea and get a plan with scope, timeline and investment within 24 hours.",
    },
    related: "More case studies",
    notFound: {
      title: "Case Study Not Found",
      message: "We couldn't find a case study at this address. It may have been removed, or the link may be wrong.",
      back: "Go Back",
    },
  },
};
