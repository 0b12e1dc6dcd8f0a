import type { Dictionary } from "../../pt.ts";

export const plannerEn: Dictionary["site"]["planner"] = {
  meta: {
    title: "Project Planner",
    description:
      "Choose your project type, industry, urgency and team size and instantly get a plan with timeline, investment, team and next steps.",
  },
  hero: {
    eyebrow: "Project planner",
    title: "Plan your project in 1 minute",
    subtitle:
      "Tell us what you want to build and see the timeline, investment range, team and the compliance notes for your industry — no sign-up needed.",
  },
  form: {
    title: "Your choices",
    required: "Required",
    optional: "Optional",
    projectType: "Project type",
    industry: "Industry",
    industryPlaceholder: "Choose an industry",
    urgency: "Urgency",
    teamSize: "Team size",
    budget: "Budget",
    budgetPlaceholder: "Not sure yet",
    generate: "Generate plan",
    disabledHint: "Choose a project type, an industry and a team size to generate your plan.",
    readyHint: "All set: generate your plan.",
  },
  missing: {
    title: "Almost there",
    text: "To generate your plan, also choose:",
  },
  types: {
    mvp: {
      title: "MVP",
      description: "Validate your idea fast with a lean, working product.",
      idealCustomer: "Startups and new ventures that need to validate an idea with real users or investors.",
      features: {
        coreFlows: "The 3 to 5 core flows of your product",
        auth: "User sign-up and sign-in",
        admin: "Basic admin panel",
        analytics: "Usage analytics from day one",
        launch: "Cloud deployment and launch support",
      },
    },
    saas: {
      title: "SaaS Platform",
      description: "A subscription product ready to grow with your customers.",
      idealCustomer: "Companies turning a proven process into a recurring-revenue product.",
      features: {
        multiTenant: "Multi-tenant architecture",
        billing: "Plans and recurring billing",
        roles: "Roles and permissions",
        dashboard: "Analytics dashboard for your customers",
        integrations: "API and third-party integrations",
        onboarding: "Self-serve onboarding",
      },
    },
    marketplace: {
      title: "Marketplace",
      description: "Connect buyers and sellers with payments and trust built in.",
      idealCustomer: "Businesses connecting supply and demand in a niche market.",
      features: {
        twoSided: "Buyer and seller experiences",
        search: "Listings, search and filters",
        payments: "Split payments and payouts",
        reviews: "Ratings and reviews",
        messaging: "In-app messaging",
        moderation: "Moderation and dispute tools",
      },
    },
    enterprise: {
      title: "Enterprise",
      description: "Business-critical systems integrated with what your company already runs.",
      idealCustomer: "Mid-size and large companies modernising critical operations and legacy systems.",
      features: {
        sso: "Single sign-on (SSO) and advanced access control",
        legacy: "Integration with legacy systems (ERP, CRM)",
        workflows: "Custom workflows and approvals",
        audit: "Audit trails and compliance reporting",
        scale: "High availability and scalability",
        support: "SLA-backed support",
      },
    },
  },
  industries: {
    healthcare: "Healthcare",
    fintech: "Fintech",
    ecommerce: "E-commerce",
    education: "Education",
    "real-estate": "Real Estate",
    manufacturing: "Manufacturing",
    logistics: "Logistics",
    media: "Media",
    other: "Other",
  },
  urgency: {
    asap: "ASAP",
    normal: "Normal",
    flexible: "Flexible",
    noEffect: "Standard timeline and cost",
  },
  teamSize: {
    startup: { label: "Startup", hint: "Founders and a small team" },
    medium: { label: "Medium", hint: "An established, growing team" },
    large: { label: "Large", hint: "Several departments and stakeholders" },
  },
  budget: {
    under50k: "Under {amount}",
    "50k-100k": "{amount}",
    "100k-200k": "{amount}",
    "200k+": "{amount}",
  },
  roles: {
    productManager: "Product manager",
    designer: "UX/UI designer",
    fullStack: "Full-stack developers",
    frontend: "Front-end developers",
    backend: "Back-end developers",
    mobile: "Mobile developer",
    architect: "Solutions architect",
    devops: "DevOps engineer",
    qa: "QA engineer",
  },
  plan: {
    emptyTitle: "Your plan appears here",
    emptyText: "Choose a project type, an industry and a team size, then press Generate plan.",
    title: "Your project plan",
    summary: "{industry} · {teamSize}",
    budgetChosen: "Stated budget: {budget}",
    timeline: "Timeline",
    timelineValue: "{min}-{max} weeks",
    investment: "Investment",
    developers: "Developers",
    developersValue: "{min}-{max} developers",
    features: "What's included",
    team: "Your team",
    idealCustomer: "Ideal customer",
    urgencyTitle: "Urgency: {urgency}",
    urgencyFaster: "{cost} cost, {speed} faster",
    urgencyLonger: "{cost} cost, {speed} longer",
    totalEstimate: "Total estimate",
    totalEstimateNote: "The plan's base range. The urgency effect is priced into your fixed-price proposal, after the discovery call.",
    complianceTitle: "Compliance in {industry}",
    nextStepsTitle: "Next steps",
    cta: "Book your free call",
    ctaNote: "Fixed-price proposal, no commitment.",
  },
  compliance: {
    healthcare:
      "Health data is sensitive personal data. In the US, HIPAA requires access controls, audit logs, encryption and a Business Associate Agreement (BAA) with every vendor that handles it; in Brazil, the LGPD requires a specific legal basis for health data, data minimisation and an impact assessment when the risk is high.",
    fintech:
      "If card data is involved, the project follows PCI DSS (ideally with a payment provider that tokenises cards, which shrinks the scope). We also plan KYC identity verification and anti-money-laundering (AML) monitoring, strong customer authentication and, where relevant, open-banking APIs (Open Finance Brasil, PSD2 in Europe).",
    ecommerce:
      "Checkout runs through a PCI DSS-certified payment provider. We respect consumer-protection law (clear total prices, the 7-day right of withdrawal under Brazil's CDC, 14 days in the EU) and LGPD/GDPR for customer data, marketing consent and cookies.",
    education:
      "For US schools we follow FERPA for student records and COPPA for children under 13 (verifiable parental consent). We build to WCAG 2.1 AA accessibility and apply LGPD/GDPR rules for children's and teenagers' data.",
  },
  nextSteps: {
    discovery: {
      title: "Free 30-minute discovery call",
      text: "We learn your goals, users and constraints.",
    },
    proposal: {
      title: "Fixed-price proposal",
      text: "Scope, timeline and investment locked in, no surprises.",
    },
    kickoff: {
      title: "Kickoff within 1 week",
      text: "Your team starts right after you approve.",
    },
  },
};
