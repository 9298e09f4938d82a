import { json, type AppLoadContext } from "@remix-run/node";
import type { SessionUser } from "#server/modules/identity/contract";
import { LOGO_MAX_BYTES } from "#server/modules/agencies/contract";
import type { LogoReply } from "~/components/dashboard/agency-logo-form";
import { attempt } from "./action.server";
import { parseUpload, UploadTooLarge } from "./registration.server";

const reply = (logo: LogoReply["logo"], status = 200) => json<LogoReply>({ logo }, { status });

/**
 * The agency dashboard's logo form (multipart): a new logo, checked and shrunk by the agencies
 * module, or its removal. Each refusal is said on the field; the agencies module checks who may.
 */
export async function logoAction(request: Request, context: AppLoadContext, user: SessionUser) {
  let form: FormData;
  try {
    const { formData, tooLarge } = await parseUpload(request, { field: "logo", maxBytes: LOGO_MAX_BYTES });
    if (tooLarge) return reply({ error: "validation.logo_too_large", done: null }, 413);
    form = formData;
  } catch (error) {
    if (error instanceof UploadTooLarge) return reply({ error: "validation.logo_too_large", done: null }, 413);
    throw error;
  }
  const removal = form.get("intent") === "remove-logo";
  const file = form.get("logo");
  const upload =
    !removal && file instanceof File && file.size > 0
      ? { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) }
      : null;
  if (!removal && !upload) return reply({ error: "validation.logo_required", done: null }, 400);
  const done = await attempt(() => context.services.agencies.changeLogo(user, user.agencyId ?? "", upload));
  if (!done.ok) return reply({ error: done.error.key, done: null }, done.status);
  return reply({ error: null, done: removal ? "removed" : "changed" });
}
