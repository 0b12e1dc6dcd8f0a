import type { Dictionary } from "../../pt.ts";

export const aboutEn: Dictionary["site"]["about"] = {
  meta: {
    title: "About Us",
    description: "Meet the Velox Labs team: 47 consecutive on-time projects, 500K+ users impacted and clients in 15+ countries.",
  },
  hero: {
    eyebrow: "About Velox Labs",
    title: "A senior team that ships software on time",
    subtitle:
      "We are engineers, designers and product managers who turn ideas into products in weeks, not years — at a fixed price, with a delivery guarantee.",
  },
  stats: {
    title: "Our numbers",
    projects: { label: "consecutive on-time projects" },
    users: { label: "users impacted" },
    revenue: { label: "in client revenue" },
    countries: { label: "countries served" },
  },
  team: {
    eyebrow: "Team",
    title: "The people behind the projects",
    subtitle: "You talk directly to the people who build. No middlemen, no teams swapped halfway through.",
    members: {
      rafael: {
        role: "Founder & CEO",
        bio: "Led engineering at two scale-ups before founding Velox Labs to prove software can ship on time and on budget.",
      },
      camila: {
        role: "CTO",
        bio: "Cloud systems architect for 12 years; makes sure every release is secure, scalable and easy to maintain.",
      },
      diego: {
        role: "Head of Design",
        bio: "Designs products people understand on first use, with user research from week one.",
      },
      priya: {
        role: "Head of Delivery",
        bio: "Owns our on-time record: weekly planning, visible risks and no surprises for clients.",
      },
    },
  },
  story: {
    eyebrow: "Our story",
    title: "Born from frustration with late projects",
    p1: "After years of watching software projects take 6 to 12 months and run over budget, our founders decided to do it differently: small senior teams, a clear scope and a fixed price.",
    p2: "Today we deliver in 90 days on average, building products that have reached more than {users} users and generated more than {revenue} in revenue for our clients, from startups to large companies.",
    p3: "Our guarantee is simple: on time, on budget, or the next month is free.",
  },
  values: {
    title: "How we work",
    speed: { title: "Speed with method", text: "Weekly cycles, a demo every Friday and quick decisions." },
    ownership: { title: "Ownership of results", text: "We measure success by impact on your business, not by hours." },
    transparency: { title: "Full transparency", text: "You follow timeline, cost and risks in real time." },
  },
  cta: {
    title: "Shall we build your next product?",
    text: "Tell us your idea and get a fixed-price proposal within days.",
    contact: "Talk to us",
    planner: "Plan my project",
  },
};
