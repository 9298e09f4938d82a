import type { AppLoadContext } from "@remix-run/node";

/**
 * The site's address for absolute links (feeds, JSON-LD, canonical and share links): PUBLIC_URL,
 * else the address the server listens at. Never the request's Host header: anyone can send one,
 * and feeds are cached.
 */
export const publicUrlOf = (_request: Request, context: AppLoadContext) => context.services.publicUrl();
