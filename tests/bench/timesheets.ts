/**
 * 9. Timesheets: a client user validating 500 sheets the way the bulk action of /releves-heures
 * does (moveTimesheet per sheet, one after the other), and the pay engine over a month of weekly
 * sheets of 1,000 candidates (payOf -> computeWeek: pure, no database).
 */
import { attempt } from "../../app/utils/action.server";
import { seededRandom } from "../../db/seed/ad-texts";
import { seedDemo } from "../../db/seed/demo";
import { connect } from "../../server/infra/database";
import { createStorage } from "../../server/infra/storage";
import type { Logger } from "../../server/lib/logger";
import type { Actor } from "../../server/modules/identity/contract";
import { addDaysTo, mondayOf } from "../../server/modules/planning/contract";
import {
  emptyDay,
  isWarning,
  PAY_CATEGORIES,
  type DayEntry,
  type PayCategory,
} from "../../server/modules/timesheets/contract";
import { payOf } from "../../server/modules/timesheets/queries";
import { createDomain } from "../../server/services";
import { cpuMeter, otherShare, perOp } from "./cpu";
import type { BenchInfra } from "./infra";
import type { Section } from "./report";
import { fmtInt, fmtMs, now, runConcurrent, summarize } from "./stats";

const CONSULTANT = "consultant.ge@demo.test";
const CLIENT = "client@demo.test";
/** The bulk's target: 500 sheets validated in at most 10 s on this machine. */
const BULK_TARGET_MS = 10_000;
const PAY_TARGET_PER_S = 2000;
/** A week of no demo sheet (the missions here have no dates): the client's list holds only the bench's. */
const BULK_WEEK = "2031-03-03";
/** A month with public holidays in both countries (1 and 8 May in France, Ascension in both). */
const PAY_MONTH = "2031-05";

export interface TimesheetsBenchOptions {
  sheets: number;
  payCandidates: number;
  payRounds: number;
}

type Sheet = { country: "CH" | "FR"; days: DayEntry[] };
const h = (hours: number) => Math.round(hours * 60);
const day = (d: string, ranges: [number, number][], breakMin: number): DayEntry => ({
  ...emptyDay(d),
  ranges: ranges.map(([s, e]) => ({ startMin: h(s), endMin: h(e) % (24 * 60) })),
  breakMin,
});

/**
 * A month of weekly sheets (seeded: the same every run): per candidate a country (55 % Swiss) and
 * a kind of work, kept all month; each week worked or not (leave, between missions), some with
 * overtime, some with a Sunday. Day shifts (French 35 h weeks, Swiss about 41 h), split shifts in
 * hospitality, nights across midnight (22:00-05:30), retail Tuesday to Saturday; overtime weeks
 * are 1.5 to 2.5 h longer a day.
 */
export function monthOfSheets(candidates: number, month = PAY_MONTH): Sheet[] {
  const r = seededRandom(20310501);
  const first = `${month}-01`;
  const weeks: string[] = [];
  for (let w = mondayOf(first); w.slice(0, 7) <= month; w = addDaysTo(w, 7)) weeks.push(w);
  const sheets: Sheet[] = [];
  for (let c = 0; c < candidates; c++) {
    const country = r.chance(0.55) ? "CH" : "FR";
    const kind = r.weighted({ day: 65, split: 10, night: 15, retail: 10 });
    const start = r.pick([6, 7, 7.5, 8]);
    for (const week of weeks) {
      if (!r.chance(0.86)) continue;
      const overtime = r.chance(0.2);
      const sunday = r.chance(0.1);
      const at = (n: number) => addDaysTo(week, n);
      const days: DayEntry[] = [];
      if (kind === "day") {
        // a Swiss day of 8 h 15 worked, a French one of 7 h; overtime weeks 1.5 h longer every day
        const span = (country === "CH" ? 9 : 8) + (overtime ? 1.5 : 0);
        for (let n = 0; n < 5; n++) days.push(day(at(n), [[start, start + span]], country === "CH" ? 45 : 60));
        if (sunday) days.push(day(at(6), [[8, 12]], 0));
      } else if (kind === "split") {
        for (let n = 1; n < 6; n++)
          days.push(
            day(
              at(n),
              [
                [10, 14],
                [18, overtime ? 23.5 : 21],
              ],
              0,
            ),
          );
        if (sunday)
          days.push(
            day(
              at(6),
              [
                [10, 14],
                [18, 21],
              ],
              0,
            ),
          );
      } else if (kind === "night") {
        // Sunday-to-Thursday nights in some weeks: the Sunday night starts on the week's Sunday
        const nights = sunday ? [6, 0, 1, 2, 3] : [0, 1, 2, 3, 4];
        for (const n of nights) days.push(day(at(n), [[overtime ? 21 : 22, overtime ? 30 : 29.5]], 30));
      } else {
        for (let n = 1; n < 6; n++) days.push(day(at(n), overtime ? [[8.5, 19]] : [[9, 17]], 60));
        if (sunday) days.push(day(at(6), [[10, 17]], 30));
      }
      sheets.push({ country, days: days.sort((a, b) => a.day.localeCompare(b.day)) });
    }
  }
  return sheets;
}

