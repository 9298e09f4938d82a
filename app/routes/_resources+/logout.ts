import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { pushDeviceKey } from "~/utils/push-device.server";

/**
 * Ends the session: the row is deleted (so the cookie is worthless) and SessionEnded is recorded,
 * which makes the realtime processor close this session's sockets on every node. This browser's
 * push subscription goes too: the next person on a shared device must not get this one's news.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { sessions, identity, logger } = context.services;
  const session = await sessions.getSession(request.headers.get("Cookie"));
  const userId = session.get("userId");
  const sessionId = session.id;
  const cookie = await sessions.destroy(session);
  const device = await pushDeviceKey(request);
  if (device)
    await context.services.notifications
      .signedOutOfDevice(device)
      .catch((err) => logger.error({ err }, "could not remove the device's push subscription"));
  if (userId && sessionId) {
    await identity
      .sessionEnded(sessionId, userId, "logout")
      .catch((err) => logger.error({ err }, "could not record logout"));
  }
  return redirect("/login", { headers: { "Set-Cookie": cookie } });
}

export function loader() {
  return redirect("/");
}
