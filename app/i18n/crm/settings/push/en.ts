import type { settingsPushPt } from "./pt.ts";

/** Settings → Notifications → Push Notifications (issue 24). */
export const settingsPushEn: typeof settingsPushPt = {
  title: "Devices with push",
  description:
    "The browsers that get this account's alerts, even with the CRM closed. Nothing reaches them while the CRM is open and visible in a tab.",
  loading: "Loading devices...",
  loadFailed: "The devices could not be loaded.",
  retry: "Try again",
  empty: "No device gets push yet. Turn on “Push Notifications” above, in this browser, to add it.",
  listLabel: "Devices that get push",
  unknownBrowser: "Unknown browser",
  thisBrowser: "This browser",
  lastUsed: "Last alert: {date}",
  neverUsed: "No alert sent yet",
  addedAt: "Added on {date}",
  remove: "Remove",
  removeLabel: "Remove {device}",
  removed: "Device removed. It no longer gets push.",
  removeFailed: "The device could not be removed",
  asking: "Waiting for the browser's permission...",
  enabled: "Push is on in this browser. Save the settings to start receiving it.",
  denied:
    "The browser blocked notifications for this site. To get push, allow notifications in the site's settings (the icon next to the address) and turn the switch on again.",
  unsupported: "This browser cannot get push notifications. On iPhone and iPad, add the CRM to the Home Screen and open it from there.",
  unavailable: "Push is not set up on this server. Ask whoever runs the CRM.",
  failed: "Push could not be turned on in this browser.",
  addThis: "Turn on in this browser",
  off: "“Push Notifications” is off: no device gets alerts until you turn it on and save.",
};
