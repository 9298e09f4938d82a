import type { LoaderFunctionArgs } from "@remix-run/node";

/**
 * /activites-generales/calendrier/{token}: a person's tasks and meetings as an ICS feed, for a
 * calendar application that cannot sign in. The token is the only key (stored hashed, replaced or
 * revoked from /activites-generales); an unknown, revoked or altered one is a plain 404. The path
 * is scrubbed from request logs (server/lib/log-scrub.ts TOKEN_PAGES).
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const link = `${context.services.publicUrl()}/activites-generales`;
  const body = await context.services.activities.calendarFeed(params.token ?? "", link);
  if (body === null) throw new Response("Not found", { status: 404 });
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
