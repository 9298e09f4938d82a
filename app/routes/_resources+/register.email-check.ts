import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";

export interface EmailCheck {
  email: string | null;
  exists: boolean;
}

const email = z.string().trim().toLowerCase().email().max(254);

/**
 * The live "email already used" check of the registration form (spec: POST /email, email_exist):
 * GET /register/email-check?email=... answers { email, exists }. The registration's action
 * checks again on submit; this only warns early.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const parsed = email.safeParse(new URL(request.url).searchParams.get("email") ?? "");
  const address = parsed.success ? parsed.data : null;
  const exists = address ? Boolean(await context.services.identity.credentialsByEmail(address)) : false;
  return json<EmailCheck>({ email: address, exists }, { headers: { "Cache-Control": "no-store" } });
}
