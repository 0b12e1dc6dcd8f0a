import type { Dictionary } from "../../pt.ts";

export const insightsEn: Dictionary["site"]["insights"] = {
  meta: {
    title: "Insights",
    description: "Articles from the Velox Labs team on engineering, product strategy, business, enterprise systems and design.",
  },
  hero: {
    eyebrow: "Insights",
    title: "Ideas from a team that ships on time",
    intro:
      "What we learned delivering 47 consecutive projects on time: engineering, product strategy, pricing and design, without the jargon.",
  },
  filters: {
    label: "Filter by category",
    all: "All",
  },
  categories: {
    engineering: "Engineering",
    strategy: "Strategy",
    business: "Business",
    enterprise: "Enterprise",
    design: "Design",
  },
  featured: {
    badge: "Featured",
    heading: "Featured article",
  },
  latest: {
    heading: "More articles",
    headingIn: "{category} articles",
  },
  card: {
    readTime: "{minutes} min read",
    publishedOn: "Published on",
    tags: "Tags",
  },
  empty: {
    title: "No articles in this category yet",
    body: "We are writing. Meanwhile, have a look at the other categories.",
    action: "See all articles",
  },
  newsletter: {
    title: "Get the next articles",
    body: "Join {readers}+ readers who get one practical article a month. No spam; unsubscribe any time.",
    email: "Your email",
    emailPlaceholder: "you@company.com",
    submit: "Subscribe",
    submitting: "Subscribing...",
    subscribed: {
      title: "You're subscribed!",
      body: "The next articles will arrive at {email}.",
    },
    already: {
      title: "You're already on the list!",
      body: "{email} already gets our articles. Thanks for reading.",
    },
    another: "Subscribe another email",
    failed: "We couldn't complete your subscription. Please try again later.",
    errors: {
      invalidBody: "Please send your email.",
      unknownIntent: "Unknown action.",
      rateLimited: "Too many sign-ups from this network. Please try again later.",
    },
  },
  tags: {
    mvp: "MVP",
    productStrategy: "Product strategy",
    roadmap: "Roadmap",
    architecture: "Architecture",
    performance: "Performance",
    cloud: "Cloud",
    pricing: "Fixed price",
    projectManagement: "Project management",
    legacy: "Legacy systems",
    integration: "Integrations",
    security: "Security",
    designSystems: "Design systems",
    ux: "UX",
    accessibility: "Accessibility",
    automation: "Automation",
    roi: "ROI",
  },
  // Authors are the about page's team; each role equals site.about.team.members.<id>.role.
  authorRoles: {
    rafael: "Founder & CEO",
    camila: "CTO",
    diego: "Head of Design",
    priya: "Head of Delivery",
  },
  articles: {
    mvpIn90Days: {
      title: "From idea to launch in 90 days: how we plan an MVP",
      excerpt:
        "The right MVP is not the smallest possible product, it is the smallest product that proves the business. How we cut scope without cutting value, and why a fixed deadline helps decide.",
    },
    edgeArchitecture: {
      title: "Why we build on the edge: fast apps without servers to babysit",
      excerpt:
        "Running close to users cuts latency and removes a whole class of operations problems. When it makes sense, when it doesn't, and what changes for the team day to day.",
    },
    fixedPrice: {
      title: "Fixed price without surprises: how we estimate and deliver",
      excerpt:
        "Fixed price only works with a solid discovery and a negotiable scope. We open up our estimation method and what we do when the unexpected shows up.",
    },
    legacyModernization: {
      title: "Modernizing legacy systems without stopping the business",
      excerpt:
        "Rewriting everything at once is the most expensive path. The strangler pattern, well-defined integrations and step-by-step data migration keep operations running.",
    },
    designSystems: {
      title: "Design systems that speed up every release",
      excerpt:
        "Documented, accessible components from day one save weeks at the end of a project. How we start small and grow the system with the product.",
    },
    automationRoi: {
      title: "Automation that pays for itself: measuring ROI before you build",
      excerpt:
        "Before automating a process, we measure what it costs today. A simple playbook to estimate return, payback period and priorities.",
    },
  },
};
