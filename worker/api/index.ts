import { Hono } from "hono";
import { routePath } from "hono/route";
import { RequestAuth } from "../auth/request-auth.ts";
import { openRequestDb, withBookmark } from "../db/d1-session.ts";
import { requestLanguage } from "../lib/request-language.ts";
import { noteRequest } from "../http/request-log.ts";
import type { AppEnv } from "./context.ts";
import { onError, onNotFound } from "./errors.ts";
import { attachmentsApi } from "./attachments.ts";
import { authApi } from "./auth.ts";
import { caseStudiesApi } from "./case-studies.ts";
import { chatApi } from "./chat.ts";
import { chatAssistantApi } from "./chat-assistant.ts";
import { contactApi } from "./contact.ts";
import { dashboardApi } from "./dashboard.ts";
import { healthApi } from "./health.ts";
import { leadCaptureApi } from "./lead-capture.ts";
import { leadsApi } from "./leads.ts";
import { newsletterApi } from "./newsletter.ts";
import { reportsApi } from "./reports.ts";
import { notificationsApi } from "./notifications.ts";
import { avatarsApi, profileApi } from "./profile.ts";
import { searchApi } from "./search.ts";
import { sessionApi } from "./session.ts";
import { settingsApi } from "./settings.ts";
import { systemSettingsApi } from "./system-settings.ts";
import { tasksApi } from "./tasks.ts";
import { usersApi } from "./users.ts";
import { importsApi } from "./data-import.ts";
import { exportsApi } from "./data-export.ts";
import { backupsApi } from "./backups.ts";
import { unsubscribeApi } from "./unsubscribe.ts";
import { pushApi } from "./push.ts";
import { apiDocsApi } from "./api-docs.ts";
import { buildOpenApiDocument } from "./openapi.ts";
// Personal API tokens (issue 25): the tokens' routes and the middleware that admits a token.
import { apiTokensApi } from "./api-tokens.ts";
import { tokenAccess } from "./token-access.ts";
import { webhooksApi } from "./webhooks.ts";

const app = new Hono<AppEnv>().basePath("/api");

app.use(async (c, next) => {
  // Staff requests read through a D1 session that continues from their bookmark.
  const { db, bookmark } = openRequestDb(c.env.DB, c.req.raw);
  const services = { db, env: c.env, waitUntil: (promise: Promise<unknown>) => c.executionCtx.waitUntil(promise) };
  // The API (only) reads personal API tokens; pages never do (worker/router-context.ts).
  const auth = new RequestAuth(c.req.raw, services, { acceptApiTokens: true });
  c.set("language", requestLanguage(c.req.raw));
  c.set("db", db);
  c.set("services", services);
  c.set("auth", auth);
  await next();
  // For debug mode's log line: the pattern of the route that answered (never the path's ids) and who called.
  noteRequest({ route: routePath(c), userId: async () => c.get("viewer")?.user.id ?? (await auth.knownUserId()) });
  // Session cookies renewed or cleared while handling the request.
  for (const cookie of auth.setCookies) c.res.headers.append("Set-Cookie", cookie);
  c.res = withBookmark(c.req.raw, c.res, bookmark());
});

// Issue 25: a request with a personal API token is rate limited, scoped and audited here (token-access.ts).
app.use(tokenAccess);

/** One sub-app per resource, chained so `hc<AppType>` keeps every route's types. */
const routes = app
  .route("/health", healthApi)
  .route("/auth", authApi)
  .route("/session", sessionApi)
  // Settings → Perfil (avatar, password): before /users, which has PATCH /users/me.
  .route("/users/me", profileApi)
  .route("/users", usersApi)
  .route("/avatars", avatarsApi)
  .route("/case-studies", caseStudiesApi)
  // Public (no session): registered before /leads, whose requireAuth covers /leads/*; its
  // POST answers first, so the staff middleware never runs for it (GET /leads/capture and
  // everything else under /leads stay staff-only).
  .route("/leads/capture", leadCaptureApi)
  .route("/leads", leadsApi)
  .route("/attachments", attachmentsApi)
  .route("/tasks", tasksApi)
  .route("/dashboard", dashboardApi)
  .route("/reports", reportsApi)
  .route("/search", searchApi)
  .route("/notifications", notificationsApi)
  .route("/settings/system", systemSettingsApi)
  // Settings → Sistema: Importar Dados, Exportar Dados, automatic backups (issue 23).
  .route("/imports", importsApi)
  .route("/exports", exportsApi)
  .route("/backups", backupsApi)
  .route("/settings", settingsApi)
  // Web Push devices of Settings → Notificações (issue 24).
  .route("/push", pushApi)
  // Personal API tokens of Settings → API (issue 25): the cookie session only.
  .route("/tokens", apiTokensApi)
  // Settings → API → Webhooks, admins only (issue 25, docs/decisions/032).
  .route("/webhooks", webhooksApi)
  .route("/chat", chatApi)
  .route("/contact", contactApi)
  .route("/newsletter", newsletterApi)
  // One-click unsubscribe of notification and report e-mails (public, token-signed; issue 24).
  .route("/unsubscribe", unsubscribeApi)
  .route("/chat-assistant", chatAssistantApi)
  // This API described: GET /api/openapi.json (docs/decisions/030), made from every route above.
  .route(
    "/",
    apiDocsApi(() => buildOpenApiDocument(app)),
  );

app.onError(onError);
app.notFound(onNotFound);

export const api = routes;
export type AppType = typeof routes;
