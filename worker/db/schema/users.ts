import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, id, sqlList, updatedAt } from "./columns.ts";
import { LANGUAGES, USER_ROLES, type Language, type UserRole } from "./enums.ts";

/**
 * Staff accounts: the CRM profile and the sign-in identity in one row (the old system's
 * users.auth_user_id link is the row's own id; see docs/decisions/002).
 */
export const users = sqliteTable(
  "users",
  {
    id: id(),
    email: text("email").notNull(),
    name: text("name").notNull(),
    phone: text("phone"),
    role: text("role").$type<UserRole>().notNull().default("sales_rep"),
    isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
    avatarUrl: text("avatar_url"),
    passwordHash: text("password_hash").notNull(),
    lastSignInAt: text("last_sign_in_at"),
    /** The language the user reads the CRM in (saved at sign-in and on a switch): e-mails sent to them use it. */
    language: text("language").$type<Language>().notNull().default("pt"),
    /** When the pending invitation was (last) sent; null once its link set a password, or never invited (migration 0015). */
    invitedAt: text("invited_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("users_email_unique").on(t.email),
    index("users_created_at_idx").on(t.createdAt),
    check("users_role_check", sql`${t.role} in ${sqlList(USER_ROLES)}`),
    check("users_email_lowercase_check", sql`${t.email} = lower(${t.email})`),
    check("users_language_check", sql`${t.language} in ${sqlList(LANGUAGES)}`),
  ],
);

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
