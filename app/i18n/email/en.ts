import type { emailPt } from "./pt.ts";

export const emailEn: typeof emailPt = {
  digest: {
    subject: {
      one: "You have 1 unread notification in the CRM",
      other: "You have {count} unread notifications in the CRM",
    },
    greeting: "Hello, {name}!",
    intro: "These notifications arrived in the CRM and have not been read yet:",
    more: {
      one: "… and 1 more notification: {url}",
      other: "… and {count} more notifications: {url}",
    },
    openCrm: "Open the CRM: {url}",
    footer: "You receive this e-mail because '{setting}' is on in Settings → Notifications.",
  },
  unsubscribeLine: "To stop receiving these e-mails: {url}",
  unsubscribePage: {
    metaTitle: "Unsubscribe",
    title: "Unsubscribe",
    confirm: "Turn off '{setting}' for {email}?",
    explain: "You will stop receiving these e-mails. You can turn them back on at any time in Settings → Notifications.",
    button: "Turn off these e-mails",
    working: "Turning off...",
    doneTitle: "E-mails turned off",
    done: "'{setting}' was turned off for {email}.",
    already:
      "This link was already used: '{setting}' was turned off for {email}. To receive them again, turn it on in Settings → Notifications.",
    settingsLink: "Open Settings → Notifications",
    invalidTitle: "Invalid link",
    expiredTitle: "Link expired",
    failed: "Could not turn them off right now. Please try again.",
  },
};
