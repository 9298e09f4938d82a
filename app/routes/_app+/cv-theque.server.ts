import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { newIdempotencyKey } from "~/utils/action.server";
import { requireAbility } from "~/utils/auth.server";
import { isAgencyStaff } from "#server/modules/identity/contract";
import { librarySearchOf } from "#server/modules/library/contract";

/**
 * Spec route /cv-theque: the agency's CV library, search first (issue 28). Agency staff only:
 * the ability here, and the search itself scopes every query to the person's agency on the
 * server (a client user or a candidate is refused there; a platform admin has no library).
 * A GET form: a search is a link, it works without JavaScript, and pagination keeps the filters.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireAbility(request, context, "agency.cvLibrary");
  const params = new URL(request.url).searchParams;
  const search = librarySearchOf(params);
  // a bulk action sent with nothing ticked comes back here (its search kept) to say so
  const bulkEmpty = params.get("bulk") === "empty";
  // a library is an agency's: a platform admin (full agency menu) is told so, and searches nothing
  if (!isAgencyStaff(user) || !user.agencyId) return json({ search, result: null, bulkEmpty });
  const result = await context.services.librarySearch.search(user, search);
  // "save this search" (saved library searches): a retried save is the same save
  return json({ search, result, bulkEmpty, saveKey: newIdempotencyKey() });
}
