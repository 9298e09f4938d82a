import type { FieldMetadata } from "@conform-to/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { useHydrated } from "~/hooks/use-hydrated";
import { ADS_NS, Select } from "./fields";

export interface OrderOption {
  id: string;
  name: string;
  clientId: string;
}

/** The orders an ad for this client may be linked to: the client's own (every order of the agency when none is chosen). */
export const ordersOfClient = (orders: readonly OrderOption[], clientId: string) =>
  clientId ? orders.filter((o) => o.clientId === clientId) : [...orders];

/**
 * The client company and the linked order of a new ad (staff). The order list follows the chosen
 * client: with JavaScript at once, without it through the "update" button, which posts the form
 * with intent=refresh so the page comes back with every value kept and the client's orders.
 */
export function ClientAndOrderFields({
  clientMeta,
  orderMeta,
  clients,
  orders,
  initialClient,
  initialOrder,
}: {
  clientMeta: FieldMetadata<string | undefined>;
  orderMeta: FieldMetadata<string>;
  clients: { id: string; name: string }[];
  orders: OrderOption[];
  initialClient: string;
  initialOrder: string;
}) {
  const { t } = useTranslation(ADS_NS, { nsMode: "fallback" });
  const hydrated = useHydrated();
  const [client, setClient] = useState(initialClient);
  const [order, setOrder] = useState(initialOrder);
  const listed = ordersOfClient(orders, client);
  return (
    <>
      <div className="grid content-start gap-2">
        <Select
          label={t("form.client")}
          meta={clientMeta as FieldMetadata<string>}
          placeholder={t("form.none")}
          options={clients.map((c) => ({ value: c.id, label: c.name }))}
          value={hydrated ? client : undefined}
          onChange={(v) => {
            setClient(v);
            if (!ordersOfClient(orders, v).some((o) => o.id === order)) setOrder("");
          }}
        />
        {!hydrated && (
          <Button
            type="submit"
            name="intent"
            value="refresh"
            variant="outline"
            size="sm"
            formNoValidate
            className="justify-self-start"
            data-testid="refresh-orders"
          >
            {t("form.refreshOrders")}
          </Button>
        )}
      </div>
      <Select
        label={t("form.order")}
        meta={orderMeta}
        placeholder={t("form.none")}
        options={listed.map((o) => ({ value: o.id, label: o.name }))}
        value={hydrated ? order : undefined}
        onChange={setOrder}
      />
    </>
  );
}
