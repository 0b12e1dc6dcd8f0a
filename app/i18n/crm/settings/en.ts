import { settingsUsersEn } from "./users/en.ts";
import { settingsSystemEn } from "./system/en.ts";
import type { Dictionary } from "../../pt.ts";

export const settingsEn: Dictionary["crm"]["settings"] = {
  sections: "Settings sections",
  profile: {
    tab: "Profile",
    title: "Profile",
    description: "Your details in the CRM. The team sees your name on leads, tasks and in the chat.",
    name: "Full name",
    phone: "Phone",
    email: "Email",
    role: "Role",
    readOnly: "Your email and role are set by an administrator.",
    save: "Save changes",
    saving: "Saving...",
    saved: "Profile updated successfully!",
    saveFailed: "The profile could not be updated",
  },
  notifications: {
    tab: "Notifications",
    title: "Notifications",
    description: "Choose what the CRM tells you about. Your preferences apply to your account on every device.",
    kinds: "Notification types",
    channels: "Channels and reports",
    newLeads: { label: "New Leads", hint: "When a new lead arrives from the website (managers and admins)." },
    statusChanges: { label: "Status Changes", hint: "When someone changes the status of a lead assigned to you." },
    taskReminders: { label: "Task Reminders", hint: "When one of your tasks is due within the next 24 hours." },
    meetingReminders: { label: "Meeting Reminders", hint: "Before scheduled meetings." },
    emailNotifications: { label: "Email Notifications", hint: "Also receive the alerts by e-mail." },
    pushNotifications: { label: "Push Notifications", hint: "Receive the alerts in the browser, even with the CRM closed." },
    weeklyReports: { label: "Weekly Reports", hint: "By e-mail, Monday at 08:00: last week's figures and top sellers." },
    monthlyReports: { label: "Monthly Reports", hint: "By e-mail, on the 1st at 08:00: last month's figures and top sellers." },
    note: "Tasks and leads assigned to you always notify you. Meeting reminders, e-mail and push are kept for when those deliveries are available.",
    save: "Save Settings",
    saving: "Saving...",
    saved: "Notification settings saved!",
    saveFailed: "The settings could not be saved",
  },
  users: settingsUsersEn,
  system: settingsSystemEn,
};
