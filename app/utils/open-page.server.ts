import type { AppLoadContext } from "@remix-run/node";
import { menuFor } from "~/utils/abilities";
import type { SessionUser } from "#server/modules/identity/contract";

/**
 * What the signed-in shell needs (the `_app+` layout, and pages open to everyone that render the
 * shell themselves: the job search, ad pages; docs/decisions/0007); null for a visitor.
 */
export async function shellFor(user: SessionUser, context: AppLoadContext) {
  return {
    user: {
      // the device's offline pages and queue are kept per person (issue 31)
      id: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      role: user.role,
      isCandidate: user.role === "CANDIDATE",
      unreadNotifications: await context.services.notifications.unreadNotifications(user),
      // the platform admins' badge beside Support: new requests and reopened ones (issue 30)
      newSupportRequests: await context.services.support.newSupportRequests(user),
    },
    menu: menuFor(user.role),
  };
}

export type OpenShell = Awaited<ReturnType<typeof shellFor>> | null;