export async function benchTimesheets(
  infra: BenchInfra,
  logger: Logger,
  say: (s: string) => void,
  opts: TimesheetsBenchOptions,
): Promise<Section> {
  const sql = connect(infra.databaseUrl, logger, 8);
  try {
    const domain = createDomain(sql, { storage: createStorage(infra.dir) });
    await seedDemo(domain); // false when an earlier measurement seeded it
    const actor = async (email: string): Promise<Actor> => {
      const u = (await domain.identity.credentialsByEmail(email))!;
      return { id: u.id, role: u.role, agencyId: u.agencyId, clientId: u.clientId };
    };
    const [consultant, client] = await Promise.all([actor(CONSULTANT), actor(CLIENT)]);
    const { timesheets } = domain;

    // --- 500 sheets waiting for the client ----------------------------------------------------
    say(`bench: 9. timesheets: ${opts.sheets} sheets opened, entered, submitted and validated by the agency`);
    // people and validated missions for the client's company straight into the read models, as in 8
    await sql`insert into rm_users (id, email, password_hash, role, first_name, last_name, locale, country, verified, enabled, created_at)
      select gen_random_uuid(), 'ts' || g || '@bench.test', 'x', 'CANDIDATE', 'Bench', 'Sheet' || lpad(g::text, 3, '0'), 'fr', 'CH', true, true, now()
      from generate_series(1, ${opts.sheets}) g on conflict do nothing`;
    const [ad] = await sql<
      { id: number; title: string }[]
    >`select id::int as id, title from rm_ads where agency_id = ${consultant.agencyId} and client_id = ${client.clientId} order by id limit 1`;
    await sql`insert into rm_placements (id, agency_id, ad_id, ad_title, agency_name, candidate_id, client_id, branch_id, consultant_id, proposal_id, place_name, start_date, end_date, status, created_at)
      select gen_random_uuid(), ${consultant.agencyId}, ${ad!.id}, ${ad!.title}, 'Léman Intérim SA', u.id, ${client.clientId}, null, ${consultant.id}, null, 'Genève', null, null, 'validated', now()
      from rm_users u where u.email like 'ts%@bench.test'`;
    const missions = await sql<
      { id: string; candidateId: string }[]
    >`select m.id, m.candidate_id as "candidateId" from rm_placements m
      join rm_users u on u.id = m.candidate_id where u.email like 'ts%@bench.test' order by u.email`;
    const spentSetup = cpuMeter(infra.pgDir);
    const setupMs = await runConcurrent(missions.length, 4, async (i) => {
      const m = missions[i]!;
      const who: Actor = { id: m.candidateId, role: "CANDIDATE", agencyId: null, clientId: null };
      const timesheetId = await timesheets.openTimesheet(who, { placementId: m.id, week: BULK_WEEK });
      let version = 1;
      for (let n = 0; n < 5; n++)
        version =
          (
            await timesheets.saveTimesheetDay(who, {
              timesheetId,
              entry: day(addDaysTo(BULK_WEEK, n), [[7.5, 17]], 45),
            })
          ).version ?? version;
      version = (await timesheets.moveTimesheet(who, { timesheetId, version, action: "submit" })).version;
      await timesheets.moveTimesheet(consultant, { timesheetId, version, action: "validate_agency" });
    });
    const setupCpu = spentSetup();
    const setupCommands = missions.length * 8;

    // the page's list, then its bulk action: each sheet ticked with the version shown, validated alone
    const listed: number[] = [];
    let waiting = await timesheets.timesheets(client, { status: "agency_validated", week: BULK_WEEK });
    for (let i = 0; i < 5; i++) {
      const t0 = now();
      waiting = await timesheets.timesheets(client, { status: "agency_validated", week: BULK_WEEK });
      listed.push(now() - t0);
    }
    say(`bench: 9. timesheets: the client validates ${waiting.length} sheets`);
    const [{ head }] = await sql<
      [{ head: string }]
    >`select coalesce(max(global_position), 0)::text as head from events`;
    let refused = 0;
    const spentBulk = cpuMeter(infra.pgDir);
    const bulkStarted = now();
    for (const s of waiting) {
      const done = await attempt(() =>
        timesheets.moveTimesheet(client, { timesheetId: s.id, version: s.version, action: "validate_client" }),
      );
      if (!done.ok) refused++;
    }
    const bulkMs = now() - bulkStarted;
    const bulkCpu = spentBulk();
    const [{ events, validated }] = await sql<[{ events: number; validated: number }]>`select
      (select count(*)::int from events where global_position > ${head}) as events,
      (select count(*)::int from rm_timesheets where week = ${BULK_WEEK} and status = 'client_validated' and client_validated_by = ${client.id}) as validated`;
    const bulkOk = waiting.length === opts.sheets && validated === opts.sheets && bulkMs <= BULK_TARGET_MS;

    // --- pay of a month of sheets --------------------------------------------------------------
    const sheets = monthOfSheets(opts.payCandidates);
    say(`bench: 9. timesheets: pay of ${fmtInt(sheets.length)} weekly sheets, ${opts.payRounds} rounds`);
    // one pass first: luxon's zones and the years' holiday calendars are built once per process
    const weeks = sheets.map(payOf);
    const spentPay = cpuMeter(infra.pgDir);
    const payStarted = now();
    for (let round = 0; round < opts.payRounds; round++) for (const s of sheets) payOf(s);
    const payMs = now() - payStarted;
    const payCpu = spentPay();
    const paid = sheets.length * opts.payRounds;
    const payRate = (paid / payMs) * 1000;
    const minutes = Object.fromEntries(PAY_CATEGORIES.map((c) => [c, 0])) as Record<PayCategory, number>;
    for (const w of weeks) for (const c of PAY_CATEGORIES) minutes[c] += w.totals.byCategory[c];
    const worked = weeks.reduce((n, w) => n + w.totals.workedMin, 0);
    const errors = weeks.reduce((n, w) => n + w.problems.filter((p) => !isWarning(p.key)).length, 0);
    const share = (m: number) => `${((m / worked) * 100).toFixed(1)} %`;
    const count = (test: (s: Sheet) => boolean) => fmtInt(sheets.filter(test).length);

    const list = summarize(listed);
    return {
      title: "9. Timesheets",
      method:
        `Bulk: ${fmtInt(opts.sheets)} candidates with a validated mission for the demo client company (Horlogerie du Rhône SA, Léman Intérim SA), inserted straight into rm_users and rm_placements as in 8; ` +
        `each sheet of the week of ${BULK_WEEK} opened, five weekdays entered (07:30-17:00, 45 min break), submitted by the candidate and validated by the Geneva consultant through the module's commands (4 sheets at a time); ` +
        `then client@demo.test lists the sheets waiting (the page's query) and validates them as the bulk action of /releves-heures does: moveTimesheet(validate_client) per sheet with the version listed, one after the other. ` +
        `Target: ${fmtInt(opts.sheets)} sheets validated in at most ${BULK_TARGET_MS / 1000} s on this machine. ` +
        `Pay: a month (${PAY_MONTH}) of weekly sheets of ${fmtInt(opts.payCandidates)} candidates (generated, seeded) through payOf -> computeWeek with each country's default rules, in this process without a database, ` +
        `${opts.payRounds} rounds after one warm-up pass. Target: at least ${fmtInt(PAY_TARGET_PER_S)} sheets/s.`,
      headers: [
        "measure",
        "sheets",
        "seconds",
        "sheets/s",
        "events/s",
        "refused",
        "CPU per sheet: node + postgres",
        "machine CPU used by other work",
        "target",
        "result",
      ],
      rows: [
        [
          "preparing: open, 5 days, submit, agency validation (8 commands a sheet)",
          fmtInt(missions.length),
          (setupMs / 1000).toFixed(1),
          fmtInt((missions.length / setupMs) * 1000),
          fmtInt((setupCommands / setupMs) * 1000),
          0,
          perOp(setupCpu, missions.length),
          otherShare(setupCpu),
          "none (reported)",
          "info",
        ],
        [
          `the client's list of the sheets waiting (p50 of ${list.count}, the page's query)`,
          fmtInt(waiting.length),
          (list.p50 / 1000).toFixed(3),
          "-",
          "-",
          "-",
          "-",
          "-",
          "none (reported)",
          "info",
        ],
        [
          "client bulk validation (moveTimesheet validate_client per sheet)",
          fmtInt(validated),
          (bulkMs / 1000).toFixed(2),
          fmtInt((validated / bulkMs) * 1000),
          fmtInt((events / bulkMs) * 1000),
          refused,
          perOp(bulkCpu, Math.max(1, waiting.length)),
          otherShare(bulkCpu),
          `${fmtInt(opts.sheets)} in <= ${BULK_TARGET_MS / 1000} s`,
          bulkOk ? "pass" : "FAIL",
        ],
        [
          `pay of a month of sheets (payOf, ${opts.payRounds} rounds)`,
          fmtInt(paid),
          (payMs / 1000).toFixed(2),
          fmtInt(payRate),
          "-",
          "-",
          perOp(payCpu, paid),
          otherShare(payCpu),
          `>= ${fmtInt(PAY_TARGET_PER_S)} sheets/s`,
          payRate >= PAY_TARGET_PER_S ? "pass" : "FAIL",
        ],
      ],
      verdict: bulkOk && payRate >= PAY_TARGET_PER_S ? "pass" : "FAIL",
      tables: [
        {
          title: "The month of sheets (pay)",
          headers: [
            "sheets",
            "Swiss / French",
            "with a night across midnight",
            "with a Sunday",
            "hours worked",
            "normal",
            "night",
            "Sunday",
            "public holiday",
            "overtime",
            "sheets with overtime",
            "errors",
          ],
          rows: [
            [
              fmtInt(sheets.length),
              `${count((s) => s.country === "CH")} / ${count((s) => s.country === "FR")}`,
              count((s) => s.days.some((d) => d.ranges.some((x) => x.endMin <= x.startMin))),
              count((s) => s.days.some((d) => new Date(`${d.day}T00:00:00Z`).getUTCDay() === 0)),
              fmtInt(worked / 60),
              share(minutes.normal),
              share(minutes.night),
              share(minutes.sunday),
              share(minutes.holiday),
              share(minutes.overtime),
              fmtInt(weeks.filter((w) => w.totals.byCategory.overtime > 0).length),
              errors,
            ],
          ],
        },
      ],
      notes: [
        `Events/s counts the events appended during the bulk (one TimesheetMoved per sheet). The list's p50 is ${fmtMs(list.p50)} ms; the page lists at most 500 sheets.`,
        `The bulk's CPU in all (this process + PostgreSQL): ${((bulkCpu.nodeMs + bulkCpu.pgMs) / 1000).toFixed(2)} s for ${(bulkMs / 1000).toFixed(2)} s of wall time; the rest is waiting (one sheet after the other, each its own transaction and fsync, and the other work on the machine).`,
        `Pay: the CPU per sheet is this process's (no database is involved; PostgreSQL's share is its background work meanwhile): at that cost one core computes at most ${fmtInt((paid / payCpu.nodeMs) * 1000)} sheets/s whatever else runs. ` +
          "Minutes are shared among categories as the engine pays them (one premium per minute, the highest); public holidays are worked like other days.",
      ],
    };
  } finally {
    await sql.end({ timeout: 5 });
  }
}
