// The API's answers as zod schemas, for GET /api/openapi.json (docs/decisions/030) and the
// contract test that checks real answers against them (tests/api/openapi-contract.test.ts).
// The services' DTOs stay TypeScript types (worker/services/crm-types.ts and beside each
// service); each schema here is pinned to its type by `DtoSchemaChecks` at the bottom, so a
// field added, removed or retyped on one side fails `npm run typecheck` until the other
// follows. Objects are strict (additionalProperties: false): an answer with a field the
// schema does not name fails the contract test. Never used to parse anything at run time.
import { z } from "zod";
import type { ChatAssistantResponse } from "~/modules/chat/chat-types";
import { ACTIVITY_TYPES, LEAD_CURRENCIES, LEAD_SOURCES, LEAD_STATUSES, NOTIFICATION_TYPES, USER_ROLES } from "../db/schema/enums.ts";
import { API_TOKEN_SCOPES } from "../db/schema/api-tokens.ts";
import { LEAD_IMPORT_STATUSES } from "../db/schema/imports.ts";
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_DISABLED_REASONS, WEBHOOK_EVENTS } from "../db/schema/webhook-enums.ts";
import { ORG_TIME_ZONES } from "../lib/org-time.ts";
import { AUDIT_ACTIONS, type AuditEntryDto } from "../services/audit-service.ts";
import type { ApiTokenDto, ApiTokenRequestDto, CreatedApiTokenDto } from "../services/api-token-service.ts";
import type { AuthSession, AuthUser } from "../services/auth-service.ts";
import type { BackupSummary } from "../services/backup-service.ts";
import type { CaseStudyListing, CaseStudyView } from "../services/case-study-service.ts";
import type {
  ActivityDto,
  AssignableUserDto,
  AttachmentDto,
  ChatChannelDto,
  ChatMemberDto,
  ChatMessageDto,
  DashboardDto,
  LeadDto,
  NoteDto,
  NotificationDto,
  NotificationListDto,
  Page,
  PipelineColumnDto,
  PipelineDto,
  QuickSearchDto,
  ReportDto,
  TaskDto,
  UserRef,
} from "../services/crm-types.ts";
import type { BulkResultDto } from "../services/lead-bulk-service.ts";
import { IMPORT_MODES, LEAD_IMPORT_FIELDS } from "../services/lead-import-columns.ts";
import type { ImportDto } from "../services/lead-import/import-dto.ts";
import type { NotificationPreferencesDto } from "../services/notification-preferences-service.ts";
import type { SystemSettingsDto } from "../services/org-settings-service.ts";
import type { ProfileDto } from "../services/profile-service.ts";
import type { PushDeviceDto } from "../services/push-service.ts";
import type { TeamMemberDto } from "../services/user-admin-service.ts";
import type {
  createWebhookEndpoint,
  WebhookDeliveryDto,
  WebhookDeliverySummary,
  WebhookEndpointDto,
} from "../services/webhooks/webhook-service.ts";

const instant = () => z.string().meta({ description: "An instant, ISO-8601 (UTC)." });
const id = () => z.string().meta({ description: "An id (UUID)." });

export const LeadStatusSchema = z.enum(LEAD_STATUSES).meta({ id: "LeadStatus" });
export const LeadSourceSchema = z.enum(LEAD_SOURCES).meta({ id: "LeadSource" });
export const LeadCurrencySchema = z.enum(LEAD_CURRENCIES).meta({ id: "LeadCurrency" });
export const UserRoleSchema = z.enum(USER_ROLES).meta({ id: "UserRole" });

export const UserRefSchema = z
  .strictObject({ id: z.string(), name: z.string(), inactive: z.literal(true).optional() })
  .meta({ id: "UserRef", description: "A user as other records name them; `inactive` when the account was deactivated." });

/** Value sums of the currencies other than the organisation's (BRL), never converted (docs/decisions/018). */
export const OtherCurrencySumsSchema = z.partialRecord(z.enum(["USD", "EUR"]), z.number()).meta({
  id: "OtherCurrencySums",
  description: "Sums in the currencies other than the organisation's (BRL), by currency; never converted.",
});

