import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useActionReply } from "~/hooks/use-action-reply";
import { useTranslation } from "react-i18next";
import { ORDERS_NS } from "~/components/orders/format";
import { OrderForm } from "~/components/orders/order-form";
import { orderFieldsOf, orderRefusal } from "~/components/orders/order-form.server";
import { requireAbility } from "~/utils/auth.server";
import { attempt, idempotencyKeyOf, newIdempotencyKey } from "~/utils/action.server";
import { mayPlaceOrder, orderFormSchema } from "#server/modules/missions/contract";
import { isAgencyStaff } from "#server/modules/identity/contract";
import { PageHeader } from "~/components/page-header";

export const meta: MetaFunction = () => [{ title: "Missio" }];
export const handle = { i18n: ["common", ORDERS_NS, "reference", "places"] };

/** Who may be here: agency staff (for any client company) and client users (for their own); not platform admins. */
async function requireOrderer(request: Request, context: LoaderFunctionArgs["context"]) {
  const user = await requireAbility(request, context, "agency.orders");
  if (!mayPlaceOrder(user)) throw redirect("/not-authorized");
  return user;
}

/**
 * /mes-commandes/nouvelle: a staffing request. Client users order for their company and the
 * order waits for the agency (pending); staff choose the client company and it starts validated.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireOrderer(request, context);
  const staff = isAgencyStaff(user);
  const { clients, branches, contacts } = await context.services.missions.formOptions(user);
  const named = (list: { id: string; name: string }[]) => list.map(({ id, name }) => ({ id, name }));
  return json({
    staff,
    options: { clients: named(clients), branches: named(branches), contacts: named(contacts) },
    ownCompany: staff ? null : (clients.find((c) => c.id === user.clientId)?.name ?? ""),
    idempotencyKey: newIdempotencyKey(),
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireOrderer(request, context);
  const staff = isAgencyStaff(user);
  const form = await request.formData();
  const submission = parseWithZod(form, { schema: orderFormSchema(staff) });
  if (submission.status !== "success")
    return json<{ result: SubmissionResult<string[]> }>({ result: submission.reply() }, { status: 400 });
  const v = submission.value;
  const done = await attempt(() =>
    context.services.missions.placeOrder(user, {
      clientId: staff ? v.clientId : null,
      branchId: staff ? v.branchId || null : null,
      fields: orderFieldsOf(v, staff ? v.consultantId || null : null),
      idempotencyKey: idempotencyKeyOf(form),
    }),
  );
  if (!done.ok)
    return json<{ result: SubmissionResult<string[]> }>(
      { result: orderRefusal(submission, done.error) },
      { status: done.status },
    );
  return redirect("/mes-commandes");
}

export default function NewOrder() {
  const { t } = useTranslation(ORDERS_NS);
  const data = useLoaderData<typeof loader>();
  const reply = useActionReply<typeof action>();
  return (
    <div className="grid max-w-3xl gap-6">
      <PageHeader
        title={t("new")}
        actions={
          <Link to="/mes-commandes" className="text-sm text-primary underline">
            {t("title")}
          </Link>
        }
      />
      <OrderForm
        staff={data.staff}
        lastResult={reply?.result}
        options={data.options}
        ownCompany={data.ownCompany ?? undefined}
        submitLabel={t("form.submit")}
        idempotencyKey={data.idempotencyKey}
      />
    </div>
  );
}
