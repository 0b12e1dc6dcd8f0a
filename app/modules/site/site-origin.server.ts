/**
 * The origin public URLs (canonical, hreflang, sitemap) are built on: PUBLIC_ORIGIN when
 * deployed, else the origin the request came in on (localhost:5173, 127.0.0.1:8787, ...).
 */
export function siteOriginFor(request: Request, env: Pick<Env, "APP_ENV" | "PUBLIC_ORIGIN">): string {
  if (env.APP_ENV === "production" && env.PUBLIC_ORIGIN) return env.PUBLIC_ORIGIN.replace(/\/+$/, "");
  return new URL(request.url).origin;
}
