// The CRM's data as the services return it: the same JSON reaches the browser through the
// API (/api/*) and through the route loaders. Field names follow crm.md §3 (snake_case).
// Type-only: safe to import from browser code.
import type { ActivityType, LeadCurrency, LeadSource, LeadStatus, NotificationType, UserRole } from "../db/schema/enums.ts";
import type { OrgTimeZone } from "../lib/org-time.ts";

/** A user as other records name them; `inactive` when the account was deactivated (their records keep the name). */
export type UserRef = { id: string; name: string; inactive?: true };

/** One page of a list; `next_cursor` is opaque, null on the last page. */
export type Page<T> = { items: T[]; next_cursor: string | null };

export type LeadDto = {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  company: string | null;
  source: LeadSource;
  status: LeadStatus;
  /** In `currency`; null counts as 0. */
  estimated_value: number | null;
  /** The estimated value's currency (the organisation's, BRL, unless chosen). */
  currency: LeadCurrency;
  notes: string | null;
  assigned_to: string | null;
  assigned_user: UserRef | null;
  tags: string[];
  created_at: string;
  updated_at: string;
  /** The latest timeline entry, note or attachment; the creation when there is none. */
  last_activity_at: string;
  /**
   * Its next open task (the earliest due; null: none), on the leads of the list's and the
   * pipeline's pages. Absent where it was not read (an edit's answer, a live event): the
   * screens keep the one they show.
   */
  next_task?: LeadNextTaskDto | null;
};

/** A lead card's "what next": the lead's earliest-due open task, overdue when its due date has passed. */
export type LeadNextTaskDto = Pick<TaskDto, "id" | "title" | "due_date" | "due_has_time"> & { overdue: boolean };

export type LeadListQuery = {
  /** Name, e-mail, company and tags; case- and accent-insensitive. */
  q?: string;
  status?: LeadStatus;
  /** "me", "none" or a user's id (lead-query-service.ts LeadFilters). */
  owner?: string;
  source?: LeadSource;
  period?: "7d" | "30d" | "month";
  tag?: string;
  /** lead-filter-keys.ts LEAD_SORTS; default newest first. */
  sort?: "newest" | "oldest" | "value" | "name" | "activity";
  cursor?: string;
  /** Default 30, at most 100. */
  limit?: number;
};

/**
 * Value sums of the currencies other than the organisation's (BRL), by currency; a currency
 * no lead has is left out. Never converted into one another (docs/decisions/018).
 */
export type OtherCurrencySums = Partial<Record<Exclude<LeadCurrency, "BRL">, number>>;

export type PipelineColumnDto = {
  status: LeadStatus;
  count: number;
  /**
   * Sum of estimated_value (null = 0) of every lead in the column (not only the loaded ones)
   * whose currency is the organisation's (BRL); the others are in `other_sums`.
   */
  value_sum: number;
  other_sums: OtherCurrencySums;
  leads: LeadDto[];
  next_cursor: string | null;
};

export type PipelineDto = { columns: PipelineColumnDto[] };

export type ActivityDto = {
  id: string;
  lead_id: string;
  type: ActivityType;
  subject: string | null;
  content: string;
  /** For audit entries: { field, from, to } and the like. */
  metadata: Record<string, unknown>;
  created_at: string;
  author: UserRef | null;
  /** A meeting's date and time (an instant) when it was logged with one (migration 0022); null or absent otherwise. */
  meeting_at?: string | null;
};

/** Lead fields an audit entry of type lead_update names. */
export type LeadAuditField = "name" | "email" | "phone" | "company" | "source" | "estimated_value" | "currency" | "notes" | "tags";

/**
 * `metadata` of the audit entries the services write on every lead change (`content` holds
 * a plain untranslated summary; screens translate from this): status_change → field
 * "status" with status codes (`undo`: it took a pipeline move back); assignment_change →
 * field "assigned_to" with the people (null = nobody); lead_update → the other changed
 * fields with their values (texts over 500 characters cut; a value's currency in `currencies`).
 */
