import type { Decider, DecideContext } from "../../event-store/decider";
import { localDay } from "../../lib/clock";
import { AppError } from "../../lib/errors";
import type { AdEvent, AdOwner, OrderEvent, OrderFields } from "./events";
import { orderFieldProblems } from "./order-rules";
import {
  AD_ACTIONS,
  MAX_QUESTIONS,
  ORDER_TRANSITIONS,
  adFieldProblems,
  type AdFields,
  type AdState,
  type OrderState,
} from "./rules";

/** The form's rules on the decided fields (rules.ts): no path around the form skips them. */
export function checkAdFields(f: AdFields) {
  if (!f.title.trim()) throw new AppError("invalid", "validation.required", "title");
  if (f.questions.length > MAX_QUESTIONS) throw new AppError("invalid", "validation.max_questions", "questions");
  const [problem] = adFieldProblems(f);
  if (problem) throw new AppError("invalid", problem.key, problem.field);
}

export type AdCommand =
  | ({
      type: "DraftAd";
      adId: number;
      slug: string;
      fields: AdFields;
      by: string;
      byClient: boolean;
      duplicateOf: number | null;
    } & AdOwner)
  | { type: "EditAd"; adId: number; slug: string; fields: AdFields; by: string }
  | { type: "PublishAd"; adId: number; by: string; staff: boolean }
  | { type: "DisableAd"; adId: number; by: string }
  | { type: "ExpireAd"; adId: number }
  | { type: "ArchiveAd"; adId: number; by: string }
  | { type: "DeleteAd"; adId: number; by: string }
  | { type: "WriteAdMemo"; adId: number; memo: string; by: string };

export interface AdStreamState {
  status: AdState | null;
  endDate: string;
  fields: AdFields | null;
}

const transition = (state: AdStreamState, action: (typeof AD_ACTIONS)[AdState][number]) => {
  if (!state.status) throw new AppError("not_found", "announcement_not_found");
  if (!AD_ACTIONS[state.status].includes(action)) throw new AppError("conflict", "ad_invalid_transition");
};

export const adDecider: Decider<AdCommand, AdStreamState, AdEvent> = {
  initialState: { status: null, endDate: "", fields: null },
  evolve(state, e) {
    switch (e.type) {
      case "AdDrafted":
      case "AdEdited":
        return {
          ...state,
          status: e.type === "AdDrafted" ? "draft" : state.status,
          fields: e.data.fields,
          endDate: e.data.fields.endDate,
        };
      case "AdPublished":
        return { ...state, status: "online" };
      case "AdDisabled":
        return { ...state, status: "disabled" };
      case "AdExpired":
        return { ...state, status: "expired" };
      case "AdArchived":
        return { ...state, status: "archived" };
      case "AdDeleted":
        return { ...state, status: "deleted" };
      default:
        return state;
    }
  },
  decide(command, state, ctx: DecideContext): AdEvent[] {
    const today = localDay(ctx.clock.now());
    switch (command.type) {
      case "DraftAd": {
        if (state.status) throw new AppError("conflict", "failed_operation");
        checkAdFields(command.fields);
        const { type: _type, ...data } = command;
        return [{ type: "AdDrafted", data }];
      }
      case "EditAd": {
        transition(state, "edit");
        checkAdFields(command.fields);
        // an online ad must stay publishable: its end date cannot move into the past
        if (state.status === "online" && command.fields.endDate < today)
          throw new AppError("invalid", "ad_end_date_passed", "endDate");
        return [
          {
            type: "AdEdited",
            data: { adId: command.adId, slug: command.slug, fields: command.fields, by: command.by },
          },
        ];
      }
      case "PublishAd":
        // client managers propose ads; the agency reviews and publishes them
        if (!command.staff) throw new AppError("forbidden", "not_authorized");
        transition(state, "publish");
        if (state.endDate < today) throw new AppError("invalid", "ad_end_date_passed", "endDate");
        return [{ type: "AdPublished", data: { adId: command.adId, by: command.by } }];
      case "DisableAd":
        transition(state, "disable");
        return [{ type: "AdDisabled", data: { adId: command.adId, by: command.by } }];
      case "ExpireAd":
        if (state.status !== "online" || state.endDate >= today) return [];
        return [{ type: "AdExpired", data: { adId: command.adId, endDate: state.endDate } }];
      case "ArchiveAd":
        transition(state, "archive");
        return [{ type: "AdArchived", data: { adId: command.adId, by: command.by } }];
      case "DeleteAd":
        transition(state, "delete");
        return [{ type: "AdDeleted", data: { adId: command.adId, by: command.by } }];
      case "WriteAdMemo":
        if (!state.status || state.status === "deleted") throw new AppError("not_found", "announcement_not_found");
        return [
          {
            type: "AdMemoWritten",
            data: { adId: command.adId, memo: command.memo.trim().slice(0, 2000), by: command.by },
          },
        ];
    }
  },
};

