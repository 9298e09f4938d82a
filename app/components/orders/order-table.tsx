import { Form, useNavigation, useSubmit } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DataTable, RowActionsMenu, type Column, type RowAction } from "~/components/data-table";
import { ErrorList } from "~/components/forms/field";
import { SubmitButton } from "~/components/submit-button";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { ORDER_TRANSITIONS, OWN_SITE, type AdState, type OrderState } from "#server/modules/missions/contract";
import { formatDay, ORDERS_NS } from "./format";
import { StateBadge } from "./state-badge";

export interface OrderRowData {
  id: string;
  number: number;
  status: OrderState;
  title: string;
  clientName: string;
  branchName: string | null;
  consultantName: string | null;
  startDate: string;
  endDate: string;
  places: number;
  professionId: string;
  memo: string;
  ads: { id: number; title: string; status: AdState; slug: string }[];
}

/** What the person may do on the list, decided by the route from their role. */
export interface OrderPermissions {
  /** agency staff: state changes, ad creation, links to the ads' edit pages */
  staff: boolean;
  /** agency members (staff and client users): the edit form */
  edit: boolean;
  /** platform admins: the order memo */
  memo: boolean;
}

/** The answer of the list's action for one order: which form it was, and its error if any. */
export interface OrderActionResult {
  orderId: string;
  intent: "status" | "memo";
  error: string | null;
  memo: string;
}

const ORDERS_WITH_ADS: OrderState[] = ["validated", "online"];

/**
 * The orders of /mes-commandes, one compact row each (`order`): their facts, their ads, and the
 * actions the person may take in the row's menu; platform admins write the memo in the row.
 */
export function OrderTable({
  orders,
  can,
  result,
}: {
  orders: readonly OrderRowData[];
  can: OrderPermissions & { create?: boolean };
  result?: OrderActionResult;
}) {
  const { t } = useTranslation([ORDERS_NS, "reference", "common"]);
  const dash = t("empty");
  const columns: (Column<OrderRowData> | false)[] = [
    {
      id: "number",
      header: t("list.number"),
      className: "font-mono text-xs text-muted-foreground",
      cell: (o) => <span data-testid="order-number">#{o.number}</span>,
    },
    {
      id: "title",
      header: t("list.title"),
      // one line each, cut with the whole text in the tooltip: the bound is on the text, since a
      // table cell's max-width does not bound its column (the table grew past its card)
      cell: (o) => (
        <>
          <div className="max-w-48 truncate font-medium" title={o.title} data-testid="order-title">
            {o.title}
          </div>
          <div className="max-w-48 truncate text-xs text-muted-foreground" data-testid="order-profession">
            {o.professionId ? t(`professions.${o.professionId}`, { ns: "reference" }) : dash}
          </div>
        </>
      ),
    },
    {
      id: "state",
      header: t("filters.status"),
      className: "whitespace-nowrap",
      cell: (o) => <StateBadge kind="order" state={o.status} testId="order-state" />,
    },
    {
      id: "client",
      header: `${t("list.client")} / ${t("list.branch")}`,
      cell: (o) => (
        <>
          <div className="max-w-36 truncate" title={o.clientName} data-testid="order-client">
            {o.clientName}
          </div>
          <div className="max-w-36 truncate text-xs text-muted-foreground" data-testid="order-branch">
            {o.branchName ?? dash}
          </div>
        </>
      ),
    },
    {
      id: "consultant",
      header: t("list.consultant"),
      cell: (o) => (
        <div className="max-w-32 truncate" title={o.consultantName ?? undefined} data-testid="order-consultant">
          {o.consultantName ?? dash}
        </div>
      ),
    },
    {
      id: "dates",
      header: t("list.dates"),
      // "du 01/02/2027 au 31/03/2027" on two lines (it breaks at its spaces) rather than one wide one
      className: "min-w-24 text-xs",
      cell: (o) => (
        <span data-testid="order-dates">
          {t("list.fromTo", { start: formatDay(o.startDate), end: formatDay(o.endDate) })}
        </span>
      ),
    },
    {
      id: "places",
      header: t("list.places"),
      align: "right",
      cell: (o) => <span data-testid="order-places">{String(o.places)}</span>,
    },
    { id: "ads", header: t("list.ads"), align: "right", cell: (o) => <OrderAds order={o} /> },
    can.memo && {
      id: "memo",
      header: t("memo.label"),
      cell: (o) => <MemoForm order={o} result={result?.orderId === o.id ? result : undefined} />,
    },
    {
      id: "actions",
      header: t("list.actions"),
      hiddenHeader: true,
      align: "right",
      cell: (o) => <OrderRowActions order={o} can={can} result={result?.orderId === o.id ? result : undefined} />,
    },
  ];
  return (
    <DataTable
      testId="orders"
      label={t("title")}
      rows={orders}
      columns={columns}
      rowKey={(o) => o.id}
      rowProps={(o) => ({ "data-testid": "order", "data-order-id": o.id, "data-order-number": o.number })}
    />
  );
}

