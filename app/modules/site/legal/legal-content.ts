// The privacy policy and the terms of service: static pages, in English for every visitor
// (crm.md §1, route table of site-and-sign-in.md §2).
//
// Why the text lives here and not in the dictionaries: the pages are never translated, so
// dictionary entries would mean three identical English copies (pt.ts is the key source
// and would have to hold English text). One typed module keeps a single copy; the pages
// render with the fixed language "en" (route handle), so the header and footer around
// them are English as well. Only the footer's links to these pages are translated. The text
// reaches the browser as the route's loader data, not in its JavaScript.

export type LegalListItem = { term?: string; text: string };

export type LegalSection = {
  id: string;
  heading: string;
  paragraphs: readonly string[];
  items?: readonly LegalListItem[];
  /** Paragraphs after the list. */
  after?: readonly string[];
  /** Links shown at the end of the section (site paths). */
  links?: readonly { href: string; label: string }[];
};

export type LegalDocument = {
  title: string;
  description: string;
  /** ISO date of the last revision (shown as "Last updated"). */
  updated: string;
  intro: string;
  contactEmail: string;
  sections: readonly LegalSection[];
};

export { LEGAL_LABELS } from "./legal-labels.ts";

export const PRIVACY_EMAIL = "privacy@veloxlabs.dev";
export const LEGAL_EMAIL = "legal@veloxlabs.dev";

export const PRIVACY_POLICY: LegalDocument = {
  title: "Privacy Policy",
  description:
    "What personal data Velox Labs collects through its website (contact form, newsletter and chat assistant), why, for how long, and your rights under the GDPR and the LGPD.",
  updated: "2026-11-01",
  intro:
    "Velox Labs (“we”, “us”) builds custom software for startups and companies. This policy explains what personal data we collect when you use this website, why we collect it, how long we keep it and the rights you have over it. We keep it short because we collect little.",
  contactEmail: PRIVACY_EMAIL,
  sections: [
    {
      id: "data-we-collect",
      heading: "Data we collect",
      paragraphs: ["We only collect what you choose to give us, plus the minimum technical data needed to run the site securely:"],
      items: [
        { term: "Contact form", text: "your name, e-mail address and the message you write." },
        { term: "Newsletter", text: "your e-mail address, and the date you subscribed." },
        {
          term: "Chat assistant",
          text: "the messages you exchange with it and any details you decide to share, such as your name, e-mail, phone number, company, project type, budget, timeline and team size.",
        },
        {
          term: "Technical data",
          text: "your IP address, browser type and the pages requested, recorded in short-lived server logs to keep the site secure and to prevent abuse (for example, rate limiting).",
        },
      ],
      after: [
        "The project planner and the ROI calculator run in your browser and on our server without storing your answers. We do not use advertising or cross-site tracking.",
      ],
    },
    {
      id: "purpose",
      heading: "Why we use it",
      paragraphs: [],
      items: [
        { text: "To answer your enquiry and, if you ask us to, prepare a proposal for your project." },
        {
          text: "To record qualified enquiries from the contact form and the chat in our internal sales CRM, so the right person follows up within 24 hours.",
        },
        { text: "To send the newsletter you subscribed to, until you unsubscribe." },
        { text: "To protect the website and our users against fraud and abuse." },
      ],
      after: [
        "We never sell your personal data and we do not use it for automated decisions that have legal or similarly significant effects on you.",
      ],
    },
    {
      id: "legal-bases",
      heading: "Legal bases",
      paragraphs: [
        "Under the EU General Data Protection Regulation (GDPR) and Brazil's Lei Geral de Proteção de Dados (LGPD), we rely on: steps taken at your request before entering into a contract (answering enquiries and preparing proposals); your consent (the newsletter, which you can withdraw at any time); and our legitimate interest in keeping the site secure and following up on business enquiries, balanced against your rights.",
      ],
    },
    {
      id: "sharing",
      heading: "Who we share it with",
      paragraphs: [
        "We share personal data only with service providers that process it on our behalf and under contract: our hosting and edge network provider (Cloudflare), which runs this website and its database, and our e-mail delivery provider. Where these providers process data outside your country, transfers are covered by appropriate safeguards such as the European Commission's Standard Contractual Clauses. We may also disclose data when the law requires it.",
      ],
    },
    {
      id: "retention",
      heading: "How long we keep it",
      paragraphs: [],
      items: [
        {
          term: "Enquiries and chat conversations",
          text: "up to 24 months after our last contact, unless you become a client, in which case our contract's retention terms apply.",
        },
        { term: "Newsletter", text: "until you unsubscribe; we then keep only a suppression record so we do not e-mail you again." },
        { term: "Server logs", text: "up to 30 days." },
      ],
      after: ["When the period ends, we delete the data or anonymise it."],
    },
    {
      id: "your-rights",
      heading: "Your rights",
      paragraphs: [
        "Depending on where you live, you have the right to: confirm whether we process your data and access it; correct inaccurate data; have data deleted or anonymised; restrict or object to processing; receive your data in a portable format; be told who we share it with; and withdraw consent at any time, without affecting processing already carried out.",
        "To exercise any of these rights, e-mail us from the address you used with us. We answer within 15 days (LGPD) and in any case within one month (GDPR). You may also complain to your data protection authority: in Brazil, the Autoridade Nacional de Proteção de Dados (ANPD); in the EU, the supervisory authority of your country.",
      ],
    },
    {
      id: "cookies",
      heading: "Cookies",
      paragraphs: ["We use no advertising or analytics cookies. The site sets only strictly necessary items:"],
      items: [
        { term: "language", text: "a cookie and a local-storage entry that remember the interface language you chose (one year)." },
        {
          term: "Session cookies",
          text: "set only when staff sign in to our CRM, to keep them signed in securely (HttpOnly; the access token lasts one hour and the refresh token 30 days).",
        },
      ],
      after: ["Because these are strictly necessary for features you ask for, they do not require consent."],
    },
    {
      id: "security",
      heading: "Security",
      paragraphs: [
        "Data travels encrypted over HTTPS, access to our CRM is limited to staff who need it, and we review our providers' security commitments. No system is perfectly secure; if a breach affects your data, we will notify you and the authorities as the law requires.",
      ],
    },
    {
      id: "children",
      heading: "Children",
      paragraphs: [
        "This website is meant for businesses and is not directed at children. We do not knowingly collect data from anyone under 16.",
      ],
    },
    {
      id: "changes",
      heading: "Changes to this policy",
      paragraphs: ["If we change this policy we will update the date above, and for significant changes we will say so on the website."],
    },
    {
      id: "contact",
      heading: "Contact",
      paragraphs: ["For any question about privacy, or to exercise your rights, write to our privacy team:"],
    },
  ],
};

