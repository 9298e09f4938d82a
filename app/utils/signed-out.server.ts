import { json, redirect } from "@remix-run/node";
import { loginAfter, SIGNED_OUT, type SessionEnding } from "./signed-out";

/**
 * The answer of an action that ended the person's session. The page's own request (JavaScript)
 * gets JSON: the page shows what was done for the spec's second, then goes to the login page.
 * A form the browser sent itself (no JavaScript, or not yet running) gets the login page at once,
 * told what was done: the page's loaders, run after the action, would find no session and say
 * only "signed out".
 */
export function sessionEnded<T extends object>(request: Request, change: SessionEnding, body: T) {
  if (request.headers.get("Sec-Fetch-Mode") === "navigate") return redirect(loginAfter(change));
  return json({ ...body, [SIGNED_OUT]: true as const });
}