export const LeadNextTaskSchema = z
  .strictObject({ id: z.string(), title: z.string(), due_date: z.string().nullable(), due_has_time: z.boolean(), overdue: z.boolean() })
  .meta({ id: "LeadNextTask" });

export const LeadSchema = z
  .strictObject({
    id: id(),
    name: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    company: z.string().nullable(),
    source: LeadSourceSchema,
    status: LeadStatusSchema,
    estimated_value: z.number().nullable().meta({ description: "In `currency`; null counts as 0." }),
    currency: LeadCurrencySchema,
    notes: z.string().nullable(),
    assigned_to: z.string().nullable(),
    assigned_user: UserRefSchema.nullable(),
    tags: z.array(z.string()),
    created_at: instant(),
    updated_at: instant(),
    last_activity_at: instant(),
    next_task: LeadNextTaskSchema.nullable()
      .optional()
      .meta({ description: "Its earliest-due open task (null: none) on the list's and the pipeline's leads; absent elsewhere." }),
  })
  .meta({ id: "Lead" });

/** One page of a list; `next_cursor` is opaque, null on the last page. */
function pageOf<T extends z.ZodType>(item: T, name: string) {
  return z
    .strictObject({
      items: z.array(item),
      next_cursor: z.string().nullable().meta({ description: "Pass as ?cursor= for the next page; null on the last one." }),
    })
    .meta({ id: name });
}

export const LeadPageSchema = pageOf(LeadSchema, "LeadPage");
export const LeadEnvelopeSchema = z.strictObject({ lead: LeadSchema });

export const PipelineColumnSchema = z
  .strictObject({
    status: LeadStatusSchema,
    count: z.number().int(),
    value_sum: z.number().meta({ description: "Sum of estimated_value (BRL) of every lead in the column, loaded or not." }),
    other_sums: OtherCurrencySumsSchema,
    leads: z.array(LeadSchema),
    next_cursor: z.string().nullable(),
  })
  .meta({ id: "PipelineColumn" });
export const PipelineSchema = z.strictObject({ columns: z.array(PipelineColumnSchema) }).meta({ id: "Pipeline" });

export const BulkResultSchema = z
  .strictObject({
    changed: z.number().int(),
    unchanged: z.number().int(),
    refused: z.array(
      z.strictObject({ id: z.string(), name: z.string().nullable(), reason: z.enum(["not_found", "forbidden", "changed"]) }),
    ),
    leads: z.array(LeadSchema),
    deleted: z.array(z.string()),
  })
  .meta({ id: "BulkResult" });

export const ActivitySchema = z
  .strictObject({
    id: id(),
    lead_id: z.string(),
    type: z.enum(ACTIVITY_TYPES),
    subject: z.string().nullable(),
    content: z.string(),
    metadata: z.record(z.string(), z.unknown()).meta({ description: "For audit entries: {kind, field, from, to} and the like." }),
    created_at: instant(),
    author: UserRefSchema.nullable(),
    meeting_at: z.string().nullable().optional(),
  })
  .meta({ id: "Activity" });
export const ActivityPageSchema = pageOf(ActivitySchema, "ActivityPage");

export const NoteSchema = z
  .strictObject({
    id: id(),
    lead_id: z.string(),
    content: z.string(),
    created_at: instant(),
    updated_at: instant(),
    author: UserRefSchema.nullable(),
  })
  .meta({ id: "Note" });

export const AttachmentSchema = z
  .strictObject({
    id: id(),
    lead_id: z.string(),
    file_name: z.string(),
    file_size: z.number().int(),
    file_type: z.string(),
    created_at: instant(),
    uploader: UserRefSchema.nullable(),
  })
  .meta({ id: "Attachment" });

