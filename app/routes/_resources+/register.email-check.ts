import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { attempt } from "~/utils/action.server";

export interface EmailCheck {
  email: string | null;
  exists: boolean;
}

const email = z.string().trim().toLowerCase().email().max(254);

/**
 * The live "email already used" check of the registration form (spec: POST /email, email_exist):
 * GET /register/email-check?email=... answers { email, exists }. The registration's action
 * checks again on submit; this only warns early. Throttled per address (`email_check`): it tells
 * whether an account exists, so it must not serve as an enumeration oracle.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const parsed = email.safeParse(new URL(request.url).searchParams.get("email") ?? "");
  const address = parsed.success ? parsed.data : null;
  const { identity, throttle } = context.services;
  const done = await attempt(async () => {
    if (!address) return false;
    await throttle.consume("email_check", context.clientIp);
    return Boolean(await identity.credentialsByEmail(address));
  });
  const headers = { "Cache-Control": "no-store" };
  if (!done.ok) return json({ email: address, exists: false, error: done.error.key }, { status: done.status, headers });
  return json<EmailCheck>({ email: address, exists: done.value }, { headers });
}
