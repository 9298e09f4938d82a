import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { useActionReply } from "~/hooks/use-action-reply";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { EmptyState } from "~/components/empty-state";
import { ErrorList } from "~/components/forms/field";
import { PageHeader } from "~/components/page-header";
import { formatDay } from "~/components/placements/format";
import { StatusNotice } from "~/components/status-notice";
import { SubmitButton } from "~/components/submit-button";
import { useLive } from "~/hooks/use-live";
import { attempt } from "~/utils/action.server";
import { requireAbility } from "~/utils/auth.server";
import { formatDate } from "~/utils/dates";
import { isUuid } from "#server/lib/contract";

export const meta: MetaFunction = () => [{ title: "Missio" }];
export const handle = { i18n: ["common", "placements"] };
const NS = ["placements", "common"];

/** /mes-propositions: missions proposed by an agency, open ones to accept or decline, then the answered ones. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireAbility(request, context, "candidate.space");
  const rows = await context.services.placements.myProposals(user);
  const now = Date.now();
  const isOpen = (r: (typeof rows)[number]) =>
    r.status === "open" && r.expiresAt.getTime() > now && (r.response === "pending" || r.response === "accepted");
  const dto = (r: (typeof rows)[number]) => ({
    ...r,
    expiresAt: r.expiresAt.toISOString(),
    createdAt: r.createdAt.toISOString(),
    respondedAt: r.respondedAt?.toISOString() ?? null,
  });
  return json({ open: rows.filter(isOpen).map(dto), answered: rows.filter((r) => !isOpen(r)).map(dto) });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireAbility(request, context, "candidate.space");
  const form = await request.formData();
  const intent = form.get("intent");
  const id = form.get("proposalId");
  if (!isUuid(id) || (intent !== "accept" && intent !== "decline"))
    return json({ done: null, placed: false, error: "failed_operation" }, { status: 400 });
  const { placements } = context.services;
  const done = await attempt(async () =>
    intent === "accept"
      ? (await placements.acceptProposal(user, id)).length > 0
      : (await placements.declineProposal(user, id), false),
  );
  if (!done.ok) return json({ done: null, placed: false, error: done.error.key }, { status: done.status });
  // the outcome rides in the URL: a live update reloads the page's data and would drop an action's reply
  return redirect(`/mes-propositions?done=${intent}${done.value ? "&placed=1" : ""}`);
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["open"][number];

export default function MyProposals() {
  const { t } = useTranslation(NS);
  const data = useLoaderData<typeof loader>();
  const result = useActionReply<typeof action>();
  const [params] = useSearchParams();
  const done = params.get("done");
  useLive((e) => e.type.startsWith("Proposal"));
  useProposalToasts([...data.open, ...data.answered]);
  return (
    <div className="grid max-w-4xl gap-6" data-testid="my-proposals">
      <PageHeader title={t("mine.title")} />
      {done === "accept" && (
        <StatusNotice tone="success" testId="accepted-notice">
          {params.get("placed") ? (
            <>
              {t("mine.placedNotice")}{" "}
              <Link to="/missions-valides" className="underline">
                {t("mine.toMissions")}
              </Link>
            </>
          ) : (
            t("mine.acceptedNotice")
          )}
        </StatusNotice>
      )}
      {done === "decline" && <StatusNotice testId="declined-notice">{t("mine.declinedNotice")}</StatusNotice>}
      {result?.error && <ErrorList errors={[result.error]} ns={NS} />}

      <section className="grid gap-3" aria-labelledby="open-heading">
        <h2 id="open-heading" className="font-semibold">
          {t("mine.open")}
        </h2>
        {data.open.length === 0 ? (
          <EmptyState testId="no-open-proposals" message={t("mine.emptyOpen")}>
            <Link to="/rechercher-un-emploi" className="text-primary underline">
              {t("mine.searchJobs")}
            </Link>
          </EmptyState>
        ) : (
          <ul className="grid gap-3">
            {data.open.map((r) => (
              <ProposalItem key={r.id} r={r}>
                {r.response === "accepted" ? (
                  <p className="text-sm text-muted-foreground" data-testid="waiting-pick">
                    {t("mine.waitingPick")}
                  </p>
                ) : null}
                <Form method="post" className="flex gap-2 justify-self-end">
                  <input type="hidden" name="proposalId" value={r.id} />
                  {r.response === "pending" && (
                    <SubmitButton size="sm" name="intent" value="accept" data-testid="accept-proposal">
                      {t("mine.accept")}
                    </SubmitButton>
                  )}
                  <SubmitButton
                    size="sm"
                    variant="outline"
                    name="intent"
                    value="decline"
                    data-testid="decline-proposal"
                  >
                    {t("mine.decline")}
                  </SubmitButton>
                </Form>
              </ProposalItem>
            ))}
          </ul>
        )}
      </section>

      <section className="grid gap-3" aria-labelledby="answered-heading">
        <h2 id="answered-heading" className="font-semibold">
          {t("mine.answered")}
        </h2>
        {data.answered.length === 0 ? (
          <EmptyState testId="no-answered-proposals" message={t("mine.emptyAnswered")} />
        ) : (
          <ul className="grid gap-3">
            {data.answered.map((r) => (
              <ProposalItem key={r.id} r={r} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function ProposalItem({ r, children }: { r: Row; children?: React.ReactNode }) {
  const { t } = useTranslation(NS);
  return (
    <li className="card-surface grid gap-2 p-4" data-testid="proposal" data-id={r.id} data-response={r.response}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-0.5">
          <p className="font-medium" data-testid="proposal-title">
            {r.adTitle}
          </p>
          <p className="text-sm text-muted-foreground">
            {r.agencyName}
            {r.placeName ? ` · ${r.placeName}` : ""} ·{" "}
            {r.startDate
              ? t("dates.range", { start: formatDay(r.startDate), end: formatDay(r.endDate) })
              : t("dates.toBeAgreed", { end: formatDay(r.endDate) })}
          </p>
          <p className="text-xs text-muted-foreground">
            {t(`modes.${r.mode}`)} · {t("expires", { date: formatDate(r.expiresAt) })}
          </p>
        </div>
        <span className="rounded-full bg-secondary px-3 py-1 text-xs font-medium" data-testid="proposal-response">
          {t(`response.${r.response}`)}
        </span>
      </div>
      {r.message && (
        <p className="whitespace-pre-wrap text-sm" data-testid="proposal-message">
          {r.message}
        </p>
      )}
      {children}
    </li>
  );
}

/** Says what arrived or changed when a live update reloads the list: a new proposal, a place taken by others, a pick. */
function useProposalToasts(rows: Row[]) {
  const { t } = useTranslation(NS);
  const previous = useRef<Map<string, string> | null>(null);
  useEffect(() => {
    const now = new Map(rows.map((r) => [r.id, r.response]));
    if (previous.current) {
      for (const r of rows) {
        const before = previous.current.get(r.id);
        if (before === undefined)
          toast(t("toast.new", { title: r.adTitle, agency: r.agencyName }), { id: `proposal-${r.id}` });
        else if (before !== r.response)
          toast(t(`toast.${r.response}`, { title: r.adTitle }), { id: `proposal-${r.id}-${r.response}` });
      }
    }
    previous.current = now;
  }, [rows, t]);
}
