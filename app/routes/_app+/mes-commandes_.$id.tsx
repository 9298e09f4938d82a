import { RecordActivities } from "~/components/activities/record-activities";
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useActionReply } from "~/hooks/use-action-reply";
import { useTranslation } from "react-i18next";
import { ORDERS_NS } from "~/components/orders/format";
import { OrderForm } from "~/components/orders/order-form";
import { orderFieldsOf, orderRefusal } from "~/components/orders/order-form.server";
import { StateBadge } from "~/components/orders/state-badge";
import { requireAbility } from "~/utils/auth.server";
import { attempt } from "~/utils/action.server";
import { mayPlaceOrder, orderFormSchema, orderFormValues } from "#server/modules/missions/contract";
import { OWN_SITE } from "#server/modules/missions/contract";
import { isAgencyStaff } from "#server/modules/identity/contract";
import { PageHeader } from "~/components/page-header";
import { StatusNotice } from "~/components/status-notice";

export const meta: MetaFunction = () => [{ title: "Missio" }];
export const handle = { i18n: ["common", ORDERS_NS, "reference", "places", "activities"] };

/** The people of the order's agency (staff, and client users for their company's orders); others get not found. */
async function orderOf(request: Request, context: LoaderFunctionArgs["context"], id: string | undefined) {
  const user = await requireAbility(request, context, "agency.orders");
  if (!mayPlaceOrder(user)) throw redirect("/not-authorized");
  const order = await context.services.missions.orderDetail(user, id ?? "");
  if (!order) throw new Response(null, { status: 404 });
  return { user, order };
}

/**
 * /mes-commandes/{id}: an order, its linked ads, and its form to change what is requested. The
 * client company and branch stay the order's; a completed order can no longer change.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { user, order } = await orderOf(request, context, params.id);
  const staff = isAgencyStaff(user);
  const { contacts } = staff ? await context.services.missions.formOptions(user) : { contacts: [] };
  // the agency's activities about the order (issue 29): its staff only
  const activities = staff ? await context.services.activities.activitiesOf(user, { orderId: order.id }) : null;
  return json({
    staff,
    order: {
      id: order.id,
      number: order.number,
      status: order.status,
      clientName: order.clientName,
      branchName: order.branchName,
      ads: order.ads,
    },
    editable: order.status !== "completed",
    defaultValue: orderFormValues(order.fields, { clientId: order.clientId, branchId: order.branchId }),
    contacts: contacts.map(({ id, name }) => ({ id, name })),
    activities,
  });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { user, order } = await orderOf(request, context, params.id);
  const staff = isAgencyStaff(user);
  const submission = parseWithZod(await request.formData(), { schema: orderFormSchema(false) });
  if (submission.status !== "success")
    return json<{ result: SubmissionResult<string[]> }>({ result: submission.reply() }, { status: 400 });
  // client users do not choose the consultant: the order keeps the one it has
  const consultantId = staff ? submission.value.consultantId || null : order.fields.consultantId;
  const done = await attempt(() =>
    context.services.missions.editOrder(user, order.id, orderFieldsOf(submission.value, consultantId)),
  );
  if (!done.ok)
    return json<{ result: SubmissionResult<string[]> }>(
      { result: orderRefusal(submission, done.error) },
      { status: done.status },
    );
  return redirect("/mes-commandes");
}

export default function EditOrder() {
  const { t } = useTranslation([ORDERS_NS, "common"]);
  const { staff, order, editable, defaultValue, contacts, activities } = useLoaderData<typeof loader>();
  const reply = useActionReply<typeof action>();
  return (
    <div className="grid max-w-3xl gap-6">
      <PageHeader
        titleClassName="flex items-center gap-3"
        title={
          <>
            {t("edit.title", { number: order.number })}
            <StateBadge kind="order" state={order.status} />
          </>
        }
        actions={
          <Link to="/mes-commandes" className="text-sm text-primary underline">
            {t("title")}
          </Link>
        }
      />
      <section className="card-surface grid gap-2 p-6" data-testid="order-ads">
        <h2 className="font-medium">{t("list.ads")}</h2>
        {order.ads.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("list.noAds")}</p>
        ) : (
          <ul className="grid gap-1 text-sm">
            {order.ads.map((ad) => (
              <li key={ad.id} className="flex flex-wrap gap-2">
                {ad.status === "online" ? (
                  <Link to={`/annonce/${ad.id}/${OWN_SITE}`} className="text-primary underline">
                    #{ad.id} {ad.title}
                  </Link>
                ) : (
                  <span>
                    #{ad.id} {ad.title}
                  </span>
                )}
                <span className="text-muted-foreground">· {t(`adStates.${ad.status}`)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <RecordActivities activities={activities} logHref={`/activites-generales?orderId=${order.id}`} />
      {editable ? (
        <OrderForm
          staff={staff}
          lastResult={reply?.result}
          defaultValue={defaultValue}
          options={{ clients: [], branches: [], contacts }}
          fixedOwner={{ clientName: order.clientName, branchName: order.branchName }}
          submitLabel={t("edit.save")}
        />
      ) : (
        <StatusNotice tone="info" testId="order-closed">
          {t("edit.closed")}
        </StatusNotice>
      )}
    </div>
  );
}
