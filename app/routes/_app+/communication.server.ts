import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireAbility } from "~/utils/auth.server";
import { attempt, replyWithError } from "~/utils/action.server";
import { pushDeviceKey } from "~/utils/push-device.server";
import { marketingSchema, preferencesSchema } from "#server/modules/notifications/contract";

/**
 * /communication (issue 30): every signed-in person's choices of how notices reach them (per kind
 * of their role), the language of their mails, and their marketing consent with its history.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireAbility(request, context, "account.communication");
  const { notifications, vapidPublicKey } = context.services;
  return json({
    ...(await notifications.myCommunication(user, user.locale)),
    push: {
      devices: await notifications.myPushDevices(user, await pushDeviceKey(request)),
      publicKey: vapidPublicKey,
      removed: new URL(request.url).searchParams.get("push") === "removed",
    },
  });
}

export type CommunicationReply = {
  intent: "preferences" | "marketing";
  result: SubmissionResult<string[]>;
  saved: boolean;
};

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireAbility(request, context, "account.communication");
  const form = await request.formData();
  const { notifications } = context.services;
  if (form.get("intent") === "marketing") {
    const submission = parseWithZod(form, { schema: marketingSchema });
    if (submission.status !== "success")
      return json<CommunicationReply>(
        { intent: "marketing", result: submission.reply(), saved: false },
        { status: 400 },
      );
    await notifications.setMarketingConsent(user, submission.value.marketing === "yes");
    return json<CommunicationReply>({ intent: "marketing", result: submission.reply(), saved: true });
  }
  const submission = parseWithZod(form, { schema: preferencesSchema });
  if (submission.status !== "success")
    return json<CommunicationReply>(
      { intent: "preferences", result: submission.reply(), saved: false },
      { status: 400 },
    );
  const done = await attempt(() => notifications.saveCommunication(user, submission.value));
  if (!done.ok)
    return json<CommunicationReply>(
      { intent: "preferences", result: replyWithError(submission, done.error), saved: false },
      { status: done.status },
    );
  return json<CommunicationReply>({ intent: "preferences", result: submission.reply(), saved: true });
}
