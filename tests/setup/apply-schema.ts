import { abortAllDurableObjects } from "cloudflare:test";
import { env } from "cloudflare:workers";

// Every test file starts from an empty database in the state the migrations leave it in:
// the snapshot vitest.config.ts took once (tests/setup/migrated-schema.ts), in one batch.
// The files of one runner share its workerd (isolate: false), so what the file before left
// is dropped first: views and full-text tables (which take their own shadow tables), then
// every other table.
const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
async function dropAll(where: string) {
  const { results } = await env.DB.prepare(
    `select type, name from sqlite_master where name not like 'sqlite_%' and name not like '_cf_%' and (${where}) order by rowid desc`,
  ).all<{ type: string; name: string }>();
  if (!results.length) return;
  await env.DB.batch([
    env.DB.prepare("pragma defer_foreign_keys = on"),
    ...results.map(({ type, name }) => env.DB.prepare(`drop ${type} if exists ${quote(name)}`)),
  ]);
}
// The Durable Objects the file before used (the team room, chat rooms) are reset too: their
// sockets and memory go, and the next request builds them from this file's module graph (an
// instance left from the file before could hold the constructor of a graph Vitest has since
// re-imported, and its first request would fail with "… changed, invalidating this Durable Object").
await abortAllDurableObjects();
await dropAll("type = 'view' or (type = 'table' and sql like 'create virtual table%')");
await dropAll("type = 'table'");
const schema = env.TEST_SCHEMA ?? [];
await env.DB.batch(schema.map(({ sql, params }) => env.DB.prepare(sql).bind(...params)));
