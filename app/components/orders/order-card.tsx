import { Form, Link, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorList } from "~/components/forms/field";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { ORDER_TRANSITIONS, OWN_SITE, type AdState, type OrderState } from "#server/modules/missions/contract";
import { formatDay, ORDERS_NS } from "./format";
import { StateBadge } from "./state-badge";

export interface OrderCardData {
  id: string;
  number: number;
  status: OrderState;
  title: string;
  client_name: string;
  branch_name: string | null;
  consultant_name: string | null;
  start_date: string;
  end_date: string;
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

/** One order of /mes-commandes: its facts, its ads, and the actions the person may take. */
export function OrderCard({ order, can, result }: { order: OrderCardData; can: OrderPermissions; result?: OrderActionResult }) {
  const { t } = useTranslation([ORDERS_NS, "reference"]);
  const busy = useNavigation().state === "submitting";
  const mine = result?.orderId === order.id ? result : undefined;
  const dash = t("empty");
  return (
    <li className="card-surface grid gap-3 p-4" data-testid="order" data-order-id={order.id} data-order-number={order.number}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="font-semibold">
          <span className="text-muted-foreground" data-testid="order-number">
            #{order.number}
          </span>{" "}
          <span data-testid="order-title">{order.title}</span>
        </h2>
        <StateBadge kind="order" state={order.status} testId="order-state" />
      </div>
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-3">
        <Fact label={t("list.client")} value={order.client_name} testId="order-client" />
        <Fact label={t("list.branch")} value={order.branch_name ?? dash} testId="order-branch" />
        <Fact label={t("list.consultant")} value={order.consultant_name ?? dash} testId="order-consultant" />
        <Fact label={t("list.profession")} value={order.professionId ? t(`professions.${order.professionId}`, { ns: "reference" }) : dash} />
        <Fact label={t("list.dates")} value={t("list.fromTo", { start: formatDay(order.start_date), end: formatDay(order.end_date) })} testId="order-dates" />
        <Fact label={t("list.places")} value={String(order.places)} testId="order-places" />
      </dl>

      <section className="grid gap-1 text-sm" aria-label={t("list.ads")}>
        <h3 className="font-medium">{t("list.ads")}</h3>
        {order.ads.length === 0 ? (
          <p className="text-muted-foreground" data-testid="order-no-ads">
            {t("list.noAds")}
          </p>
        ) : (
          <ul className="grid gap-1" data-testid="order-ads">
            {order.ads.map((ad) => (
              <li key={ad.id} className="flex flex-wrap items-center gap-2" data-testid="order-ad" data-ad-id={ad.id}>
                <AdLink ad={ad} staff={can.staff} />
                <StateBadge kind="ad" state={ad.status} testId="order-ad-state" />
              </li>
            ))}
          </ul>
        )}
      </section>

      <div className="flex flex-wrap items-center gap-2">
        {can.staff &&
          ORDER_TRANSITIONS[order.status].map((to) => (
            <Form method="post" key={to}>
              <input type="hidden" name="intent" value="status" />
              <input type="hidden" name="orderId" value={order.id} />
              <Button type="submit" name="to" value={to} size="sm" variant={to === "validated" || to === "completed" ? "default" : "outline"} disabled={busy} data-testid={`order-to-${to}`}>
                {t(`transitions.${to}`)}
              </Button>
            </Form>
          ))}
        {can.edit && order.status !== "completed" && (
          <Button asChild size="sm" variant="outline">
            <Link to={`/mes-commandes/${order.id}`} data-testid="order-edit">
              {t("list.edit")}
            </Link>
          </Button>
        )}
        {can.staff && ORDERS_WITH_ADS.includes(order.status) && (
          <Button asChild size="sm" variant="secondary">
            <Link to={`/creer-une-annonce?orderId=${order.id}`} data-testid="order-create-ad">
              {t("list.createAd")}
            </Link>
          </Button>
        )}
      </div>
      {mine?.intent === "status" && <ErrorList errors={mine.error ? [mine.error] : []} />}

      {can.memo && (
        <Form method="post" className="grid gap-2 border-t pt-3" data-testid="order-memo-form">
          <input type="hidden" name="intent" value="memo" />
          <input type="hidden" name="orderId" value={order.id} />
          <Label htmlFor={`memo-${order.id}`}>{t("memo.label")}</Label>
          <textarea
            id={`memo-${order.id}`}
            name="memo"
            rows={2}
            maxLength={2000}
            // a refused memo comes back as typed; otherwise the saved one
            defaultValue={mine?.intent === "memo" && mine.error ? mine.memo : order.memo}
            key={`${order.memo}-${mine?.intent === "memo" ? mine.error : ""}`}
            className="rounded-md border border-input bg-background px-3 py-2 text-sm"
            data-testid="order-memo"
          />
          {mine?.intent === "memo" && <ErrorList errors={mine.error ? [mine.error] : []} />}
          <div>
            <Button type="submit" size="sm" variant="outline" disabled={busy} data-testid="order-memo-save">
              {t("memo.save")}
            </Button>
          </div>
        </Form>
      )}
    </li>
  );
}

function Fact({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="flex gap-1">
      <dt className="text-muted-foreground">{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}

/** Staff open the ad's edit page; others its public page while it is online, else just its title. */
function AdLink({ ad, staff }: { ad: OrderCardData["ads"][number]; staff: boolean }) {
  const className = "text-primary underline";
  if (staff)
    return (
      <Link to={`/mes-annonces/${ad.id}/modifier`} className={className} data-testid="order-ad-link">
        {ad.title}
      </Link>
    );
  if (ad.status === "online")
    return (
      <Link to={`/annonce/${ad.id}/${OWN_SITE}`} className={className} data-testid="order-ad-link">
        {ad.title}
      </Link>
    );
  return <span data-testid="order-ad-title">{ad.title}</span>;
}