export type LeadAuditMetadata =
  | { kind: "audit"; field: "status"; from: LeadStatus; to: LeadStatus; undo?: true }
  | { kind: "audit"; field: "assigned_to"; from: UserRef | null; to: UserRef | null }
  | {
      kind: "audit";
      field: "lead";
      fields: LeadAuditField[];
      changes: Partial<Record<LeadAuditField, { from: unknown; to: unknown }>>;
      /** With a change of estimated_value or currency: the currency of the value before and after. */
      currencies?: { from: LeadCurrency; to: LeadCurrency };
    };

export type NoteDto = {
  id: string;
  lead_id: string;
  content: string;
  created_at: string;
  updated_at: string;
  author: UserRef | null;
};

export type AttachmentDto = {
  id: string;
  lead_id: string;
  file_name: string;
  file_size: number;
  file_type: string;
  created_at: string;
  uploader: UserRef | null;
};

export type TaskDto = {
  id: string;
  title: string;
  description: string | null;
  /** ISO-8601 instant or null. */
  due_date: string | null;
  /** The due date has a time someone chose (shown, and reminded an hour before); else it is a day (its end in São Paulo). */
  due_has_time: boolean;
  lead_id: string | null;
  lead: { id: string; name: string; company: string | null } | null;
  assigned_to: string | null;
  assigned_user: UserRef | null;
  created_by: string | null;
  creator: UserRef | null;
  completed: boolean;
  completed_at: string | null;
  created_at: string;
};

export type TaskFilter = "all" | "pending" | "completed";

export type TaskListQuery = {
  /** Title, description or linked lead name; case-insensitive. */
  q?: string;
  filter?: TaskFilter;
  /** "me", "none", "all" or a user's id (task-service.ts assigneeCondition). */
  assignee?: string;
  /** One lead's tasks. */
  lead_id?: string;
  cursor?: string;
  /** Default 50, at most 100. */
  limit?: number;
};

/** The tasks screen's counts for whose tasks it shows: open and overdue; completed (matching the search). */
export type TaskCountsDto = { overdue: number; completed: number };

/** An active user as the CRM's pickers list them; `avatar_url` is their photo (Settings → Perfil), null for the initial. */
export type AssignableUserDto = { id: string; name: string; email: string; role: UserRole; avatar_url: string | null };

export type DashboardTrend = { now: number; before: number };

export type DashboardDto = {
  totalLeads: number;
  newLeads: number;
  qualifiedLeads: number;
  wonLeads: number;
  /** Sum of estimated_value of won leads in BRL (the organisation's currency). */
  totalRevenue: number;
  /** The same for the won leads in other currencies (never converted). */
  otherRevenue: OtherCurrencySums;
  leadsByStatus: Record<LeadStatus, number>;
  /** The 5 newest leads. */
  recentLeads: Pick<LeadDto, "id" | "name" | "company" | "status" | "estimated_value" | "currency" | "created_at">[];
  /**
   * What the cards' trends compare: the last `days` days (`now`) against the `days` before
   * (`before`). total: all leads now against all leads when the window began; created: leads
   * created in each window; won: leads won in each window (and still won); revenue: their
   * estimated value, BRL. A trend with `before` 0 has no percentage.
   */
  trends: {
    days: number;
    total: DashboardTrend;
    created: DashboardTrend;
    won: DashboardTrend;
    /** BRL only (the organisation's currency): a trend never adds currencies together. */
    revenue: DashboardTrend;
    /** The won value of the current window in the other currencies (shown beside, no trend). */
    revenueOther: OtherCurrencySums;
  };
  /** Whose leads these figures count: one seller's, or null for the whole team's. */
  seller: UserRef | null;
  /** When the figures were read (ISO-8601). */
  generatedAt: string;
};

