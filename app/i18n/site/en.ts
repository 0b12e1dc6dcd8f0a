import type { Dictionary } from "../pt.ts";
import { aboutEn } from "./about/en.ts";
import { caseStudiesEn } from "./caseStudies/en.ts";
import { contactEn } from "./contact/en.ts";
import { insightsEn } from "./insights/en.ts";
import { chatAssistantEn } from "./chatAssistant/en.ts";
import { landingEn } from "./landing/en.ts";
import { legalEn } from "./legal/en.ts";
import { plannerEn } from "./planner/en.ts";

export const siteEn: Dictionary["site"] = {
  nav: {
    home: "Velox Labs — home",
    caseStudies: "Case Studies",
    planner: "Project Planner",
    blog: "Blog",
    about: "About",
    contact: "Contact",
    login: "CRM Login",
    getStarted: "Get Started",
    menu: "Menu",
    mainNavigation: "Main navigation",
    skipToContent: "Skip to content",
  },
  switcher: {
    label: "Language",
  },
  footer: {
    tagline: "Custom software, delivered in 90 days, on time and on budget.",
    company: "Company",
    explore: "Explore",
    legal: "Legal",
    privacy: "Privacy Policy",
    terms: "Terms of Service",
    contact: "Contact",
    rights: "© {year} Velox Labs. All rights reserved.",
  },
  chat: {
    open: "Talk to us",
    close: "Close the chat",
    loading: "Opening the chat…",
  },
  forms: {
    /** Settings → Sistema, maintenance mode: the public forms' 503 (apiErrors.maintenance's words). */
    maintenance: "We're down for maintenance and will be back soon. Please try again in a few minutes.",
    errors: {
      emailRequired: "Please enter your email.",
      emailInvalid: "Please enter a valid email, like name@company.com.",
      emailTooLong: "Your email can be at most 254 characters long.",
    },
    offline: {
      title: "No connection",
      description: "We couldn't reach the server. Check your connection and try again; what you typed is still here.",
    },
  },
  seo: {
    ogSiteName: "Velox Labs",
  },
  landing: landingEn,
  chatAssistant: chatAssistantEn,
  caseStudies: caseStudiesEn,
  contact: contactEn,
  insights: insightsEn,
  about: aboutEn,
  planner: plannerEn,
  legal: legalEn,
};
