import type { SerializeFrom } from "@remix-run/node";
import type { FileReply, loader } from "~/routes/_app+/cv-theque_.$id.server";

/** The file as the page receives it, and the action's reply (the form it belongs to, conform's result). */
export type FileData = SerializeFrom<typeof loader>["file"];
export type { FileReply };

/** The reply's result, for the form whose intent sent it only (several forms share the page's action). */
export const resultFor = (reply: FileReply | undefined, ...intents: string[]) =>
  reply && intents.includes(reply.intent) ? reply.result : undefined;

/** The tag colours as Tailwind classes (one per colour of TAG_COLOURS). */
export const TAG_CLASS: Record<string, string> = {
  slate: "bg-slate-200 text-slate-900",
  red: "bg-red-200 text-red-900",
  amber: "bg-amber-200 text-amber-900",
  green: "bg-green-200 text-green-900",
  teal: "bg-teal-200 text-teal-900",
  blue: "bg-blue-200 text-blue-900",
  violet: "bg-violet-200 text-violet-900",
  pink: "bg-pink-200 text-pink-900",
};
