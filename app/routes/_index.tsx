import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { getUser, homeFor } from "~/utils/auth.server";

/** Root: anonymous to /login, everyone else to their role's landing page (spec section 2). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getUser(request, context);
  const { search } = new URL(request.url);
  return redirect((user ? homeFor(user.role) : "/login") + search);
}
