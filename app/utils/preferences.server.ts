import { createCookie } from "@remix-run/node";
import { isSkin, type Skin } from "./skin";

export const skinCookie = createCookie("skin", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 365,
});

export async function getSkin(request: Request): Promise<Skin> {
  const value: unknown = await skinCookie.parse(request.headers.get("Cookie"));
  return isSkin(value) ? value : "light";
}

/** Only paths on this site (one helper for every caller: safe-redirect.server.ts). */
export { safeRedirect } from "./safe-redirect.server";
