import type { LoaderFunctionArgs } from "@remix-run/node";
import { getUser } from "~/utils/auth.server";

/**
 * /ad-images/{id}: an ad's cover image. Everyone sees the image of an online ad; the agency's
 * people see their drafts' images and uploads kept by a form with errors; anyone else gets 404,
 * whatever file the id names (CVs share the storage). The type is read from the bytes.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { missions } = context.services;
  const id = params.id ?? "";
  const user = await getUser(request, context);
  const reach = await missions.reachCoverImage(user, id);
  const image = reach ? await missions.readCoverImage(id) : null;
  if (!reach || !image) throw new Response("Not found", { status: 404 });
  return new Response(new Uint8Array(image.bytes), {
    headers: {
      "Content-Type": image.mime,
      "Content-Length": String(image.bytes.byteLength),
      "X-Content-Type-Options": "nosniff",
      // images never change under an id; private ones stay out of shared caches
      "Cache-Control": reach === "public" ? "public, max-age=86400" : "private, max-age=300",
    },
  });
}
