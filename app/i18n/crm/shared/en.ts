import type { Dictionary } from "../../pt.ts";

export const sharedEn: Dictionary["crm"]["shared"] = {
  statuses: {
    new: "New",
    qualified: "Qualified",
    contacted: "Contacted",
    negotiating: "Negotiating",
    won: "Won",
    lost: "Lost",
  },
  /** The predefined tags (PREDEFINED_TAGS, stored in pt) as the reader sees them; a typed tag is shown as typed. */
  tags: {
    urgent: "Urgent",
    qualified: "Qualified",
    interested: "Interested",
    waiting: "Waiting",
    followUp: "Follow-up",
    quote: "Quote",
    proposal: "Proposal",
    competitor: "Competitor",
  },
  /** A lead's currency (docs/decisions/018). */
  currencies: {
    BRL: "Real (R$)",
    USD: "US dollar (US$)",
    EUR: "Euro (€)",
  },
  sources: {
    website: "Website",
    referral: "Referral",
    social_media: "Social media",
    advertising: "Advertising",
    other: "Other",
  },
  actions: {
    save: "Save",
    saving: "Saving...",
    cancel: "Cancel",
    edit: "Edit",
    delete: "Delete",
    close: "Close",
    retry: "Try again",
    loadMore: "Load more",
  },
  contact: {
    whatsapp: "WhatsApp",
    email: "Email",
    whatsappGreeting: "Hi {name}, how are you?",
    whatsappLabel: "Open a WhatsApp chat with {name}",
    emailLabel: "Send an email to {name}",
  },
  none: "None",
  errorTitle: "Error",
  /** A deactivated user named on a lead or task (Settings → Usuários). */
  inactiveUser: "{name} (inactive)",
  offline: "No connection. Check your internet and try again.",
};
