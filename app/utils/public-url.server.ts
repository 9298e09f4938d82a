import type { AppLoadContext } from "@remix-run/node";

/**
 * The site's address for absolute links (feeds, JSON-LD, canonical and share links): PUBLIC_URL,
 * else the default `http://localhost:PORT` (the one links sent by mail use). Never the request's
 * Host header: anyone can send one, and feeds are cached.
 */
export const publicUrlOf = (_request: Request, context: AppLoadContext) => {
  const { env } = context.services;
  return (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, "");
};
