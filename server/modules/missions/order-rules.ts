import { z } from "zod";
import { isProfession } from "../reference/contract";
import type { OrderFields } from "./events";
import { date, required, requiredInt, text } from "./form-fields";
import { isClientUser, isAgencyStaff, type Actor } from "../identity/contract";
import { isUuid } from "../../lib/contract";

/**
 * The order form (create and edit), shared by the browser (conform) and the action. Pure. The
 * decider checks the same rules again (dates in order, at least one place). Who the order is for
 * depends on the person: staff choose the client company (required) and a branch; client users
 * order for their own company, so the form has no such fields for them.
 */
export const MAX_ORDER_DESCRIPTION = 5000;
export const MAX_ORDER_PLACES = 999;

/** an id from one of the form's lists: empty, or a uuid (anything else never reaches SQL) */
const optionalId = text(40).refine((v) => v === "" || isUuid(v), "validation.invalid_choice");
const day = date.refine((v) => v !== "", "validation.required");

export function orderFormSchema(staff: boolean) {
  return z
    .object({
      title: required(120),
      professionId: required(60).refine((v) => v === "" || isProfession(v), "validation.invalid_choice"),
      places: requiredInt(1, MAX_ORDER_PLACES),
      startDate: day,
      endDate: day,
      // the place as typed or as chosen in the place field (its label): free text on an order
      placeText: required(120),
      description: text(MAX_ORDER_DESCRIPTION),
      consultantId: optionalId,
      clientId: staff ? optionalId.refine((v) => v !== "", "validation.required") : optionalId,
      branchId: optionalId,
    })
    .superRefine((v, ctx) => {
      for (const { field, key } of orderFieldProblems(v))
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: [field], message: key });
    });
}

/** The rules between an order's fields, written once: the form shows them, the decider refuses decided fields that break one. */
export function orderFieldProblems(v: { startDate: string; endDate: string }): { field: string; key: string }[] {
  return v.startDate && v.endDate && v.endDate < v.startDate
    ? [{ field: "endDate", key: "validation.end_after_start" }]
    : [];
}
export type OrderForm = z.output<ReturnType<typeof orderFormSchema>>;

/** Form values (strings, as inputs hold them) of an order: the edit form's defaults. */
export function orderFormValues(f: OrderFields, owner: { clientId: string; branchId: string | null }) {
  return {
    title: f.title,
    professionId: f.professionId,
    places: String(f.places),
    startDate: f.startDate,
    endDate: f.endDate,
    placeText: f.placeText,
    description: f.description,
    consultantId: f.consultantId ?? "",
    clientId: owner.clientId,
    branchId: owner.branchId ?? "",
  };
}

/** Who may place an order: agency staff, and client users for their own company (platform admins have no agency). */
export const mayPlaceOrder = (a: Actor) =>
  Boolean(a.agencyId) && (isAgencyStaff(a) || (isClientUser(a) && Boolean(a.clientId)));
