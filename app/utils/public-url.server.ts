import type { AppLoadContext } from "@remix-run/node";

/** The site's address for absolute links (feeds, JSON-LD, share links): PUBLIC_URL, else the request's own origin. */
export const publicUrlOf = (request: Request, context: AppLoadContext) => (context.services.env.PUBLIC_URL ?? new URL(request.url).origin).replace(/\/+$/, "");
