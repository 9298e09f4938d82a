import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useActionReply } from "~/hooks/use-action-reply";
import { HeartOff } from "lucide-react";
import { useTranslation } from "react-i18next";
import { ErrorList } from "~/components/forms/field";
import { requireAbility } from "~/utils/auth.server";
import { cn } from "~/utils/cn";
import { formatDate } from "~/utils/dates";
import { attempt } from "~/utils/action.server";
import { OWN_SITE } from "#server/modules/missions/contract";
import { PageHeader } from "~/components/page-header";
import { StatusNotice } from "~/components/status-notice";
import { EmptyState } from "~/components/empty-state";
import { SubmitButton } from "~/components/submit-button";

export const meta: MetaFunction = () => [{ title: "Missio" }];
export const handle = { i18n: ["common", "engagement"] };

/** /mes-favoris: the candidate's favourite ads, online ones first, the others greyed. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireAbility(request, context, "candidate.space");
  const favourites = await context.services.engagement.favourites(user);
  return json({ favourites: favourites.map((f) => ({ ...f, favouritedAt: f.favouritedAt.toISOString() })) });
}

/** Removing a favourite: a plain POST, so it works without JavaScript. */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireAbility(request, context, "candidate.space");
  const form = await request.formData();
  const adId = Number(form.get("adId"));
  if (form.get("intent") !== "unfavourite" || !Number.isSafeInteger(adId))
    return json({ removed: null, error: "failed_operation" }, { status: 400 });
  const done = await attempt(() => context.services.engagement.unfavouriteAd(user, adId));
  if (!done.ok) return json({ removed: null, error: done.error.key }, { status: done.status });
  return json({ removed: String(form.get("title") ?? "").slice(0, 200), error: null });
}

export default function Favourites() {
  const { t } = useTranslation(["engagement", "common"]);
  const { favourites } = useLoaderData<typeof loader>();
  const result = useActionReply<typeof action>();
  return (
    <div className="grid max-w-4xl gap-6">
      <PageHeader title={t("favourites.title")} />
      {result?.removed != null && (
        <StatusNotice testId="removed-notice">
          {result.removed ? t("favourites.removedTitled", { title: result.removed }) : t("favourites.removed")}
        </StatusNotice>
      )}
      {result?.error && <ErrorList errors={[result.error]} />}
      {favourites.length === 0 ? (
        <EmptyState testId="no-favourites" message={t("favourites.empty")}>
          <Link to="/rechercher-un-emploi" className="text-primary underline">
            {t("searches.goSearch")}
          </Link>
        </EmptyState>
      ) : (
        <ul className="grid gap-3">
          {favourites.map((f) => (
            <li
              key={f.id}
              className={cn(
                "card-surface flex flex-wrap items-center justify-between gap-3 p-4",
                !f.online && "opacity-60",
              )}
              data-testid="favourite"
              data-ad-id={f.id}
              data-online={f.online}
            >
              <div className="grid gap-1">
                <h2 className="font-semibold">
                  {f.online ? (
                    <Link to={`/annonce/${f.id}/${OWN_SITE}`} className="hover:underline" data-testid="favourite-title">
                      {f.title}
                    </Link>
                  ) : (
                    <span data-testid="favourite-title">{f.title}</span>
                  )}
                </h2>
                <p className="text-sm text-muted-foreground">
                  {f.agencyName} · {f.placeName} · {t("favourites.since", { date: formatDate(f.favouritedAt) })}
                </p>
                {!f.online && (
                  <p className="text-sm font-medium" data-testid="favourite-unavailable">
                    {t("favourites.unavailable")}
                  </p>
                )}
              </div>
              <Form method="post" preventScrollReset>
                <input type="hidden" name="adId" value={f.id} />
                <input type="hidden" name="title" value={f.title} />
                <SubmitButton name="intent" value="unfavourite" variant="outline" size="sm" data-testid="unfavourite">
                  <HeartOff className="h-4 w-4" aria-hidden />
                  {t("favourites.remove")}
                </SubmitButton>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
