import type { AdFields, OrderState } from "./rules";

/** Ads have public numeric ids (spec routes /annonce/{id}/{source}): `ad-<number>`. */
export const adStream = (id: number) => `ad-${id}`;
export const orderStream = (id: string) => `order-${id}`;

/** Who owns an ad: the agency, its branch, and the client company when there is one. */
export type AdOwner = {
  agencyId: string;
  branchId: string | null;
  clientId: string | null;
};

export interface AdDrafted {
  type: "AdDrafted";
  data: AdOwner & {
    adId: number;
    slug: string;
    fields: AdFields;
    by: string;
    byClient: boolean;
    duplicateOf: number | null;
  };
}
export interface AdEdited {
  type: "AdEdited";
  data: { adId: number; slug: string; fields: AdFields; by: string };
}
export interface AdPublished {
  type: "AdPublished";
  data: { adId: number; by: string };
}
export interface AdDisabled {
  type: "AdDisabled";
  data: { adId: number; by: string };
}
export interface AdExpired {
  type: "AdExpired";
  data: { adId: number; endDate: string };
}
export interface AdArchived {
  type: "AdArchived";
  data: { adId: number; by: string };
}
export interface AdDeleted {
  type: "AdDeleted";
  data: { adId: number; by: string };
}
/** The order memo of an ad: written and read by platform admins only. */
export interface AdMemoWritten {
  type: "AdMemoWritten";
  data: { adId: number; memo: string; by: string };
}

export type AdEvent =
  AdDrafted | AdEdited | AdPublished | AdDisabled | AdExpired | AdArchived | AdDeleted | AdMemoWritten;
export const AD_EVENT_TYPES = [
  "AdDrafted",
  "AdEdited",
  "AdPublished",
  "AdDisabled",
  "AdExpired",
  "AdArchived",
  "AdDeleted",
  "AdMemoWritten",
] as const;

export interface OrderFields {
  title: string;
  professionId: string;
  places: number;
  /** YYYY-MM-DD */
  startDate: string;
  endDate: string;
  placeText: string;
  description: string;
  consultantId: string | null;
}

export interface OrderPlaced {
  type: "OrderPlaced";
  data: {
    orderId: string;
    number: number;
    agencyId: string;
    branchId: string | null;
    clientId: string;
    fields: OrderFields;
    status: OrderState;
    by: string;
  };
}
export interface OrderEdited {
  type: "OrderEdited";
  data: { orderId: string; fields: OrderFields; by: string };
}
export interface OrderStatusChanged {
  type: "OrderStatusChanged";
  data: { orderId: string; from: OrderState; to: OrderState; by: string };
}
export interface OrderMemoWritten {
  type: "OrderMemoWritten";
  data: { orderId: string; memo: string; by: string };
}

export type OrderEvent = OrderPlaced | OrderEdited | OrderStatusChanged | OrderMemoWritten;
export const ORDER_EVENT_TYPES = ["OrderPlaced", "OrderEdited", "OrderStatusChanged", "OrderMemoWritten"] as const;
