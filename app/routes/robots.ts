import { siteOriginFor } from "~/modules/site/site-origin.server";
import { workerContext } from "@worker/router-context";
import type { Route } from "./+types/robots";

/** /robots.txt: the public site is crawlable; the CRM, sign-in and API are not. */
export function loader({ request, context }: Route.LoaderArgs) {
  const origin = siteOriginFor(request, context.get(workerContext).env);
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /api/",
    "Disallow: /parties/",
    "Disallow: /auth",
    ...["/dashboard", "/leads", "/tasks", "/chat", "/analytics", "/reports", "/settings"].map((p) => `Disallow: ${p}`),
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