export const TaskSchema = z
  .strictObject({
    id: id(),
    title: z.string(),
    description: z.string().nullable(),
    due_date: z.string().nullable(),
    due_has_time: z.boolean(),
    lead_id: z.string().nullable(),
    lead: z.strictObject({ id: z.string(), name: z.string(), company: z.string().nullable() }).nullable(),
    assigned_to: z.string().nullable(),
    assigned_user: UserRefSchema.nullable(),
    created_by: z.string().nullable(),
    creator: UserRefSchema.nullable(),
    completed: z.boolean(),
    completed_at: z.string().nullable(),
    created_at: instant(),
  })
  .meta({ id: "Task" });
export const TaskPageSchema = pageOf(TaskSchema, "TaskPage");
export const TaskEnvelopeSchema = z.strictObject({ task: TaskSchema });

const trend = z.strictObject({ now: z.number(), before: z.number() });
export const DashboardSchema = z
  .strictObject({
    totalLeads: z.number().int(),
    newLeads: z.number().int(),
    qualifiedLeads: z.number().int(),
    wonLeads: z.number().int(),
    totalRevenue: z.number(),
    otherRevenue: OtherCurrencySumsSchema,
    leadsByStatus: z.record(LeadStatusSchema, z.number().int()),
    recentLeads: z.array(
      z.strictObject({
        id: z.string(),
        name: z.string(),
        company: z.string().nullable(),
        status: LeadStatusSchema,
        estimated_value: z.number().nullable(),
        currency: LeadCurrencySchema,
        created_at: instant(),
      }),
    ),
    trends: z.strictObject({
      days: z.number().int(),
      total: trend,
      created: trend,
      won: trend,
      revenue: trend,
      revenueOther: OtherCurrencySumsSchema,
    }),
    seller: UserRefSchema.nullable(),
    generatedAt: instant(),
  })
  .meta({ id: "Dashboard" });

const moneySums = z.strictObject({ value: z.number(), other: OtherCurrencySumsSchema });
export const ReportSchema = z
  .strictObject({
    period: z.enum(["7d", "30d", "month", "all"]),
    from: z.string().nullable(),
    generatedAt: instant(),
    timeZone: z.enum(ORG_TIME_ZONES),
    currency: LeadCurrencySchema,
    total: z.number().int(),
    won: z.number().int(),
    conversionRate: z.number(),
    totalValue: moneySums,
    averageValue: moneySums,
    byStatus: z.array(z.strictObject({ status: LeadStatusSchema, count: z.number().int() })),
    bySource: z.array(z.strictObject({ source: LeadSourceSchema, count: z.number().int() })),
    topSellers: z.array(
      z.strictObject({ id: z.string(), name: z.string(), inactive: z.literal(true).optional(), count: z.number().int(), total: moneySums }),
    ),
    series: z.strictObject({
      unit: z.enum(["day", "week", "month"]),
      points: z.array(z.strictObject({ start: z.string(), count: z.number().int(), won: z.number().int(), wonValue: z.number() })),
    }),
  })
  .meta({ id: "Report" });

