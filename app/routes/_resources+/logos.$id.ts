import type { LoaderFunctionArgs } from "@remix-run/node";

/**
 * /logos/{id}: an agency's logo, public like the ads it shows on. Only a file that is some
 * agency's current logo is served (CVs share the storage); a replaced logo is gone. A logo never
 * changes under its id, so it is cached for good.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const bytes = await context.services.agencies.readLogo(params.id ?? "");
  if (!bytes) throw new Response("Not found", { status: 404 });
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": "image/webp",
      "Content-Length": String(bytes.byteLength),
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "public, max-age=31536000, immutable",
    },
  });
}
