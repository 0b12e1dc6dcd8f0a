import type { Dictionary } from "../../pt.ts";

export const notificationsEn: Dictionary["crm"]["notifications"] = {
  title: "Notifications",
  bell: {
    one: "Notifications, {count} unread",
    other: "Notifications, {count} unread",
  },
  markAll: "Mark all read",
  loading: "Loading notifications...",
  empty: "No notifications",
  error: "Notifications could not be loaded.",
  unread: "Unread",
  markFailed: "The notification could not be marked as read",
};