export type OrderCommand =
  | {
      type: "PlaceOrder";
      orderId: string;
      number: number;
      agencyId: string;
      branchId: string | null;
      clientId: string;
      fields: OrderFields;
      staff: boolean;
      by: string;
    }
  | { type: "EditOrder"; orderId: string; fields: OrderFields; by: string }
  | { type: "ChangeOrderStatus"; orderId: string; to: OrderState; by: string; staff: boolean }
  | { type: "ExpireOrder"; orderId: string }
  | { type: "WriteOrderMemo"; orderId: string; memo: string; by: string };

export interface OrderStreamState {
  status: OrderState | null;
  endDate: string;
}

export function checkOrderFields(f: OrderFields) {
  if (!f.title.trim()) throw new AppError("invalid", "validation.required", "title");
  const [problem] = orderFieldProblems(f);
  if (problem) throw new AppError("invalid", problem.key, problem.field);
  if (f.places < 1) throw new AppError("invalid", "validation.number_range", "places");
}

export const orderDecider: Decider<OrderCommand, OrderStreamState, OrderEvent> = {
  initialState: { status: null, endDate: "" },
  evolve(state, e) {
    switch (e.type) {
      case "OrderPlaced":
        return { status: e.data.status, endDate: e.data.fields.endDate };
      case "OrderEdited":
        return { ...state, endDate: e.data.fields.endDate };
      case "OrderStatusChanged":
        return { ...state, status: e.data.to };
      default:
        return state;
    }
  },
  decide(command, state, ctx): OrderEvent[] {
    switch (command.type) {
      case "PlaceOrder": {
        if (state.status) throw new AppError("conflict", "failed_operation");
        checkOrderFields(command.fields);
        // a client's request waits for the agency; the agency's own orders start validated
        const { orderId, number, agencyId, branchId, clientId, fields, by } = command;
        return [
          {
            type: "OrderPlaced",
            data: {
              orderId,
              number,
              agencyId,
              branchId,
              clientId,
              fields,
              status: command.staff ? "validated" : "pending",
              by,
            },
          },
        ];
      }
      case "EditOrder":
        if (!state.status) throw new AppError("not_found", "failed_operation");
        if (state.status === "completed") throw new AppError("conflict", "order_invalid_transition");
        checkOrderFields(command.fields);
        return [{ type: "OrderEdited", data: { orderId: command.orderId, fields: command.fields, by: command.by } }];
      case "ChangeOrderStatus": {
        if (!state.status) throw new AppError("not_found", "failed_operation");
        if (!command.staff) throw new AppError("forbidden", "not_authorized");
        if (!ORDER_TRANSITIONS[state.status].includes(command.to))
          throw new AppError("conflict", "order_invalid_transition");
        return [
          {
            type: "OrderStatusChanged",
            data: { orderId: command.orderId, from: state.status, to: command.to, by: command.by },
          },
        ];
      }
      case "ExpireOrder": {
        const open = state.status === "pending" || state.status === "validated" || state.status === "online";
        if (!open || state.endDate >= localDay(ctx.clock.now())) return [];
        return [
          {
            type: "OrderStatusChanged",
            data: { orderId: command.orderId, from: state.status!, to: "expired", by: "system" },
          },
        ];
      }
      case "WriteOrderMemo":
        if (!state.status) throw new AppError("not_found", "failed_operation");
        return [
          {
            type: "OrderMemoWritten",
            data: { orderId: command.orderId, memo: command.memo.trim().slice(0, 2000), by: command.by },
          },
        ];
    }
  },
};

export { localDay };
