import { eq } from "drizzle-orm";
import { z } from "zod";
import { isSingleLine } from "~/lib/single-line";
import { leads, LEAD_SOURCES, LEAD_STATUSES, normalizedLeadEmail, users, type Lead } from "../db/schema/index.ts";
import { ApiError } from "../api/errors.ts";
import type { Authenticated } from "./auth-service.ts";
import type { ServiceContext } from "./service-context.ts";

/** A single-line text: trimmed, no control characters (they must never reach a header). */
const line = (max: number) => z.string().trim().max(max).refine(isSingleLine, "control_characters");
const optionalLine = (max: number) =>
  z.union([line(max), z.null()]).optional().transform((v) => (v ? v : null));

/** The lead form of crm.md §3/§5, as the API receives it. */
export const createLeadSchema = z.object({
  name: line(200).min(1),
  email: z.union([z.literal(""), z.null(), z.string().trim().toLowerCase().max(254).pipe(z.email())]).optional().transform((v) => v || null),
  phone: optionalLine(40),
  company: optionalLine(200),
  source: z.enum(LEAD_SOURCES).default("website"),
  status: z.enum(LEAD_STATUSES).default("new"),
  estimated_value: z
    .union([z.number(), z.string(), z.null()])
    .optional()
    .transform((v, ctx) => {
      if (v === null || v === undefined || (typeof v === "string" && v.trim() === "")) return null;
      const n = typeof v === "number" ? v : Number(v.replace(",", "."));
      if (!Number.isFinite(n) || n < 0) {
        ctx.addIssue({ code: "custom", message: "invalid_value" });
        return z.NEVER;
      }
      return n;
    }),
  notes: z.union([z.string().max(10_000), z.null()]).optional().transform((v) => v?.trim() || null),
  assigned_to: z.union([z.string().max(64), z.null()]).optional().transform((v) => (!v || v === "none" ? null : v)),
  tags: z
    .array(line(50))
    .max(30)
    .optional()
    .transform((tags) => [...new Set((tags ?? []).filter((t) => t.length > 0))]),
});
export type CreateLeadInput = z.infer<typeof createLeadSchema>;

/**
 * Creates a lead for a staff member. One lead per e-mail: the insert carries its own
 * condition (`on conflict do nothing` on the unique normalized e-mail); when it does not
 * take, the existing lead is named in a 409 so the CRM can offer to open it.
 */
export async function createLead({ db }: ServiceContext, actor: Authenticated, input: CreateLeadInput): Promise<Lead> {
  if (input.assigned_to) {
    const assignee = await db.query.users.findFirst({ where: eq(users.id, input.assigned_to), columns: { id: true, isActive: true } });
    if (!assignee || !assignee.isActive) {
      throw new ApiError(400, "validation_failed", { params: { fields: "assigned_to" }, issues: [{ path: "assigned_to", message: "invalid_value" }] });
    }
  }
  const now = new Date().toISOString();
  const [row] = await db
    .insert(leads)
    .values({
      name: input.name,
      email: input.email,
      phone: input.phone,
      company: input.company,
      source: input.source,
      status: input.status,
      estimatedValue: input.estimated_value,
      notes: input.notes,
      assignedTo: input.assigned_to,
      createdBy: actor.user.id,
      tags: input.tags,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (row) return row;
  const [existing] = await db.select({ id: leads.id, name: leads.name }).from(leads).where(eq(normalizedLeadEmail(leads.email), input.email ?? "")).limit(1);
  throw new ApiError(409, "lead_exists", {
    params: { name: existing?.name ?? "" },
    details: { lead: existing ?? null },
  });
}
