import { dataImportErrorsEn } from "./api-errors/data-import/en.ts";
import { dataExportErrorsEn } from "./api-errors/data-export/en.ts";
import { backupsErrorsEn } from "./api-errors/backups/en.ts";
import { apiTokensErrorsEn } from "./api-errors/api-tokens/en.ts";
import { webhooksErrorsEn, webhooksFieldErrorsEn } from "./api-errors/webhooks/en.ts";
import { crmEn } from "./crm/en.ts";
import { emailEn } from "./email/en.ts";
import { authEn } from "./auth/en.ts";
import { siteEn } from "./site/en.ts";
import type { Dictionary } from "./pt.ts";

export const en: Dictionary = {
  common: {
    appName: "Velox Labs",
    loading: "Loading...",
    backHome: "Return to Home",
    close: "Close",
    language: "Language",
  },
  meta: {
    defaultTitle: "Velox Labs — custom software in 90 days",
    defaultDescription:
      "We build custom software, web and mobile apps, e-commerce and automation for startups and companies, on time and on budget.",
  },
  notFound: {
    title: "Oops! Page not found",
    code: "404",
    backHome: "Return to Home",
  },
  errorScreen: {
    title: "Something went wrong",
    message: "An unexpected error occurred. Our team has been notified automatically.",
    hint: "Try reloading the page or contact support if the problem persists.",
    retry: "Try again",
    reload: "Reload page",
  },
  auth: authEn,
  site: siteEn,
  crm: crmEn,
  apiDocs: {
    title: "API reference",
    loading: "Loading the API reference…",
    noscript: "This page needs JavaScript. The OpenAPI document is at",
  },
  /** Digest and report e-mails' unsubscribe, the /unsubscribe page (issue 24). */
  email: emailEn,
  apiErrors: {
    /** Importar Dados, Exportar Dados, backups (issue 23): their own files. */
    ...dataImportErrorsEn,
    ...dataExportErrorsEn,
    ...backupsErrorsEn,
    /** Personal API tokens (issue 25). */
    ...apiTokensErrorsEn,
    ...webhooksErrorsEn,
    bad_request: "The request could not be processed.",
    invalid_json: "The request body is not valid JSON.",
    validation_failed: "Some fields are invalid: {fields}.",
    not_found: "The requested resource does not exist.",
    profile_not_found: "Profile not found",
    unauthorized: "You need to sign in to continue.",
    forbidden: "You do not have permission for this action.",
    conflict: "This record conflicts with an existing one.",
    lead_exists: "A lead with this e-mail already exists: {name}.",
    payload_too_large: "The uploaded content is too large.",
    rate_limited: "Too many attempts. Try again in {wait}.",
    internal_error: "Unexpected server error. Please try again.",
    service_unavailable: "Service temporarily unavailable.",
    unsupported_file_type: "File type not allowed. Send pdf, doc, docx, jpg, jpeg, png, gif, txt, csv, xlsx or xls.",
    file_too_large: "The file is over the 10 MB limit.",
    file_empty: "The file is empty.",
    file_signature_mismatch: "The file's content does not match its .{extension} extension.",
    assistant_unavailable: "Sorry, I had a technical issue. Can you repeat your question?",
    assistant_rate_limited: "You have sent many messages in a short time. Please try again in {wait}.",
    lead_capture_rate_limited: "We received many submissions in a short time. Please try again in {wait}.",
    chat_creator_only: "Only the channel's creator can add members.",
    chat_channel_not_private: "Members are only added to private channels.",
    /** Undoing a pipeline move (POST /api/leads/:id/undo-move). */
    lead_moved: "The lead changed stage in the meantime; nothing was undone.",
    /** Settings → Perfil (avatar, password). */
    avatar_invalid: "Upload a PNG, JPEG or WebP image of up to 2 MB.",
    current_password_incorrect: "The current password is incorrect.",
    password_change_rate_limited: "Too many attempts to change the password. Try again in {wait}.",
    weak_password_length: "The password must be 8 to 128 characters long.",
    weak_password_pwned: "This password is too common. Choose another one.",
    /** Settings → Usuários (invitations, roles, deactivation). */
    user_email_taken: "A user with the e-mail {email} already exists.",
    last_admin: "Not possible: this person is the last active admin. Make someone else an admin first.",
    cannot_deactivate_self: "You cannot deactivate your own account.",
    invitation_not_pending: "This user has no pending invitation.",
    /** Settings → Sistema (organisation settings, maintenance). */
    maintenance: "We're down for maintenance and will be back soon. Please try again in a few minutes.",
    /** One-click unsubscribe (/unsubscribe, /api/unsubscribe; issue 24). */
    unsubscribe_link_invalid:
      "This unsubscribe link is not valid (perhaps it was only partly copied). You can turn the e-mails off in Settings → Notifications.",
    unsubscribe_link_expired: "This unsubscribe link has expired. You can turn the e-mails off in Settings → Notifications.",
    unsubscribe_one_click_required: "To unsubscribe, send List-Unsubscribe=One-Click in the POST body.",
    unsubscribe_rate_limited: "Too many unsubscribe attempts. Try again in {wait}.",
    /** A page's form (React Router actions) sent as something else, or that cannot be read. */
    form_unsupported_type: "This address only accepts a form (application/x-www-form-urlencoded or multipart/form-data).",
    form_unreadable: "The form sent could not be read. Reload the page and try again.",
    field: {
      ...webhooksFieldErrorsEn,
      required: "Required field.",
      too_long: "Text too long.",
      invalid_value: "Invalid value.",
      invalid_phone: "Invalid phone number. Use the area code and number, like (11) 98888-7777, or + and the country code.",
      invalid_date: "Invalid date.",
      invalid_time: "Invalid time.",
      lead_not_found: "The selected lead no longer exists.",
      assignee_unavailable: "The selected assignee does not exist or is inactive.",
      too_many: "Too many items.",
      control_characters: "The text contains control characters that are not allowed.",
      user_unavailable: "The selected user does not exist or is inactive.",
      message_not_found: "Message not found in this channel.",
      expected_object: "The request body must be a JSON object.",
      invalid_type: "Wrong type of value.",
      too_short: "Text too short.",
      too_small: "Value too small.",
      too_big: "Value too large.",
      too_few: "Too few items.",
      invalid_format: "Invalid format.",
      unknown_field: "Field not allowed.",
      api_token_scopes_required: "Pick at least one permission.",
      api_token_expiry_past: "The expiry date must be in the future.",
      api_token_expiry_too_far: "The expiry can be at most a year away.",
    },
  },
  notifications: {
    /** Issue 25: an admin's webhook endpoint disabled after failing (docs/decisions/032). */
    webhookDisabled: {
      title: "Webhook disabled",
      message:
        "The webhook {url} was disabled because its deliveries kept failing for 24 hours. Check the receiver and enable it again in Settings → API.",
    },
    welcome: {
      title: "Welcome to the CRM",
      message: "Your access is set up. Happy selling!",
    },
    meetingReminder: {
      title: "Meeting reminder",
      message: "The meeting “{title}” with the lead “{lead}” starts at {time}.",
    },
    taskDue: {
      title: "Task due soon",
      message: "The task “{title}” is due within the next 24 hours.",
      messageAt: "The task “{title}” is due at {time}.",
    },
    taskAssigned: {
      title: "New task assigned",
      message: "{name} assigned you the task “{title}”.",
    },
    newLead: {
      title: "New lead from the website",
      message: "{name} ({email}) left their contact details with the website assistant.",
    },
    leadAssigned: {
      title: "Lead assigned to you",
      message: "{name} assigned you the lead “{lead}”.",
    },
    leadStatusChanged: {
      title: "Lead status changed",
      message: "{name} moved the lead “{lead}” from {from} to {to}.",
    },
    leadsAssigned: {
      message: "{name} assigned you {count} leads.",
    },
    leadsStatusChanged: {
      message: "{name} moved {count} of your leads to {to}.",
    },
    leadReturned: {
      title: "A lead came back to the website assistant",
      message: "{name} ({email}) talked to the website assistant again; the conversation is on the timeline.",
    },
  },
  leadCapture: {
    activitySubject: "Website assistant conversation",
    heading: "Lead qualified by the website assistant.",
    projectType: "Project type: {value}",
    budget: "Budget: {value}",
    timeline: "Timeline: {value}",
    teamSize: "Team size: {value}",
    contact: "Contact given: {value}",
    language: "Conversation language: {value}",
    notInformed: "not given",
    transcript: "Conversation:",
    visitor: "Visitor",
    assistant: "Assistant",
    keptAsMessage: "Website assistant conversation (the lead could not be saved in the CRM; the contact was kept here).",
  },
};
