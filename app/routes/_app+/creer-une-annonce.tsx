import type { SubmissionResult } from "@conform-to/react";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useActionReply } from "~/hooks/use-action-reply";
import { useTranslation } from "react-i18next";
import { AdForm } from "~/components/ads/ad-form";
import { ADS_NS } from "~/components/ads/fields";
import { Button } from "~/components/ui/button";
import {
  newAdValues,
  plainOptions,
  readAdForm,
  refusal,
  type AdImageRef,
  type AdPlaceRef,
} from "~/utils/ad-form.server";
import { requireAbility } from "~/utils/auth.server";
import { i18next } from "~/utils/i18n.server";
import { attempt, newIdempotencyKey } from "~/utils/action.server";
import { isAgencyStaff } from "#server/modules/identity/contract";
import { PageHeader } from "~/components/page-header";

export const meta: MetaFunction = () => [{ title: "Missio" }];
export const handle = { i18n: ADS_NS };

/**
 * Spec route /creer-une-annonce: agency staff create ads (a draft, or published at once); a
 * client manager proposes one for their company, which the agency reviews. Client users land
 * here after login but do not create ads: they are told who does and pointed to their orders.
 * Platform admins belong to no agency and create none either.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireAbility(request, context, "agency.createAd");
  if (user.role === "CLIENT" || !user.agencyId)
    return json({ view: user.role === "CLIENT" ? ("client" as const) : ("noAgency" as const), form: null });
  const { missions, agencies } = context.services;
  const [options, overview, locale] = await Promise.all([
    missions.formOptions(user),
    agencies.overview(user),
    i18next.getLocale(request),
  ]);
  const asked = new URL(request.url).searchParams.get("orderId") ?? "";
  const orderId = options.orders.some((o) => o.id === asked) ? asked : "";
  const staff = isAgencyStaff(user);
  const defaultValue = newAdValues({
    staff,
    userId: user.id,
    locale,
    country: overview?.agency.country ?? "CH",
    orderId,
    endDate: missions.newAdEndDate(),
  });
  return json({
    view: "form" as const,
    form: { options: plainOptions(options), staff, defaultValue, idempotencyKey: newIdempotencyKey() },
  });
}

type ActionData = { result: SubmissionResult<string[]>; image: AdImageRef | null; place: AdPlaceRef | null };

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireAbility(request, context, "agency.createAd");
  if (user.role === "CLIENT" || !user.agencyId) throw new Response(null, { status: 403 });
  const read = await readAdForm(request, context, user);
  if (!read.ok)
    return json<ActionData>({ result: read.reply, image: read.image, place: read.place }, { status: read.status });
  const created = await attempt(() =>
    context.services.missions.createAd(user, {
      fields: read.fields,
      ...read.owner,
      publish: read.intent === "publish",
      idempotencyKey: read.idempotencyKey,
    }),
  );
  if (!created.ok) {
    const refused = refusal(read, created.error);
    return json<ActionData>(
      { result: refused.reply, image: refused.image, place: refused.place },
      { status: refused.status },
    );
  }
  return redirect("/mes-annonces?saved=add");
}

export default function CreateAd() {
  const { t } = useTranslation(ADS_NS, { nsMode: "fallback" });
  const data = useLoaderData<typeof loader>();
  const reply = useActionReply<typeof action>();
  if (data.view !== "form" || !data.form) return <NoForm view={data.view} />;
  return (
    <div className="grid gap-6">
      <PageHeader title={t("create.title")} />
      <AdForm
        defaultValue={data.form.defaultValue}
        lastResult={reply?.result}
        image={reply ? reply.image : null}
        place={reply?.place ?? null}
        options={data.form.options}
        staff={data.form.staff}
        owner="choose"
        state={null}
        cancelTo="/mes-annonces"
        idempotencyKey={data.form.idempotencyKey}
      />
    </div>
  );
}

/** Client users and platform admins: who creates ads, and what they can do instead. */
function NoForm({ view }: { view: "client" | "noAgency" | "form" }) {
  const { t } = useTranslation(ADS_NS, { nsMode: "fallback" });
  return (
    <section className="card-surface grid max-w-2xl gap-4 p-6" data-testid="no-ad-form">
      <PageHeader title={t("create.title")} />
      {view === "client" ? (
        <>
          <p>{t("create.clientText")}</p>
          <p>
            <Button asChild>
              <Link to="/mes-commandes" data-testid="to-orders">
                {t("create.clientOrders")}
              </Link>
            </Button>
          </p>
        </>
      ) : (
        <>
          <p>{t("create.adminText")}</p>
          <p>
            <Button asChild variant="outline">
              <Link to="/mes-annonces">{t("list.title")}</Link>
            </Button>
          </p>
        </>
      )}
    </section>
  );
}
