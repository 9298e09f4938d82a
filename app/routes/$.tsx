import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { FramedErrorPage } from "~/components/framed-error-page";
import { getUser } from "~/utils/auth.server";
import { fixedT } from "~/utils/i18n.server";
import { shellFor, type OpenShell } from "~/utils/open-page.server";

interface NotFound {
  title: string;
  shell: OpenShell;
}

/**
 * Any unknown path: the not-found page with status 404, in the signed-in shell with the
 * person's menu, or in the public frame for visitors.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getUser(request, context);
  const t = await fixedT(request);
  const data: NotFound = { title: t("errors.notFound.title"), shell: user ? await shellFor(user, context) : null };
  throw json(data, { status: 404, statusText: "Not Found" });
}

const notFound = (error: unknown): NotFound | null =>
  isRouteErrorResponse(error) && error.data && typeof error.data === "object" ? (error.data as NotFound) : null;

export const meta: MetaFunction = ({ error }) => [
  { title: notFound(error) ? `${notFound(error)!.title} · Missio` : "Missio" },
];

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (status >= 500) console.error(error);
  return <FramedErrorPage status={status} shell={notFound(error)?.shell ?? null} />;
}

export default function NotFoundPage() {
  return null;
}
