import { redirect, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs } from "@remix-run/node";
import { redirectSignedIn } from "~/utils/auth.server";
import { safeRedirect } from "~/utils/preferences.server";
import { loginOutcomeUrl } from "~/utils/social-login.server";

/**
 * Starts a social login (GET from the login page's links, or POST): the login toggle and the
 * page to return to travel through the provider in the signed flow cookie tied to the state.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  return start(request, params.provider, new URL(request.url).searchParams, context);
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  return start(request, params.provider, await request.formData(), context);
}

async function start(
  request: Request,
  provider: string | undefined,
  input: URLSearchParams | FormData,
  context: AppLoadContext,
) {
  const { social } = context.services;
  if (!social.isEnabled(provider)) throw new Response("Not Found", { status: 404 });
  await redirectSignedIn(request, context);
  const isCandidate = input.get("is_candidate") === "1" ? "1" : "0";
  const redirectTo = safeRedirect(input.get("redirectTo"), "") || undefined;
  const started = await social.start(provider, request.url, { isCandidate, redirectTo });
  if (!started.ok) return redirect(loginOutcomeUrl(started.error, redirectTo));
  return redirect(started.url, { headers: { "Set-Cookie": started.setCookie, "Cache-Control": "no-store" } });
}
