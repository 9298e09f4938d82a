import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useActionReply } from "~/hooks/use-action-reply";
import { useTranslation } from "react-i18next";
import { ORDERS_NS } from "~/components/orders/format";
import { EmptyState } from "~/components/empty-state";
import { FilterBar, FilterSelect } from "~/components/filter-bar";
import { OrderTable, type OrderActionResult } from "~/components/orders/order-table";
import { PageHeader } from "~/components/page-header";
import { Button } from "~/components/ui/button";
import { useLive } from "~/hooks/use-live";
import { requireAbility } from "~/utils/auth.server";
import { attempt } from "~/utils/action.server";
import { mayPlaceOrder } from "#server/modules/missions/contract";
import { isUuid } from "#server/lib/contract";
import { ORDER_STATES, type OrderState } from "#server/modules/missions/contract";
import { isPlatformAdmin, isAgencyStaff } from "#server/modules/identity/contract";

export const meta: MetaFunction = () => [{ title: "Missio" }];
export const handle = { i18n: ["common", ORDERS_NS, "reference"] };

const stateOf = (v: unknown) => ORDER_STATES.find((s) => s === v);

/**
 * /mes-commandes: the orders the person may see (their agency's for staff, their company's for
 * client users, all for platform admins), filtered by state (and client for staff) with a GET form.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireAbility(request, context, "agency.orders");
  const params = new URL(request.url).searchParams;
  const staff = isAgencyStaff(user);
  const status = stateOf(params.get("status")) ?? "";
  const clientParam = params.get("clientId") ?? "";
  const clientId = staff && isUuid(clientParam) ? clientParam : "";
  const { missions } = context.services;
  const [orders, options] = await Promise.all([
    missions.listOrders(user, { status, clientId: clientId || undefined }),
    staff ? missions.formOptions(user) : null,
  ]);
  return json({
    orders: orders.map((o) => ({
      id: o.id,
      number: o.number,
      status: o.status,
      title: o.title,
      clientName: o.clientName,
      branchName: o.branchName,
      consultantName: o.consultantName,
      startDate: o.startDate,
      endDate: o.endDate,
      places: o.fields.places,
      professionId: o.fields.professionId,
      memo: o.memo,
      ads: o.ads,
    })),
    filters: { status, clientId },
    clients: (options?.clients ?? []).map((c) => ({ id: c.id, name: c.name })),
    can: { staff, edit: Boolean(user.agencyId), memo: isPlatformAdmin(user), create: mayPlaceOrder(user) },
  });
}

/** State changes (staff) and the order memo (platform admins); the services refuse anyone else. */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireAbility(request, context, "agency.orders");
  const form = await request.formData();
  const intent = form.get("intent") === "memo" ? "memo" : "status";
  const orderId = String(form.get("orderId") ?? "");
  const memo = String(form.get("memo") ?? "").slice(0, 2000);
  const answer = (error: string | null, status = 200) =>
    json<OrderActionResult>({ orderId, intent, error, memo: error ? memo : "" }, { status });
  const { missions } = context.services;
  if (!isUuid(orderId)) return answer("order_not_found", 404);
  const to: OrderState | undefined = stateOf(form.get("to"));
  if (intent !== "memo" && !to) return answer("order_invalid_transition", 400);
  const done = await attempt(() =>
    intent === "memo" ? missions.writeOrderMemo(user, orderId, memo) : missions.changeOrderStatus(user, orderId, to!),
  );
  return done.ok ? answer(null) : answer(done.error.key, done.status);
}

export default function Orders() {
  const { t } = useTranslation(ORDERS_NS);
  const { orders, filters, clients, can } = useLoaderData<typeof loader>();
  const result = useActionReply<typeof action>();
  // any order (or ad) of the agency changing, by anyone: the list reloads its data
  useLive((e) => e.type.startsWith("Order") || e.type.startsWith("Ad"));

  return (
    <div className="grid gap-4">
      <PageHeader
        title={t("title")}
        actions={
          can.create && (
            <Button asChild>
              <Link to="/mes-commandes/nouvelle" data-testid="order-new">
                {t("new")}
              </Link>
            </Button>
          )
        }
      />

      <FilterBar
        testId="order-filters"
        actions={
          <Button type="submit" variant="outline" className="h-9" data-testid="order-filter-submit">
            {t("filters.apply")}
          </Button>
        }
      >
        <FilterSelect
          name="status"
          label={t("filters.status")}
          allLabel={t("filters.allStates")}
          value={filters.status}
          options={ORDER_STATES.map((s) => ({ value: s, label: t(`states.${s}`) }))}
        />
        {can.staff && (
          <FilterSelect
            name="clientId"
            id="filter-client"
            label={t("filters.client")}
            allLabel={t("filters.allClients")}
            value={filters.clientId}
            options={clients.map((c) => ({ value: c.id, label: c.name }))}
          />
        )}
      </FilterBar>

      {orders.length === 0 ? (
        <EmptyState testId="orders-empty" message={t("list.none")} />
      ) : (
        <OrderTable orders={orders} can={can} result={result} />
      )}
    </div>
  );
}
