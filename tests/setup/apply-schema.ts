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
await dropAll("type = 'view' or (type = 'table' and sql like 'create virtual table%')");
await dropAll("type = 'table'");
const schema = env.TEST_SCHEMA ?? [];
await env.DB.batch(schema.map(({ sql, params }) => env.DB.prepare(sql).bind(...params)));
