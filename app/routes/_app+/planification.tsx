import { type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation, useSearchParams } from "@remix-run/react";
import { useActionReply } from "~/hooks/use-action-reply";
import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/page-header";
import { Board } from "~/components/planning/board/board";
import { useLiveBoard } from "~/components/planning/use-live-board";
import { ListView } from "~/components/planning/list-view";
import { WarningsPanel } from "~/components/planning/warnings-panel";
import { Publish } from "~/components/planning/publish-panel";
import { Button } from "~/components/ui/button";
import { addDaysTo, ROW_KINDS, VIEWS } from "#server/modules/planning/contract";
import type { loader, PlanningReply } from "./planification.server";

export { action, loader } from "./planification.server";
export const meta: MetaFunction = () => [{ title: "Missio" }];
export const handle = { i18n: ["common", "planning", "documents", "candidate-file"] };
const NS = ["planning", "common"];

const STEP = { day: 1, week: 7, month: 31 } as const;

export default function Planning() {
  const data = useLoaderData<typeof loader>();
  const reply = useActionReply<PlanningReply>();
  const { t } = useTranslation(NS);
  const location = useLocation();
  const [params] = useSearchParams();
  // every change on this agency's board (by anyone, any process) is patched in as it comes
  const live = useLiveBoard(data);
  const { connected } = live;
  const href = (over: Record<string, string | null>) => {
    const q = new URLSearchParams(params);
    q.delete("done");
    for (const [k, v] of Object.entries(over)) {
      if (v === null) q.delete(k);
      else q.set(k, v);
    }
    return `/planification?${q}`;
  };
  const back = `${location.pathname}${location.search.replace(/([?&])done=[^&]*&?/, "$1").replace(/[?&]$/, "")}`;
  const move = (dir: number) => {
    if (data.view !== "month") return addDaysTo(data.date, dir * STEP[data.view]);
    const d = new Date(Date.UTC(Number(data.date.slice(0, 4)), Number(data.date.slice(5, 7)) - 1 + dir, 1));
    return d.toISOString().slice(0, 10);
  };
  const done = params.get("done");

  return (
    <div className="grid gap-4" data-testid="planning-page">
      <PageHeader title={t("title")} />
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <nav className="flex gap-1" aria-label={t("toolbar.views")}>
          {VIEWS.map((v) => (
            <Link
              key={v}
              to={href({ view: v })}
              className={`rounded px-2 py-1 ${v === data.view ? "bg-primary text-primary-foreground" : "border"}`}
              data-testid={`view-${v}`}
              aria-current={v === data.view ? "page" : undefined}
            >
              {t(`views.${v}`)}
            </Link>
          ))}
        </nav>
        <Link to={href({ date: move(-1) })} className="rounded border px-2 py-1" data-testid="prev">
          ‹ {t("toolbar.prev")}
        </Link>
        <Link to={href({ date: null })} className="rounded border px-2 py-1">
          {t("toolbar.today")}
        </Link>
        <Link to={href({ date: move(1) })} className="rounded border px-2 py-1" data-testid="next">
          {t("toolbar.next")} ›
        </Link>
        <span data-testid="period">
          {t("toolbar.period", {
            from: data.from.split("-").reverse().join("/"),
            to: data.to.split("-").reverse().join("/"),
          })}
        </span>
        <nav className="flex gap-1" aria-label={t("toolbar.rows")}>
          {ROW_KINDS.map((r) => (
            <Link
              key={r}
              to={href({ rows: r })}
              className={`rounded px-2 py-1 ${r === data.rows ? "bg-secondary font-medium" : "border"}`}
              data-testid={`rows-${r}`}
            >
              {t(`rows.${r}`)}
            </Link>
          ))}
        </nav>
        <Link
          to={href({ mode: data.list ? null : "list" })}
          className="rounded border px-2 py-1"
          data-testid="toggle-list"
        >
          {data.list ? t("toolbar.board") : t("toolbar.list")}
        </Link>
        <span
          data-testid="connection-state"
          data-state={connected ? "online" : "offline"}
          className={connected ? "text-green-700" : "text-amber-700"}
        >
          {connected ? t("connection.online") : t("connection.offline")}
        </span>
      </div>
      <Form method="get" className="flex flex-wrap items-end gap-2 text-sm" data-testid="planning-filters">
        {(["view", "date", "rows", "mode"] as const).map((k) =>
          params.get(k) ? <input key={k} type="hidden" name={k} value={params.get(k)!} /> : null,
        )}
        {(
          [
            ["branch", data.filterOptions.branches],
            ["client", data.filterOptions.clients],
            ["mission", data.filterOptions.missions],
            ["consultant", data.filterOptions.consultants],
          ] as const
        ).map(([name, options]) => (
          <label key={name} className="grid gap-1 text-xs">
            {t(`filters.${name}`)}
            <select name={name} defaultValue={params.get(name) ?? ""} className="h-8 rounded-md border px-2">
              <option value="">{t("filters.all")}</option>
              {options.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.name}
                </option>
              ))}
            </select>
          </label>
        ))}
        <Button type="submit" size="sm" variant="outline">
          {t("filters.apply")}
        </Button>
      </Form>
      {done ? (
        <p role="status" className="text-sm text-green-700" data-testid="done-notice">
          {t(`done.${done}`, { defaultValue: t("done.change") })}
        </p>
      ) : null}
      {data.canEdit ? (
        <Publish preview={live.preview} back={back} />
      ) : (
        <p className="text-sm text-muted-foreground">{t("readOnly")}</p>
      )}
      <noscript>
        <p className="text-sm">
          <a href={href({ mode: "list" })}>{t("toolbar.noscript")}</a>
        </p>
      </noscript>
      {data.list ? (
        <ListView assignments={live.assignments} pool={data.pool} canEdit={data.canEdit} back={back} reply={reply} />
      ) : (
        <Board
          view={data.view}
          from={data.from}
          to={data.to}
          rows={data.rows}
          assignments={live.assignments}
          pool={data.pool}
          missions={data.filterOptions.missions}
          warnings={live.warnings}
          canEdit={data.canEdit}
          me={data.me}
        />
      )}
      <WarningsPanel warnings={live.warnings} />
    </div>
  );
}