export const QuickSearchSchema = z
  .strictObject({
    leads: z.array(
      z.strictObject({
        id: z.string(),
        name: z.string(),
        company: z.string().nullable(),
        email: z.string().nullable(),
        status: LeadStatusSchema,
      }),
    ),
    tasks: z.array(
      z.strictObject({
        id: z.string(),
        title: z.string(),
        due_date: z.string().nullable(),
        completed: z.boolean(),
        lead_name: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: "QuickSearch" });

export const NotificationSchema = z
  .strictObject({
    id: id(),
    type: z.enum(NOTIFICATION_TYPES),
    title: z.string(),
    message: z.string(),
    link: z.string().nullable().meta({ description: "An in-app path (e.g. /tasks?task=<id>) or null." }),
    read: z.boolean(),
    created_at: instant(),
  })
  .meta({ id: "Notification" });
export const NotificationListSchema = z
  .strictObject({ items: z.array(NotificationSchema), unread_count: z.number().int() })
  .meta({ id: "NotificationList" });

export const AssignableUserSchema = z
  .strictObject({ id: z.string(), name: z.string(), email: z.string(), role: UserRoleSchema, avatar_url: z.string().nullable() })
  .meta({ id: "AssignableUser" });

export const TeamMemberSchema = z
  .strictObject({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    role: UserRoleSchema,
    status: z.enum(["active", "inactive", "invited"]),
    avatar_url: z.string().nullable(),
    created_at: instant(),
    last_sign_in_at: z.string().nullable(),
    invited_at: z.string().nullable(),
  })
  .meta({ id: "TeamMember" });

export const AuditEntrySchema = z
  .strictObject({
    id: z.string(),
    actor_id: z.string().nullable(),
    actor_name: z.string(),
    action: z.enum(AUDIT_ACTIONS),
    target_type: z.string(),
    target_id: z.string().nullable(),
    target_label: z.string().nullable(),
    before: z.record(z.string(), z.unknown()).nullable(),
    after: z.record(z.string(), z.unknown()).nullable(),
    created_at: instant(),
  })
  .meta({ id: "AuditEntry" });

export const ProfileSchema = z
  .strictObject({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    role: UserRoleSchema,
    avatarUrl: z.string().nullable().meta({ description: "The photo (GET /api/avatars/…), null for the initial." }),
  })
  .meta({ id: "Profile" });

export const NotificationPreferencesSchema = z
  .strictObject({
    new_leads: z.boolean(),
    status_changes: z.boolean(),
    task_reminders: z.boolean(),
    meeting_reminders: z.boolean(),
    email_notifications: z.boolean(),
    push_notifications: z.boolean(),
    weekly_reports: z.boolean(),
    monthly_reports: z.boolean(),
  })
  .meta({ id: "NotificationPreferences" });

export const SystemSettingsSchema = z
  .strictObject({
    company_name: z.string(),
    time_zone: z.enum(ORG_TIME_ZONES),
    currency: LeadCurrencySchema,
    auto_backup: z.boolean(),
    maintenance_mode: z.boolean(),
    debug_mode: z.boolean(),
    updated_at: z.string().nullable(),
    updated_by: z.strictObject({ id: z.string(), name: z.string() }).nullable(),
  })
  .meta({ id: "SystemSettings" });

export const PushDeviceSchema = z
  .strictObject({
    id: z.string(),
    label: z.string(),
    created_at: instant(),
    last_used_at: z.string().nullable(),
    this_session: z.boolean(),
  })
  .meta({ id: "PushDevice" });

export const ChatChannelSchema = z
  .strictObject({
    id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    is_private: z.boolean(),
    created_by: z.string().nullable(),
    created_at: instant(),
    member_count: z.number().int(),
    last_seq: z.number().int(),
  })
  .meta({ id: "ChatChannel" });

export const ChatMessageSchema = z
  .strictObject({
    id: z.string(),
    channel_id: z.string(),
    content: z.string(),
    created_at: instant(),
    user_id: z.string().nullable(),
    author_name: z.string().nullable(),
    author_email: z.string().nullable(),
    author_avatar_url: z.string().nullable(),
    seq: z.number().int(),
  })
  .meta({ id: "ChatMessage" });
export const ChatMessagePageSchema = pageOf(ChatMessageSchema, "ChatMessagePage");
export const ChatMemberSchema = z
  .strictObject({ channel_id: z.string(), user_id: z.string(), added: z.boolean() })
  .meta({ id: "ChatMember" });

const importIssue = z.strictObject({
  line: z.number().int(),
  field: z.enum(LEAD_IMPORT_FIELDS).nullable(),
  code: z.string(),
  message: z.string(),
});
const importSampleRow = z.strictObject({
  line: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  company: z.string().nullable(),
  source: LeadSourceSchema,
  status: LeadStatusSchema,
  value: z.number().nullable(),
  currency: LeadCurrencySchema,
  tags: z.array(z.string()),
  notes: z.string().nullable(),
  owner: UserRefSchema.nullable(),
  created_at: z.string().nullable(),
});
export const ImportSchema = z
  .strictObject({
    id: z.string(),
    file_name: z.string(),
    created_at: instant(),
    created_by: UserRefSchema.nullable(),
    status: z.enum(LEAD_IMPORT_STATUSES),
    mode: z.enum(IMPORT_MODES).nullable(),
    headers: z.array(z.string()),
    mapping: z
      .array(z.enum(LEAD_IMPORT_FIELDS).nullable())
      .meta({ description: "Each column's field, in the file's order (null: not imported)." }),
    rows: z.number().int(),
    valid: z.number().int(),
    new: z.number().int(),
    matches: z.number().int(),
    invalid: z.number().int(),
    duplicates: z.number().int(),
    unknown_values: z.strictObject({ status: z.array(z.string()), source: z.array(z.string()) }),
    sample: z.array(importSampleRow),
    without_email: z.number().int(),
    issues: z.array(importIssue),
    processed: z.number().int(),
    created: z.number().int(),
    updated: z.number().int(),
    skipped: z.number().int(),
    failed: z.number().int(),
  })
  .meta({ id: "Import" });

export const BackupSummarySchema = z
  .strictObject({ date: z.string(), created_at: instant(), bytes: z.number().int(), tables: z.number().int(), rows: z.number().int() })
  .meta({ id: "BackupSummary" });

export const CaseStudySchema = z
  .strictObject({
    id: z.string(),
    slug: z.string(),
    title: z.string(),
    description: z.string(),
    tag: z.string(),
    imageUrl: z.string(),
    industry: z.string(),
    projectType: z.string(),
    timelineWeeks: z.number(),
    overview: z.string().nullable(),
    keyFeatures: z.array(z.string()),
    figures: z.array(z.strictObject({ value: z.string(), label: z.string() })),
    createdAt: instant(),
  })
  .meta({ id: "CaseStudy" });

const language = z.enum(["pt", "es", "en"]).meta({ description: "The language the texts are in." });
export const CaseStudyListingSchema = z
  .strictObject({
    language,
    items: z.array(CaseStudySchema),
    total: z.number().int(),
    all: z.number().int(),
    facets: z.strictObject({ industries: z.array(z.string()), projectTypes: z.array(z.string()) }),
    filters: z
      .strictObject({
        q: z.string().optional(),
        industry: z.string().optional(),
        type: z.string().optional(),
        timeline: z.string().optional(),
        sort: z.string(),
        limit: z.number().int(),
      })
      .meta({ description: "The query actually applied." }),
  })
  .meta({ id: "CaseStudyListing" });
export const CaseStudyItemSchema = z.strictObject({ language, item: CaseStudySchema });

export const AuthUserSchema = z
  .strictObject({
    id: z.string(),
    aud: z.literal("authenticated"),
    role: z.literal("authenticated"),
    email: z.string(),
    phone: z.string(),
    email_confirmed_at: z.string(),
    confirmed_at: z.string(),
    last_sign_in_at: z.string().nullable(),
    app_metadata: z.strictObject({ provider: z.literal("email"), providers: z.tuple([z.literal("email")]), staff_role: UserRoleSchema }),
    user_metadata: z.strictObject({ name: z.string() }),
    identities: z.tuple([]),
    created_at: z.string(),
    updated_at: z.string(),
    is_anonymous: z.literal(false),
  })
  .meta({ id: "AuthUser", description: "GoTrue's user object." });

export const AuthSessionSchema = z
  .strictObject({
    access_token: z.string(),
    token_type: z.literal("bearer"),
    expires_in: z.number().int(),
    expires_at: z.number().int(),
    refresh_token: z.string(),
    user: AuthUserSchema,
  })
  .meta({ id: "AuthSession", description: "GoTrue's session object." });

/** GoTrue's error body (worker/http/error-response.ts GoTrueErrorBody): what /api/auth answers errors with. */
export const GoTrueErrorSchema = z
  .strictObject({
    code: z.number().int(),
    error_code: z.string(),
    msg: z.string(),
    weak_password: z.strictObject({ reasons: z.array(z.string()) }).optional(),
  })
  .meta({ id: "GoTrueError" });

export const ChatAssistantResponseSchema = z
  .strictObject({
    response: z.string(),
    userInfo: z
      .strictObject({
        name: z.string().nullable().optional(),
        email: z.string().nullable().optional(),
        phone: z.string().nullable().optional(),
        company: z.string().nullable().optional(),
        needsIdentified: z.array(z.string()).optional(),
      })
      .meta({ description: "What the assistant learnt about the visitor." }),
    shouldCreateLead: z.boolean(),
  })
  .meta({ id: "ChatAssistantResponse" });

export const OkSchema = z.strictObject({ ok: z.literal(true) });

export const ApiTokenScopeSchema = z.enum(API_TOKEN_SCOPES).meta({ id: "ApiTokenScope" });

export const ApiTokenSchema = z
  .strictObject({
    id: id(),
    name: z.string(),
    prefix: z.string().meta({ description: "The secret's first characters (vxl_pat_…), for telling tokens apart; never the secret." }),
    scopes: z.array(ApiTokenScopeSchema),
    created_at: instant(),
    expires_at: z.string().nullable().meta({ description: "When it stops working (ISO-8601); null: never." }),
    last_used_at: z.string().nullable().meta({ description: "Its last request, to the minute; null: never used." }),
    revoked_at: z.string().nullable(),
    status: z.enum(["active", "expired", "revoked"]).meta({ description: "As of the answer." }),
    owner: z.strictObject({ id: z.string(), name: z.string(), email: z.string() }),
  })
  .meta({ id: "ApiToken", description: "A personal API token (docs/decisions/031), without its secret." });

export const CreatedApiTokenSchema = z
  .strictObject({
    token: ApiTokenSchema,
    secret: z.string().meta({ description: "The token to send as `Authorization: Bearer`: shown here once, stored only as a hash." }),
  })
  .meta({ id: "CreatedApiToken" });

export const ApiTokenRequestSchema = z
  .strictObject({
    id: z.string(),
    method: z.string(),
    route: z.string().meta({ description: "The route's pattern (e.g. /api/leads/:id), not the ids it was called with." }),
    status: z.number().int(),
    created_at: instant(),
  })
  .meta({ id: "ApiTokenRequest", description: "One request made with a token (its audit entry)." });

export const WebhookEventSchema = z.enum(WEBHOOK_EVENTS).meta({ id: "WebhookEvent" });

export const WebhookDeliverySummarySchema = z
  .strictObject({
    id: z.string().meta({ description: "The delivery's webhook-id (msg_…), the same on every try and resend." }),
    event_type: WebhookEventSchema,
    status: z.enum(WEBHOOK_DELIVERY_STATUSES),
    response_status: z.number().int().nullable().meta({ description: "The receiver's last HTTP status; null: no answer yet." }),
    created_at: instant(),
    last_attempt_at: z.string().nullable(),
  })
  .meta({ id: "WebhookDeliverySummary" });

export const WebhookEndpointSchema = z
  .strictObject({
    id: id(),
    url: z.string(),
    description: z.string(),
    events: z.array(WebhookEventSchema),
    enabled: z.boolean(),
    disabled_reason: z
      .enum(WEBHOOK_DISABLED_REASONS)
      .nullable()
      .meta({ description: "manual (turned off), failing (turned off after a day of failed deliveries); null while enabled." }),
    failing_since: z.string().nullable(),
    previous_secret_expires_at: instant()
      .nullable()
      .meta({ description: "Until when the secret before the last rotation still signs deliveries too; null when it no longer does." }),
    created_at: instant(),
    updated_at: instant(),
    last_delivery: WebhookDeliverySummarySchema.nullable(),
  })
  .meta({ id: "WebhookEndpoint", description: "A receiver of webhooks (docs/decisions/032), without its secret." });

export const WebhookEndpointWithSecretSchema = z
  .strictObject({
    endpoint: WebhookEndpointSchema,
    secret: z.string().meta({ description: "The signing secret (whsec_…, Standard Webhooks): shown here only." }),
  })
  .meta({ id: "WebhookEndpointWithSecret" });

export const WebhookDeliverySchema = WebhookDeliverySummarySchema.extend({
  attempts: z.number().int(),
  response_ms: z.number().int().nullable(),
  response_body: z.string().nullable().meta({ description: "At most the first 1 KB of the receiver's answer." }),
  last_error: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
}).meta({ id: "WebhookDelivery" });

// ---------------------------------------------------------------------------------------
// Each schema against its DTO type: both ways assignable, or typecheck fails.

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Assert<T extends true> = T;
type Out<S extends z.ZodType> = z.output<S>;

export type DtoSchemaChecks = [
  Assert<Same<Out<typeof UserRefSchema>, UserRef>>,
  Assert<Same<Out<typeof LeadSchema>, LeadDto>>,
  Assert<Same<Out<typeof LeadPageSchema>, Page<LeadDto>>>,
  Assert<Same<Out<typeof PipelineColumnSchema>, PipelineColumnDto>>,
  Assert<Same<Out<typeof PipelineSchema>, PipelineDto>>,
  Assert<Same<Out<typeof BulkResultSchema>, BulkResultDto>>,
  Assert<Same<Out<typeof ActivitySchema>, ActivityDto>>,
  Assert<Same<Out<typeof NoteSchema>, NoteDto>>,
  Assert<Same<Out<typeof AttachmentSchema>, AttachmentDto>>,
  Assert<Same<Out<typeof TaskSchema>, TaskDto>>,
  Assert<Same<Out<typeof DashboardSchema>, DashboardDto>>,
  Assert<Same<Out<typeof ReportSchema>, ReportDto>>,
  Assert<Same<Out<typeof QuickSearchSchema>, QuickSearchDto>>,
  Assert<Same<Out<typeof NotificationSchema>, NotificationDto>>,
  Assert<Same<Out<typeof NotificationListSchema>, NotificationListDto>>,
  Assert<Same<Out<typeof AssignableUserSchema>, AssignableUserDto>>,
  Assert<Same<Out<typeof TeamMemberSchema>, TeamMemberDto>>,
  Assert<Same<Out<typeof AuditEntrySchema>, AuditEntryDto>>,
  Assert<Same<Out<typeof ProfileSchema>, ProfileDto>>,
  Assert<Same<Out<typeof NotificationPreferencesSchema>, NotificationPreferencesDto>>,
  Assert<Same<Out<typeof SystemSettingsSchema>, SystemSettingsDto>>,
  Assert<Same<Out<typeof PushDeviceSchema>, PushDeviceDto>>,
  Assert<Same<Out<typeof ChatChannelSchema>, ChatChannelDto>>,
  Assert<Same<Out<typeof ChatMessageSchema>, ChatMessageDto>>,
  Assert<Same<Out<typeof ChatMemberSchema>, ChatMemberDto>>,
  Assert<Same<Out<typeof ImportSchema>, ImportDto>>,
  Assert<Same<Out<typeof BackupSummarySchema>, BackupSummary>>,
  Assert<Same<Out<typeof CaseStudySchema>, CaseStudyView>>,
  Assert<Same<Omit<Out<typeof CaseStudyListingSchema>, "language" | "filters">, Omit<CaseStudyListing, "filters">>>,
  Assert<Same<Out<typeof AuthUserSchema>, AuthUser>>,
  Assert<Same<Out<typeof AuthSessionSchema>, AuthSession>>,
  Assert<Same<Out<typeof ChatAssistantResponseSchema>, ChatAssistantResponse>>,
  Assert<Same<Out<typeof ApiTokenSchema>, ApiTokenDto>>,
  Assert<Same<Out<typeof CreatedApiTokenSchema>, CreatedApiTokenDto>>,
  Assert<Same<Out<typeof ApiTokenRequestSchema>, ApiTokenRequestDto>>,
  Assert<Same<Out<typeof WebhookDeliverySummarySchema>, WebhookDeliverySummary>>,
  Assert<Same<Out<typeof WebhookEndpointSchema>, WebhookEndpointDto>>,
  Assert<Same<Out<typeof WebhookEndpointWithSecretSchema>, Awaited<ReturnType<typeof createWebhookEndpoint>>>>,
  Assert<Same<Out<typeof WebhookDeliverySchema>, WebhookDeliveryDto>>,
];
