/**
 * 6. Applications: a status change reaching the candidate's browser while many other sockets are
 * connected; the agency pipeline (/candidatures) over 50,000 applications; a bulk change of 500.
 * The app runs in this process (startApp, role "web") like the realtime measurement.
 */
import type { Socket } from "socket.io-client";
import type { Logger } from "../../server/lib/logger";
import { cpuMeter, otherShare, type CpuSpent } from "./cpu";
import type { BenchInfra } from "./infra";
import { login, openSocket, startSeededBenchApp } from "./realtime";
import type { Section } from "./report";
import { fmtInt, fmtMs, now, sleep, summarize } from "./stats";

const CANDIDATE = "candidate@demo.test";
const CONSULTANT = "consultant.ge@demo.test";
const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
const PIPELINE_DATA = "routes/_app+/candidatures";
const RETAINED_DATA = "routes/_app+/candidatures-retenues";

export interface ApplicationsBenchOptions {
  changes: number;
  otherSockets: number;
  pipelineRows: number;
  pipelineRequests: number;
  bulk: number;
}

const perOpMs = (spent: CpuSpent, ops: number) =>
  `${(spent.nodeMs / ops).toFixed(2)} + ${(spent.pgMs / ops).toFixed(2)} ms`;

export async function benchApplications(
  infra: BenchInfra,
  logger: Logger,
  say: (s: string) => void,
  opts: ApplicationsBenchOptions,
): Promise<Section> {
  const { app, sql, base, actor } = await startSeededBenchApp(infra, logger, say);
  const sockets: Socket[] = [];
  const domain = app.services;
  try {
    const [candidate, consultant] = await Promise.all([actor(CANDIDATE), actor(CONSULTANT)]);
    const geAds = (
      await sql<
        { id: number }[]
      >`select id::int as id from rm_ads where agency_id = ${consultant.agencyId} and status = 'online'
      and jsonb_array_length(coalesce(fields->'questions', '[]'::jsonb)) = 0 order by id`
    ).map((r) => r.id);

    // --- status change -> the candidate's browser, among other sockets --------------------------
    say(`bench: 6. applications: ${opts.otherSockets} other sockets, ${opts.changes} status changes`);
    const otherCookie = await login(base, "consultant.lyon@demo.test");
    for (let i = 0; i < opts.otherSockets; i++) sockets.push(await openSocket(base, otherCookie));
    const candidateCookie = await login(base, CANDIDATE, false);
    const socket = await openSocket(base, candidateCookie);
    sockets.push(socket);
    const received = new Map<number, number>();
    socket.on("live", (p: { position: number }) => {
      if (!received.has(p.position)) received.set(p.position, now());
    });
    // ten applications of the candidate, moved pending <-> retained in turn
    const mine: string[] = [];
    for (const adId of geAds.slice(0, 10)) {
      const existing = await domain.applications.myApplicationFor(candidate, adId);
      mine.push(
        existing?.id ??
          (await domain.applications.apply(candidate, {
            adId,
            source: "S01",
            answers: [],
            message: "",
            cv: { kind: "upload", name: "cv.pdf", bytes: PDF },
          })),
      );
    }
    const push: number[] = [];
    const shown: number[] = [];
    let missing = 0;
    const spentLive = cpuMeter(infra.pgDir);
    for (let i = 0; i < opts.changes; i++) {
      const id = mine[i % mine.length]!;
      const [row] = await sql<{ status: number }[]>`select status from rm_applications where id = ${id}`;
      const to = row!.status === 2 ? 3 : 2;
      const started = now();
      await domain.applications.changeStatus(consultant, id, { to });
      const [{ position }] = await sql<
        [{ position: string }]
      >`select max(global_position)::text as position from events where stream_id = ${`application-${id}`}`;
      let waited = 0;
      while (!received.has(Number(position)) && waited < 5000) {
        await sleep(1);
        waited = now() - started;
      }
      const at = received.get(Number(position));
      if (at === undefined) {
        missing++;
        continue;
      }
      push.push(at - started);
      // what useLive does next: the page's loader again, until it shows the new status
      const res = await fetch(`${base}/candidatures-retenues?_data=${encodeURIComponent(RETAINED_DATA)}`, {
        headers: { cookie: candidateCookie },
      });
      const data = (await res.json()) as { statuses: { id: string; status: number }[] };
      if (data.statuses.find((s) => s.id === id)?.status !== to) missing++;
      else shown.push(now() - started);
      await sleep(20);
    }
    const liveCpu = spentLive();
    const p = summarize(push);
    const s = summarize(shown);
    const liveOk = s.p95 <= 300 && missing === 0;

    // --- the pipeline over many applications ---------------------------------------------------
    say(`bench: 6. applications: ${fmtInt(opts.pipelineRows)} applications in the pipeline`);
    const people = Math.ceil(opts.pipelineRows / 10);
    await sql`insert into rm_users (id, email, password_hash, role, first_name, last_name, locale, country, verified, enabled, created_at)
      select gen_random_uuid(), 'bench' || g || '@bench.test', 'x', 'CANDIDATE', 'Bench', 'Person' || g, 'fr', 'CH', true, true, now()
      from generate_series(1, ${people}) g on conflict do nothing`;
    const ten = geAds.slice(10, 20);
    await sql`insert into rm_applications (id, ad_id, agency_id, ad_title, agency_name, consultant_id, candidate_id, source, channel, status, interest, answers,
        cv_file_id, auto_reply_due_at, answered_at, hidden_by_candidate, version, created_at, updated_at)
      select gen_random_uuid(), (${ten}::bigint[])[1 + (n.g % 10)], ${consultant.agencyId}, 'Bench ad ' || (n.g % 10), 'Léman Intérim SA', ${consultant.id}, u.id,
        'S0' || (1 + n.g % 5), 'signed_in', (array[3, 3, 3, 2, 1, 6])[1 + n.g % 6], (array[null, 'interesting', 'maybe', 'none'])[1 + n.g % 4], '[]'::jsonb,
        null, null, case when n.g % 3 = 0 then now() end, false, 1, now() - (n.g || ' minutes')::interval, now()
      from (select g, row_number() over () as r from generate_series(1, ${opts.pipelineRows}) g) n
      join (select id, row_number() over (order by email) as r from rm_users where email like 'bench%@bench.test') u on u.r = 1 + (n.g / 10) % ${people}
      on conflict do nothing`;
    await sql`analyze rm_applications`;
    const [{ total }] = await sql<
      [{ total: number }]
    >`select count(*)::int as total from rm_applications where agency_id = ${consultant.agencyId}`;
    const consultantCookie = await login(base, CONSULTANT);
    const queries = [
      "",
      "?status=3",
      "?status=2&interest=interesting",
      `?adId=${ten[3]}&sort=candidate`,
      "?unanswered=1",
      "?q=Person42",
      "?source=S03&sort=oldest&page=40",
      "?from=2020-01-01&to=2099-01-01&page=200",
    ];
    const pipeline: number[] = [];
    const spentPipeline = cpuMeter(infra.pgDir);
    for (let i = 0; i < opts.pipelineRequests; i++) {
      const q = queries[i % queries.length]!;
      const started = now();
      const res = await fetch(`${base}/candidatures${q}${q ? "&" : "?"}_data=${encodeURIComponent(PIPELINE_DATA)}`, {
        headers: { cookie: consultantCookie },
      });
      await res.arrayBuffer();
      if (res.status === 200) pipeline.push(now() - started);
    }
    const pipelineCpu = spentPipeline();
    const pl = summarize(pipeline);
    const pipelineOk = pl.p95 <= 100 && pipeline.length === opts.pipelineRequests;

    // --- bulk change of 500 ------------------------------------------------------------------
    say(`bench: 6. applications: bulk change of ${opts.bulk}`);
    const adId = geAds[20] ?? geAds[0]!;
    const applicants = await sql<
      { id: string }[]
    >`select id from rm_users where email like 'bench%@bench.test' order by email limit ${opts.bulk}`;
    const ids: string[] = [];
    for (const a of applicants)
      ids.push(
        await domain.applications.apply(
          { id: a.id, role: "CANDIDATE", agencyId: null, clientId: null },
          { adId, source: "S01", answers: [], message: "", cv: { kind: "registered" } },
        ),
      );
    const spentBulk = cpuMeter(infra.pgDir);
    const bulkStarted = now();
    const { results } = await domain.applications.bulkChangeStatus(consultant, ids, { to: 2 });
    const bulkMs = now() - bulkStarted;
    const bulkCpu = spentBulk();
    const changed = results.filter((r) => r.ok).length;

    return {
      title: "6. Applications",
      method:
        `The app in this process (startApp, role "web", production build). Status changes: ${fmtInt(opts.changes)} changes (pending <-> retained, one at a time) ` +
        `of the demo candidate's applications by the Geneva consultant's command while ${fmtInt(opts.otherSockets)} other socket.io websockets (another agency's consultant) are connected; ` +
        `"push" is from the command resolving to the candidate's socket receiving the event, "shown" adds the revalidation useLive makes (the list's loader JSON, checked to show the new status). ` +
        `Pipeline: the Geneva consultant's /candidatures loader JSON over HTTP with ${fmtInt(total)} applications of the agency, ${queries.length} filter/sort/page combinations in turn. ` +
        `Bulk: one bulkChangeStatus of ${fmtInt(opts.bulk)} applications (each its own command, load-decide-append).`,
      headers: [
        "measure",
        "samples",
        "p50 (ms)",
        "p95 (ms)",
        "max (ms)",
        "missing",
        "CPU per op: app+bench + postgres",
        "machine CPU used by other work",
        "target",
        "result",
      ],
      rows: [
        [
          "status change -> candidate socket (push)",
          fmtInt(p.count),
          fmtMs(p.p50),
          fmtMs(p.p95),
          fmtMs(p.max),
          missing,
          perOpMs(liveCpu, Math.max(1, opts.changes)),
          otherShare(liveCpu),
          "none (reported)",
          "info",
        ],
        [
          "status change -> list shows it (push + revalidation)",
          fmtInt(s.count),
          fmtMs(s.p50),
          fmtMs(s.p95),
          fmtMs(s.max),
          missing,
          "(same)",
          "(same)",
          "p95 <= 300 ms",
          liveOk ? "pass" : "FAIL",
        ],
        [
          `/candidatures, ${fmtInt(total)} applications`,
          fmtInt(pl.count),
          fmtMs(pl.p50),
          fmtMs(pl.p95),
          fmtMs(pl.max),
          opts.pipelineRequests - pipeline.length,
          perOpMs(pipelineCpu, Math.max(1, pipeline.length)),
          otherShare(pipelineCpu),
          "p95 <= 100 ms",
          pipelineOk ? "pass" : "FAIL",
        ],
        [
          `bulk change of ${fmtInt(opts.bulk)}`,
          1,
          fmtMs(bulkMs),
          "-",
          "-",
          opts.bulk - changed,
          perOpMs(bulkCpu, Math.max(1, changed)),
          otherShare(bulkCpu),
          `none (reported): ${fmtInt((changed / bulkMs) * 1000)} events/s`,
          "info",
        ],
      ],
      verdict: liveOk && pipelineOk ? "pass" : "FAIL",
      notes: [
        "The candidate's socket and the other sockets run in the bench process, which is also the app's: both ends share its clock and its CPU.",
        "Pipeline rows were inserted straight into the read model (rm_applications) with candidate accounts; the statuses, interests, sources and dates vary so every filter has matches.",
      ],
    };
  } finally {
    sockets.forEach((s) => s.close());
    await app.close();
  }
}
