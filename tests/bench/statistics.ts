/**
 * 14. Statistics (issue 29): the agency statistics page (/statistiques, server-rendered with its
 * charts) for the Geneva agency with 50,000 applications and a year of validated timesheets in its
 * statistics read models. The app runs in this process (startApp, role "web").
 */
import type { Logger } from "../../server/lib/logger";
import { cpuMeter, otherShare, type CpuSpent } from "./cpu";
import type { BenchInfra } from "./infra";
import { login, startSeededBenchApp } from "./realtime";
import type { Section } from "./report";
import { fmtInt, fmtMs, now, summarize } from "./stats";

const CONSULTANT = "consultant.ge@demo.test";
const DATA = "routes/_app+/statistiques";

export interface StatisticsBenchOptions {
  applications: number;
  /** candidates on mission all year: one validated sheet each per week */
  sheetsPerWeek: number;
  requests: number;
}

const perOpMs = (spent: CpuSpent, ops: number) =>
  `${(spent.nodeMs / ops).toFixed(2)} + ${(spent.pgMs / ops).toFixed(2)} ms`;

export async function benchStatistics(
  infra: BenchInfra,
  logger: Logger,
  say: (s: string) => void,
  opts: StatisticsBenchOptions,
): Promise<Section> {
  const { app, sql, actor } = await startSeededBenchApp(infra, logger, say);
  const base = `http://127.0.0.1:${infra.appPort}`;
  try {
    const consultant = await actor(CONSULTANT);
    const agency = consultant.agencyId!;
    say(
      `bench: 14. statistics: ${fmtInt(opts.applications)} applications and ${fmtInt(opts.sheetsPerWeek * 52)} sheets`,
    );
    const team = (
      await sql<
        { id: string }[]
      >`select id from rm_users where agency_id = ${agency} and role in ('ADMIN_CONSULTANT', 'COLLABORATOR')`
    ).map((r) => r.id);
    const clients = (await sql<{ id: string }[]>`select id from rm_client_companies where agency_id = ${agency}`).map(
      (r) => r.id,
    );
    // a year of applications to 200 ads from 7 boards; two in three answered within 0-120 hours
    await sql`insert into rm_stats_applications (application_id, agency_id, branch_id, consultant_id, ad_id, ad_title, source,
        applied_at, applied_day, first_answer_at, retained, proposed, mission)
      select gen_random_uuid(), ${agency}, null, (${team}::uuid[])[1 + g % ${team.length}], 900000 + g % 200, 'Bench ad ' || (g % 200),
        'S0' || (1 + g % 7), t, (t at time zone 'Europe/Zurich')::date,
        case when g % 3 <> 0 then t + ((g % 120) || ' hours')::interval end, g % 4 = 0, g % 8 = 0, g % 16 = 0
      from (select g, now() - ((g % 365) || ' days')::interval - ((g % 24) || ' hours')::interval as t
        from generate_series(1, ${opts.applications}) g) s`;
    await sql`insert into rm_stats_ads (ad_id, agency_id, branch_id, consultant_id, state, published_day, expired_day)
      select 900000 + g, ${agency}, null, (${team}::uuid[])[1 + g % ${team.length}], case when g % 3 = 0 then 'expired' else 'online' end,
        current_date - (g % 365), case when g % 3 = 0 then current_date - (g % 365) + 30 end
      from generate_series(0, 199) g on conflict do nothing`;
    await sql`insert into rm_stats_orders (order_id, agency_id, branch_id, consultant_id, state, placed_day)
      select gen_random_uuid(), ${agency}, null, (${team}::uuid[])[1 + g % ${team.length}],
        (array['pending', 'validated', 'online', 'in_progress', 'completed', 'expired'])[1 + g % 6], current_date - (g % 365)
      from generate_series(1, 500) g`;
    await sql`insert into rm_stats_timesheets (timesheet_id, agency_id, branch_id, consultant_id, client_id, country, days, validated_day, minutes, amount_cents)
      select gen_random_uuid(), ${agency}, null, (${team}::uuid[])[1 + c % ${team.length}], (${clients}::uuid[])[1 + c % ${Math.max(1, clients.length)}],
        'CH', '[]'::jsonb, current_date - w * 7, 2400 + (c % 5) * 60, (c % 7) * 1500
      from generate_series(1, ${opts.sheetsPerWeek}) c, generate_series(0, 51) w`;
    await sql`analyze rm_stats_applications`;
    await sql`analyze rm_stats_timesheets`;
    const [{ total }] = await sql<[{ total: number }]>`
      select count(*)::int as total from rm_stats_applications where agency_id = ${agency}`;

    const cookie = await login(base, CONSULTANT);
    const queries = [
      "?period=this_year",
      "?period=last_30_days",
      "?period=this_month",
      `?period=custom&from=${new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10)}&to=${new Date().toISOString().slice(0, 10)}`,
      `?period=this_year&consultant=${team[0]}`,
    ];
    const measure = async (json: boolean) => {
      const times: number[] = [];
      for (let i = 0; i < 20; i++)
        await fetch(`${base}/statistiques${queries[i % queries.length]}`, { headers: { cookie } }).then((r) =>
          r.arrayBuffer(),
        );
      const spent = cpuMeter(infra.pgDir);
      for (let i = 0; i < opts.requests; i++) {
        const q = queries[i % queries.length]!;
        const started = now();
        const res = await fetch(`${base}/statistiques${q}${json ? `&_data=${encodeURIComponent(DATA)}` : ""}`, {
          headers: { cookie },
        });
        await res.arrayBuffer();
        if (res.status === 200) times.push(now() - started);
      }
      return { s: summarize(times), cpu: spent(), ok: times.length };
    };
    const page = await measure(false);
    const data = await measure(true);
    // the issue's target is server time as CPU per page (the app and PostgreSQL), which other work on the machine does not inflate
    const cpuPerPage = (page.cpu.nodeMs + page.cpu.pgMs) / Math.max(1, page.ok);
    const pass = cpuPerPage <= 300 && page.ok === opts.requests;
    const row = (label: string, m: typeof page, target: string, result: string) => [
      label,
      fmtInt(m.s.count),
      fmtMs(m.s.p50),
      fmtMs(m.s.p95),
      fmtMs(m.s.max),
      opts.requests - m.ok,
      perOpMs(m.cpu, Math.max(1, m.ok)),
      otherShare(m.cpu),
      target,
      result,
    ];
    return {
      title: "14. Statistics",
      method:
        `The app in this process (startApp, role "web", production build). The Geneva consultant's /statistiques over HTTP, one request at a time, ` +
        `${queries.length} filter combinations in turn (this year, last 30 days, this month, a custom year, this year for one consultant), each with the period before it: ` +
        `${fmtInt(total)} applications of the agency over the last year and ${fmtInt(opts.sheetsPerWeek * 52)} validated sheets (${opts.sheetsPerWeek} a week for 52 weeks). ` +
        `"page" is the server-rendered HTML with its six recharts charts and tables; "loader JSON" the data alone.`,
      headers: [
        "measure",
        "samples",
        "p50 (ms)",
        "p95 (ms)",
        "max (ms)",
        "failed",
        "CPU per op: app+bench + postgres",
        "machine CPU used by other work",
        "target",
        "result",
      ],
      rows: [
        row(
          "/statistiques page (HTML)",
          page,
          `CPU per page <= 300 ms: ${fmtMs(cpuPerPage)} ms`,
          pass ? "pass" : "FAIL",
        ),
        row("/statistiques loader JSON", data, "none (reported)", "info"),
      ],
      verdict: pass ? "pass" : "FAIL",
      notes: [
        "The rows were inserted straight into the statistics read models (rm_stats_*), as the projection writes them: applications over 365 days, sources S01-S07, 200 ads, two in three answered within 120 hours.",
      ],
    };
  } finally {
    await app.close();
  }
}