/** State changes (staff), the edit form (agency members) and a new ad for the order (staff). */
function OrderRowActions({
  order,
  can,
  result,
}: {
  order: OrderRowData;
  can: OrderPermissions;
  result?: OrderActionResult;
}) {
  const { t } = useTranslation(ORDERS_NS);
  const submit = useSubmit();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("orderId") === order.id;
  const actions: RowAction[] = [];
  if (can.staff)
    for (const to of ORDER_TRANSITIONS[order.status])
      actions.push({
        id: to,
        kind: "post",
        fields: { intent: "status", orderId: order.id, to },
        label: t(`transitions.${to}`),
        testId: `order-to-${to}`,
      });
  if (can.edit && order.status !== "completed")
    actions.push({
      id: "edit",
      kind: "link",
      to: `/mes-commandes/${order.id}`,
      label: t("list.edit"),
      testId: "order-edit",
    });
  if (can.staff && ORDERS_WITH_ADS.includes(order.status))
    actions.push({
      id: "create-ad",
      kind: "link",
      to: `/creer-une-annonce?orderId=${order.id}`,
      label: t("list.createAd"),
      testId: "order-create-ad",
    });
  // the order's ads: staff open the edit page, others the public page while it is online
  for (const ad of order.ads) {
    const to = can.staff
      ? `/mes-annonces/${ad.id}/modifier`
      : ad.status === "online"
        ? `/annonce/${ad.id}/${OWN_SITE}`
        : null;
    if (to)
      actions.push({
        id: `ad-${ad.id}`,
        kind: "link",
        to,
        section: t("list.ads"),
        label: `#${ad.id} ${ad.title} · ${t(`adStates.${ad.status}`)}`,
        testId: "order-ad-link",
      });
  }
  return (
    <div className="flex flex-wrap items-center justify-end gap-x-2">
      {result?.intent === "status" && <ErrorList errors={result.error ? [result.error] : []} />}
      <RowActionsMenu
        label={t("common:table.rowActions", { name: `#${order.number} ${order.title}` })}
        actions={actions}
        busy={busy}
        submit={(fields) => submit(fields, { method: "post" })}
      />
    </div>
  );
}

/** How many ads the order has (their links are in the row's menu), each named in the tooltip and for screen readers. */
function OrderAds({ order }: { order: OrderRowData }) {
  const { t } = useTranslation(ORDERS_NS);
  if (order.ads.length === 0)
    return (
      <span className="text-muted-foreground" title={t("list.noAds")} data-testid="order-no-ads">
        {t("empty")}
      </span>
    );
  const names = order.ads.map((ad) => `#${ad.id} ${ad.title} (${t(`adStates.${ad.status}`)})`).join(", ");
  return (
    <span title={names} data-testid="order-ads" data-ads={order.ads.map((ad) => ad.id).join(" ")}>
      {order.ads.length}
      <span className="sr-only"> : {names}</span>
    </span>
  );
}

/** The platform admin's memo of an order; a refused memo comes back as typed, otherwise the saved one. */
function MemoForm({ order, result }: { order: OrderRowData; result?: OrderActionResult }) {
  const { t } = useTranslation(ORDERS_NS);
  const refused = result?.intent === "memo" && result.error ? result : undefined;
  return (
    <Form method="post" className="flex min-w-64 items-start gap-2" data-testid="order-memo-form">
      <input type="hidden" name="intent" value="memo" />
      <input type="hidden" name="orderId" value={order.id} />
      <Label htmlFor={`memo-${order.id}`} className="sr-only">
        {t("memo.label")}
      </Label>
      <div className="grid flex-1 gap-1">
        <Textarea
          id={`memo-${order.id}`}
          name="memo"
          rows={1}
          maxLength={2000}
          defaultValue={refused ? refused.memo : order.memo}
          key={`${order.memo}-${result?.intent === "memo" ? result.error : ""}`}
          className="min-h-8 rounded-md border border-input bg-background px-2 py-1 text-sm"
          data-testid="order-memo"
        />
        {result?.intent === "memo" && <ErrorList errors={result.error ? [result.error] : []} />}
      </div>
      <SubmitButton size="sm" variant="outline" className="h-8" data-testid="order-memo-save">
        {t("memo.save")}
      </SubmitButton>
    </Form>
  );
}
