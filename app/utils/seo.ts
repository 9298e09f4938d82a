import type { MetaDescriptor } from "@remix-run/node";

/** The meta tags of a public page from its loader's `seo` (seo.server.ts). */
export function seoMeta(
  seo: { title: string; description: string } | null | undefined,
  { noindex = false } = {},
): MetaDescriptor[] {
  if (!seo) return [{ title: "Missio" }];
  return [
    // one-time links (set a password, confirm an address) have nothing for a search engine
    ...(noindex ? [{ name: "robots", content: "noindex" }] : []),
    { title: `${seo.title} · Missio` },
    { name: "description", content: seo.description },
    { property: "og:title", content: seo.title },
    { property: "og:description", content: seo.description },
  ];
}
