import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { AppShell } from "~/components/layout/app-shell";
import { LiveProvider } from "~/hooks/use-live";
import { menuFor } from "~/utils/abilities";
import { requireUser } from "~/utils/auth.server";

/** The signed-in shell. Not a security boundary: every child route guards itself too. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  return json({
    user: {
      firstName: user.firstName,
      lastName: user.lastName,
      role: user.role,
      isCandidate: user.role === "CANDIDATE",
      unreadNotifications: await context.services.notifications.unreadNotifications(user.id),
    },
    menu: menuFor(user.role),
  });
}

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
