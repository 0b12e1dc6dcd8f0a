import type { Dictionary } from "../../pt.ts";

export const landingEn: Dictionary["site"]["landing"] = {
  meta: {
    title: "Velox Labs — custom software delivered in 90 days",
    description:
      "Custom software, web and mobile apps, e-commerce and automation delivered in 90 days at a fixed price. 47 consecutive on-time projects. Calculate your project's ROI.",
    keywords:
      "custom software development, software agency, app development, MVP in 90 days, fixed price development, e-commerce, automation, ROI calculator",
  },
  hero: {
    badge: "47 consecutive projects delivered on time",
    title: "Custom software delivered in 90 days",
    subtitle:
      "Web and mobile apps, e-commerce and automation for startups and companies. Fixed price, guaranteed timeline and assured quality, while others are still hiring.",
    primaryCta: "Start your project",
    secondaryCta: "View case studies",
    points: {
      fixedPrice: "Fixed price",
      onTime: "100% on time and on budget",
      guarantee: "Or the next month is free",
    },
    panel: {
      title: "From brief to launch",
      velox: "Velox Labs",
      veloxValue: "90 days on average",
      traditional: "Traditional development",
      traditionalValue: "6-12 months",
      onTime: "On-time delivery rate",
      onTimeValue: "100%",
    },
  },
  caseStudies: {
    eyebrow: "Case studies",
    title: "Real results for real clients",
    subtitle: "Some of the latest projects we launched on time and on budget.",
    viewAll: "View all case studies",
    empty: "New case studies are coming soon: our portfolio is being updated.",
    error: "We couldn't load the case studies right now. Open the case studies page to try again.",
  },
  trackRecord: {
    eyebrow: "Proven track record",
    title: "Numbers that speak for us",
    subtitle: "Projects delivered around the world, for clients who come back.",
    featured: {
      value: "47",
      label: "consecutive on-time projects",
      text: "Not a single delay since our first project. Every delivery with a fixed scope, timeline and investment.",
    },
    stats: {
      revenue: { label: "client revenue generated" },
      users: { label: "users impacted" },
      countries: { label: "countries served" },
      retention: { label: "client retention" },
      roi: { label: "average ROI increase" },
    },
  },
  comparison: {
    title: "Velox Labs vs. the traditional way",
    caption: "Comparison between Velox Labs and traditional development",
    criterion: "Criterion",
    traditional: "Traditional",
    velox: "Velox Labs",
    rows: {
      delivery: { label: "Delivery time", traditional: "6-12 months", velox: "90 days on average" },
      scaling: { label: "Team scaling", traditional: "3-6 months of hiring", velox: "Instant team scaling" },
      onTime: { label: "On time and on budget", traditional: "50% (industry average)", velox: "100%" },
      cost: { label: "Cost", traditional: "In-house team", velox: "60% lower, fixed price" },
    },
  },
  cost: {
    title: "What does building in-house cost?",
    inHouse: {
      label: "In-house team",
      amount: "{amount} per year",
      text: "Salaries, benefits, recruiting and tooling for a complete team over one year.",
    },
    velox: {
      label: "Velox Labs",
      amount: "{amount} in 90 days",
      text: "A complete senior team at a fixed price, with your software live in 90 days.",
    },
    savings: "Save {amount}+ and 12 months",
  },
  roi: {
    eyebrow: "ROI calculator",
    title: "What could your project return?",
    subtitle: "Enter your annual revenue, industry and project type to see the estimated investment, timeline and return.",
    revenue: "Annual revenue (USD)",
    revenueHint: "Only the digits are read; symbols and separators are ignored.",
    industry: "Industry",
    projectType: "Project type",
    industries: {
      healthcare: "Healthcare",
      fintech: "Fintech",
      ecommerce: "E-commerce",
      saas: "SaaS",
      other: "Other",
    },
    projectTypes: {
      mvp: "MVP",
      platform: "Platform",
      enterprise: "Enterprise",
    },
    submit: "Calculate ROI",
    resultTitle: "Your estimate",
    empty: "Enter your annual revenue and press Calculate ROI to see the results.",
    stale: "You changed the inputs. Press Calculate ROI to update the estimate.",
    results: {
      cost: "Investment",
      weeks: "Timeline",
      weeksValue: "{weeks} weeks",
      projectedRevenue: "Projected revenue",
      roiPercent: "ROI",
      totalGain: "Total gain",
      monthlyIncrease: "Monthly increase",
      payback: "Payback period",
      paybackOne: "{count} month",
      paybackOther: "{count} months",
      paybackNone: "No payback projected",
      paybackNoneHint: "With zero revenue there is no monthly increase to pay the investment back.",
    },
    disclaimer: "Estimate based on industry averages. Your final proposal is fixed-price.",
    cta: "Talk about my project",
  },
  process: {
    eyebrow: "How we work",
    title: "From zero to launch in 3 steps",
    subtitle: "A simple, transparent process with visible progress every week.",
    step: "Step {number}",
    steps: {
      discovery: {
        title: "Discovery & Strategy",
        text: "We learn your business, users and goals, and set a fixed scope, timeline and investment.",
      },
      design: {
        title: "Design & Prototype",
        text: "We design the experience and validate a clickable prototype with you before writing code.",
      },
      development: {
        title: "Development & Launch",
        text: "We build, test and ship your software to production, with support after launch.",
      },
    },
  },
  guarantee: {
    eyebrow: "Our guarantee",
    title: "On time, on budget, or the next month is free",
    subtitle: "We take on the delivery risk so you can focus on your business.",
    points: {
      onTime: {
        title: "On-time delivery",
        text: "If we are late, the next month of work is on us.",
      },
      fixed: {
        title: "Fixed investment",
        text: "The price we agree is the price you pay. No overtime, no surprise invoices.",
      },
      quality: {
        title: "Quality assurance",
        text: "Reviewed, tested code, with quality standards set from day one.",
      },
    },
  },
  finalCta: {
    title: "Ready to launch your software in 90 days?",
    text: "Tell us your idea. We reply within 24 hours with the next steps.",
    button: "Start your project",
  },
};
