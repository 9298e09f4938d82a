import type { SerializeFrom } from "@remix-run/node";
import type { ActivityReply, loader } from "~/routes/_app+/activites-generales.server";

/** The page's data as the components receive it, and the action's reply. */
export type ActivitiesData = SerializeFrom<typeof loader>;
export type ActivityItem = ActivitiesData["rows"][number];
export type { ActivityReply };

export const NS = ["activities", "common"];

/** The reply's result, for the form whose intent sent it only (several forms share the page's action). */
export const resultFor = (reply: ActivityReply | undefined, ...intents: string[]) =>
  reply && intents.includes(reply.intent) ? reply.result : undefined;

export const SELECT_CLASS =
  "h-10 w-full rounded-md border border-input bg-background px-3 text-sm aria-[invalid=true]:border-destructive";
