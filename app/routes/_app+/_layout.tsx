import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { AppShell } from "~/components/layout/app-shell";
import { LiveProvider } from "~/hooks/use-live";
import { requireUser } from "~/utils/auth.server";
import { shellFor } from "~/utils/open-page.server";
import { skipRevalidationWhenSignedOut } from "~/utils/signed-out";

/** The signed-in shell. Not a security boundary: every child route guards itself too. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  return json(await shellFor(user, context));
}

export const shouldRevalidate = skipRevalidationWhenSignedOut;

export default function AppLayout() {
  const { user, menu } = useLoaderData<typeof loader>();
  return (
    <LiveProvider>
      <AppShell user={user} menu={menu}>
        <Outlet />
      </AppShell>
    </LiveProvider>
  );
}
