// Type-level tests of the CRM's API client (app/modules/crm/api-client.ts, docs/decisions/033),
// checked by `npm run typecheck` (nothing here runs): each call marked @ts-expect-error is one
// the Worker's routes do not accept, and the typecheck fails if it ever compiles (an unused
// directive is an error). The answers are typed by the handlers' c.json().
import { expectTypeOf } from "vitest";
import { apiClient, call } from "../../app/modules/crm/api-client.ts";

export async function wrongCallsDoNotCompile() {
  // @ts-expect-error the lead's id is missing
  await apiClient.leads[":id"].$get({ param: {} });
  // @ts-expect-error a parameter the route does not have
  await apiClient.leads[":id"].$get({ param: { leadId: "l1" } });
  // @ts-expect-error a body field the route does not have (notes take `content`)
  await apiClient.leads[":id"].notes.$post({ param: { id: "l1" }, json: { text: "Olá" } });
  // @ts-expect-error a required body field missing (a task needs its title)
  await apiClient.tasks.$post({ json: { description: "Ligar" } });
  // @ts-expect-error a status the pipeline does not have
  await apiClient.leads.pipeline[":status"].$get({ param: { status: "archived" }, query: {} });
  // @ts-expect-error a filter value the task list does not have
  await apiClient.tasks.$get({ query: { filter: "overdue" } });
  // @ts-expect-error a number where the query takes text
  await apiClient.leads.$get({ query: { limit: 5 } });
  // @ts-expect-error no such route
  await apiClient.leads.archive.$post();
  // @ts-expect-error a wrong method: a lead is changed with PATCH
  await apiClient.leads[":id"].$put({ param: { id: "l1" }, json: { name: "Ana" } });
}

export async function answersAreTyped() {
  const { lead } = await call(apiClient.leads[":id"].$get({ param: { id: "l1" } }));
  expectTypeOf(lead.id).toEqualTypeOf<string>();
  expectTypeOf(lead.status).toEqualTypeOf<"new" | "contacted" | "qualified" | "negotiating" | "won" | "lost">();
  // @ts-expect-error the answer's lead has no such field
  void lead.nickname;
  expectTypeOf(await call(apiClient.leads[":id"].$delete({ param: { id: "l1" } }))).toEqualTypeOf<undefined>();
  expectTypeOf(await call(apiClient.notifications["unread-count"].$get())).toEqualTypeOf<{ unread_count: number }>();
}