/** A report's period (?period=): the last 7 or 30 days, this month, or all time. */
export type ReportPeriod = "7d" | "30d" | "month" | "all";

/** A sum per currency: the organisation's (BRL) and the others, never converted (decisions 018). */
export type MoneySums = { value: number; other: OtherCurrencySums };

/** One bar of the report's chart: the leads created in a day, week or month (local calendar). */
export type ReportPoint = {
  /** The first local day of the bucket, YYYY-MM-DD. */
  start: string;
  /** Leads created in the bucket. */
  count: number;
  /** How many of them are won now, and their value in the organisation's currency (ReportDto.currency). */
  won: number;
  wonValue: number;
};

/**
 * Relatórios e Analytics (crm.md §2, §9): the leads created in the period, counted in SQL
 * (report-service.ts). Values: null counts as 0; one figure per currency.
 */
export type ReportDto = {
  period: ReportPeriod;
  /** Where the period begins (ISO; null: all time) and when the figures were read. */
  from: string | null;
  generatedAt: string;
  /** The organisation's time zone, in which days, weeks and months are counted. */
  timeZone: OrgTimeZone;
  /** The organisation's currency (Settings → Sistema): shown first, and the chart's won value is in it. */
  currency: LeadCurrency;
  total: number;
  won: number;
  /** won / total × 100, unrounded (0 with no lead); the screen shows 1 decimal, the CSV 2. */
  conversionRate: number;
  totalValue: MoneySums;
  /** Each currency's sum over the number of leads in that currency. */
  averageValue: MoneySums;
  /** All six statuses and every source, zeros included, in the app's order. */
  byStatus: { status: LeadStatus; count: number }[];
  bySource: { source: LeadSource; count: number }[];
  /** The five users with the most leads (then value, then name); unassigned leads are nobody's. */
  topSellers: (UserRef & { count: number; total: MoneySums })[];
  /** Days for 7 and 30 days and this month; weeks (from Monday) or months for all time. */
  series: { unit: "day" | "week" | "month"; points: ReportPoint[] };
};

export type QuickSearchTaskDto = Pick<TaskDto, "id" | "title" | "due_date" | "completed"> & { lead_name: string | null };

/** Ctrl/⌘+K: at most 6 leads and 6 tasks matching the text. */
export type QuickSearchDto = {
  leads: Pick<LeadDto, "id" | "name" | "company" | "email" | "status">[];
  tasks: QuickSearchTaskDto[];
};

/** One item of the bell's panel; `link` is an in-app path (e.g. /tasks?task=<id>) or null. */
export type NotificationDto = {
  id: string;
  type: NotificationType;
  title: string;
  message: string;
  link: string | null;
  read: boolean;
  created_at: string;
};

/** The bell: the 50 newest of the user, and how many of ALL theirs are unread. */
export type NotificationListDto = { items: NotificationDto[]; unread_count: number };

/** An internal chat channel (crm.md §3) as the channel list shows it. */
export type ChatChannelDto = {
  id: string;
  name: string;
  description: string | null;
  is_private: boolean;
  created_by: string | null;
  created_at: string;
  member_count: number;
  /** The seq of the channel's newest message (0 when it has none): the chat screen's unread counts. */
  last_seq: number;
};

/** One chat message with its author (null fields when the author's account is gone). */
export type ChatMessageDto = {
  id: string;
  channel_id: string;
  content: string;
  created_at: string;
  user_id: string | null;
  author_name: string | null;
  author_email: string | null;
  /** The author's photo (GET /api/avatars/…; Settings → Perfil), null for none: the initial shows. */
  author_avatar_url: string | null;
  /** The message's place in its channel (1, 2, 3…; the order, and what chat.activity's seq counts). */
  seq: number;
};

/** POST /api/chat/channels/:id/members: `added` is false when they already were a member. */
export type ChatMemberDto = { channel_id: string; user_id: string; added: boolean };
