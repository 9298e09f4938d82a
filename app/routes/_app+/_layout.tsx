import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, Outlet, useLoaderData, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { FramedErrorPage } from "~/components/framed-error-page";
import LiveShell from "~/components/layout/live-shell";
import { ErasureBanner } from "~/components/erasure/erasure-forms";
import { usePreloadedNamespaces } from "~/hooks/use-route-namespaces";
import { requireUser } from "~/utils/auth.server";
import { fixedT } from "~/utils/i18n.server";
import { shellFor } from "~/utils/open-page.server";
import { skipRevalidationWhenSignedOut } from "~/utils/signed-out";

export const handle = { i18n: ["common", "mobile"] };

/** The installable app (issue 31): offered from the signed-in pages only, never from the public ones. */
export const links: LinksFunction = () => [
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "apple-touch-icon", href: "/icons/apple-touch-icon.png" },
];

/** The signed-in shell. Not a security boundary: every child route guards itself too. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const t = await fixedT(request);
  // the document's title when a page inside the shell fails (ErrorBoundary below)
  const errorTitles = { notFound: t("errors.notFound.title"), generic: t("errors.generic.title") };
  // a pending erasure shows on every page with its cancel button (issue 30)
  const erasure = user.role === "CANDIDATE" ? await context.services.erasure.myErasureRequest(user) : null;
  return json({ ...(await shellFor(user, context)), errorTitles, erasure });
}

export const meta: MetaFunction<typeof loader> = ({ data, error }) => {
  const title =
    error && data
      ? isRouteErrorResponse(error) && error.status === 404
        ? data.errorTitles.notFound
        : data.errorTitles.generic
      : null;
  return [{ title: title ? `${title} · Missio` : "Missio" }];
};

export const shouldRevalidate = skipRevalidationWhenSignedOut;

export default function AppLayout() {
  const { user, menu, erasure } = useLoaderData<typeof loader>();
  usePreloadedNamespaces();
  return (
    <LiveShell user={user} menu={menu}>
      <ErasureBanner request={erasure} />
      <Outlet />
    </LiveShell>
  );
}

/** A page of the shell that fails (an unknown id: 404) stays in the shell, with the menu. */
export function ErrorBoundary() {
  const error = useRouteError();
  const shell = useRouteLoaderData<typeof loader>("routes/_app+/_layout");
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // a 503 is a dependency away, logged once by the server (server/lib/outage.ts)
  if (status >= 500 && status !== 503) console.error(error);
  return <FramedErrorPage status={status} shell={shell ?? null} />;
}
