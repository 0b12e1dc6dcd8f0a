import { and, asc, eq, ne } from "drizzle-orm";
import { users, type Language } from "../db/schema/index.ts";
import type { AssignableUserDto } from "./crm-types.ts";
import type { Authenticated, ServiceContext } from "./service-context.ts";

const byName = new Intl.Collator("pt-BR", { sensitivity: "base", numeric: true });

/**
 * Active users, by name (as a Brazilian reads an alphabetical list: accents and case do
 * not reorder, "Álvaro" sits with "Alberto", "Usuário 2" before "Usuário 10"): the
 * assignee choices of leads and tasks (crm.md §6: active users only). Any signed-in role.
 */
export async function listAssignableUsers({ db }: ServiceContext, _actor: Authenticated): Promise<AssignableUserDto[]> {
  const rows = await db
    .select({ id: users.id, name: users.name, email: users.email, role: users.role, avatar_url: users.avatarUrl })
    .from(users)
    .where(eq(users.isActive, true))
    .orderBy(asc(users.name), asc(users.id))
    .all();
  return rows.sort((a, b) => byName.compare(a.name, b.name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/**
 * Saves the language the user reads the CRM in (the frame's saved choice), so what reaches them
 * outside a request (report e-mails) is in it. Writes only when it changed.
 */
export async function saveUserLanguage({ db }: ServiceContext, actor: Authenticated, language: Language): Promise<void> {
  if (actor.user.language === language) return;
  await db
    .update(users)
    .set({ language })
    .where(and(eq(users.id, actor.user.id), ne(users.language, language)));
}
