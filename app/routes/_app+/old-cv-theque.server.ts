import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireAbility } from "~/utils/auth.server";
import { LIST_PAGE_SIZE, listQuerySchema } from "#server/modules/candidate-file/contract";

/**
 * /old-cv-theque: the plain table of the agency's candidates (issue 28), a GET form of filters,
 * sortable columns and pages as links: no JavaScript needed. The query reads this agency's rows only.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireAbility(request, context, "agency.cvLibrary");
  const query = listQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const { rows, total } = await context.services.candidateFile.candidateList(user, query);
  return json({ query, rows, total, pages: Math.max(1, Math.ceil(total / LIST_PAGE_SIZE)) });
}
