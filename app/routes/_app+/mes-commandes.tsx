import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ORDERS_NS } from "~/components/orders/format";
import { OrderCard, type OrderActionResult } from "~/components/orders/order-card";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
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
  const [orders, options] = await Promise.all([missions.listOrders(user, { status, clientId: clientId || undefined }), staff ? missions.formOptions(user) : null]);
  return json({
    orders: orders.map((o) => ({
      id: o.id,
      number: o.number,
      status: o.status,
      title: o.title,
      client_name: o.client_name,
      branch_name: o.branch_name,
      consultant_name: o.consultant_name,
      start_date: o.start_date,
      end_date: o.end_date,
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
  const answer = (error: string | null, status = 200) => json<OrderActionResult>({ orderId, intent, error, memo: error ? memo : "" }, { status });
  const { missions } = context.services;
  if (!isUuid(orderId)) return answer("order_not_found", 404);
  const to: OrderState | undefined = stateOf(form.get("to"));
  if (intent !== "memo" && !to) return answer("order_invalid_transition", 400);
  const done = await attempt(() => (intent === "memo" ? missions.writeOrderMemo(user, orderId, memo) : missions.changeOrderStatus(user, orderId, to!)));
  return done.ok ? answer(null) : answer(done.error.key, done.status);
}

export default function Orders() {
  const { t } = useTranslation(ORDERS_NS);
  const { orders, filters, clients, can } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  // any order (or ad) of the agency changing, by anyone: the list reloads its data
  useLive((e) => e.type.startsWith("Order") || e.type.startsWith("Ad"));

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold" data-testid="page-title">
          {t("title")}
        </h1>
        {can.create && (
          <Button asChild>
            <Link to="/mes-commandes/nouvelle" data-testid="order-new">
              {t("new")}
            </Link>
          </Button>
        )}
      </div>

      <Form method="get" className="flex flex-wrap items-end gap-3" data-testid="order-filters">
        <div className="grid gap-1.5">
          <Label htmlFor="filter-status">{t("filters.status")}</Label>
          <select id="filter-status" name="status" defaultValue={filters.status} className="h-10 rounded-md border border-input bg-background px-3 text-sm">
            <option value="">{t("filters.allStates")}</option>
            {ORDER_STATES.map((s) => (
              <option key={s} value={s}>
                {t(`states.${s}`)}
              </option>
            ))}
          </select>
        </div>
        {can.staff && (
          <div className="grid gap-1.5">
            <Label htmlFor="filter-client">{t("filters.client")}</Label>
            <select id="filter-client" name="clientId" defaultValue={filters.clientId} className="h-10 rounded-md border border-input bg-background px-3 text-sm">
              <option value="">{t("filters.allClients")}</option>
              {clients.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </div>
        )}
        <Button type="submit" variant="outline" data-testid="order-filter-submit">
          {t("filters.apply")}
        </Button>
      </Form>

      {orders.length === 0 ? (
        <p className="text-muted-foreground" data-testid="orders-empty">
          {t("list.none")}
        </p>
      ) : (
        <ul className="grid gap-4" data-testid="orders">
          {orders.map((o) => (
            <OrderCard key={o.id} order={o} can={can} result={result} />
          ))}
        </ul>
      )}
    </div>
  );
}
