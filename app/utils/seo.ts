import type { MetaDescriptor } from "@remix-run/node";

/** The meta tags of a public page from its loader's `seo` (seo.server.ts). */
export function seoMeta(seo: { title: string; description: string } | null | undefined): MetaDescriptor[] {
  if (!seo) return [{ title: "Missio" }];
  return [
    { title: `${seo.title} · Missio` },
    { name: "description", content: seo.description },
    { property: "og:title", content: seo.title },
    { property: "og:description", content: seo.description },
  ];
}
