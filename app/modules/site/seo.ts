import type { MetaDescriptor } from "react-router";

/**
 * `meta` of a public page: the tags its loader built on the server (seo.server.ts pageMeta),
 * so neither that code nor its strings are in the browser's bundle.
 */
export function loaderMeta({ loaderData }: { loaderData?: unknown }): MetaDescriptor[] {
  return (loaderData as { meta?: MetaDescriptor[] } | undefined)?.meta ?? [];
}
