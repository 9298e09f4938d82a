import type { Submission } from "@conform-to/react";
import { replyWithError } from "~/utils/action.server";
import type { AppError } from "#server/lib/contract";
import type { OrderFields } from "#server/modules/missions/events";
import type { OrderForm } from "#server/modules/missions/contract";

/** What the events carry, from the accepted form. */
export function orderFieldsOf(v: OrderForm, consultantId: string | null): OrderFields {
  return {
    title: v.title,
    professionId: v.professionId,
    places: v.places,
    startDate: v.startDate,
    endDate: v.endDate,
    placeText: v.placeText,
    description: v.description,
    consultantId,
  };
}

/**
 * A refusal of the services, on its field of the order form with the input kept. The missions
 * module names the consultant of ads and orders alike `contactId`; on this form it is `consultantId`.
 */
export function orderRefusal(submission: Submission<unknown>, error: AppError) {
  if (error.field !== "contactId") return replyWithError(submission, error);
  return submission.reply({ fieldErrors: { consultantId: [error.key] } });
}