export const TERMS_OF_SERVICE: LegalDocument = {
  title: "Terms of Service",
  description: "The terms for using the Velox Labs website, its project planner, ROI calculator and chat assistant.",
  updated: "2026-11-01",
  intro:
    "These terms govern your use of the Velox Labs website, including the project planner, the ROI calculator, the chat assistant, the contact form and the newsletter. By using the site you agree to them. If you do not agree, please do not use the site.",
  contactEmail: LEGAL_EMAIL,
  sections: [
    {
      id: "services",
      heading: "Our website and our services",
      paragraphs: [
        "The website presents Velox Labs, its work and its tools so you can learn about us and contact us. Software-development services are provided only under a separate written agreement (a proposal or contract signed by both parties), which prevails over these terms for that engagement.",
      ],
    },
    {
      id: "estimates",
      heading: "Estimates are indicative",
      paragraphs: [
        "The project planner, the ROI calculator, the chat assistant and any figures on the site (timelines, investment ranges, returns and savings) are estimates for information only. They are not offers, quotes or guarantees. A binding price and schedule exist only in a fixed-price proposal we send you after a discovery call.",
        "Our delivery guarantee (on time, on budget, or the next month is free) applies under the conditions written in your signed agreement.",
      ],
    },
    {
      id: "acceptable-use",
      heading: "Acceptable use",
      paragraphs: ["When using the site, you agree not to:"],
      items: [
        { text: "break the law or infringe anyone's rights;" },
        { text: "send spam, malware or content that is abusive, misleading or unlawful through the forms or the chat;" },
        {
          text: "try to gain unauthorised access to the site, our CRM or our systems, or disrupt them (including automated scraping or excessive requests);",
        },
        { text: "impersonate another person or give false contact details." },
      ],
      after: ["We may limit or block access for anyone who does."],
    },
    {
      id: "intellectual-property",
      heading: "Intellectual property",
      paragraphs: [
        "The site's content, design, logos and code belong to Velox Labs or its licensors. You may view and share pages for personal or internal business purposes, but not copy, modify or republish them without our written permission. Case studies are shown with our clients' consent; their trademarks belong to them.",
        "Ownership of software we build for you is set out in your agreement with us.",
      ],
    },
    {
      id: "privacy",
      heading: "Privacy",
      paragraphs: ["How we handle personal data you give us through the site is explained in our Privacy Policy."],
      links: [{ href: "/privacy", label: "Read the Privacy Policy" }],
    },
    {
      id: "third-party-links",
      heading: "Third-party links",
      paragraphs: ["The site may link to other websites. We are not responsible for their content or their privacy practices."],
    },
    {
      id: "disclaimer",
      heading: "Disclaimer and liability",
      paragraphs: [
        "We work to keep the site accurate and available, but it is provided “as is”, without warranties of any kind, to the extent the law allows. To the extent the law allows, Velox Labs is not liable for indirect or consequential losses arising from the use of the site or from decisions based on its estimates. Nothing in these terms limits liability that cannot be limited by law, including rights you have as a consumer.",
      ],
    },
    {
      id: "changes",
      heading: "Changes to these terms",
      paragraphs: [
        "We may update these terms; the date above shows the latest version. Continuing to use the site after a change means you accept the updated terms.",
      ],
    },
    {
      id: "law",
      heading: "Governing law",
      paragraphs: [
        "These terms are governed by the laws of Brazil. Disputes are settled by the courts of São Paulo, Brazil, without prejudice to mandatory consumer-protection rules of the country where you live.",
      ],
    },
    {
      id: "contact",
      heading: "Contact",
      paragraphs: ["Questions about these terms? Write to us:"],
    },
  ],
};
