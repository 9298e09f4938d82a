import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { safeRedirect, skinCookie } from "~/utils/preferences.server";
import { isSkin } from "~/utils/skin";

/** Saves the skin in a cookie; open to everyone, like the language. */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const skin = form.get("skin");
  const to = safeRedirect(form.get("redirectTo"), "/");
  if (!isSkin(skin)) return redirect(to);
  return redirect(to, { headers: { "Set-Cookie": await skinCookie.serialize(skin) } });
}

export function loader() {
  return redirect("/");
}
