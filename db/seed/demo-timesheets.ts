import type { createDomain } from "../../server/services";
import type { Actor } from "../../server/modules/identity/contract";
import { addDaysTo, minutesOf, mondayOf } from "../../server/modules/planning/contract";
import {
  emptyDay,
  type DayEntry,
  type TimesheetAction,
  type TimesheetStatus,
} from "../../server/modules/timesheets/contract";

type Domain = ReturnType<typeof createDomain>;
type Party = "candidate" | "agency" | "client";

/** The steps that bring a freshly opened sheet to each status, and who takes them. */
const PATH: Record<TimesheetStatus, [Party, Exclude<TimesheetAction, "save" | "correct" | "adjust">][]> = {
  in_progress: [],
  employee_validated: [["candidate", "submit"]],
  agency_validated: [
    ["candidate", "submit"],
    ["agency", "validate_agency"],
  ],
  client_validated: [
    ["candidate", "submit"],
    ["agency", "validate_agency"],
    ["client", "validate_client"],
  ],
  verification: [
    ["candidate", "submit"],
    ["agency", "validate_agency"],
    ["client", "request_verification"],
  ],
  cancelled: [["agency", "cancel"]],
  not_performed: [["agency", "not_performed"]],
};

/** A day as typed: "07:30-16:30" ranges (an end before the start is the next morning), a break, extras. */
const entry = (day: string, ranges: string[], breakMin: number, extra: Partial<DayEntry> = {}): DayEntry => ({
  ...emptyDay(day),
  ranges: ranges
    .map((r) => r.split("-") as [string, string])
    .map(([s, e]) => ({ startMin: minutesOf(s), endMin: minutesOf(e) })),
  breakMin,
  ...extra,
});
/** The same hours on the weekdays given (0 = Monday) of a week. */
const days = (week: string, weekdays: number[], ranges: string[], breakMin: number) =>
  weekdays.map((n) => entry(addDaysTo(week, n), ranges, breakMin));

interface DemoSheet {
  weeksAgo: number;
  status: TimesheetStatus;
  days: (week: string) => DayEntry[];
  /** the verification comment, or the reason of a cancellation or a mission not performed */
  reason?: string;
  /** a client's reduction (an hour off the Tuesday) with its comment, validating the sheet; and the candidate's dispute of it */
  reduced?: { comment: string; dispute: string };
}

/**
 * Timesheets in every status for both demo agencies, on validated missions for a client company
 * that has a user (client@demo.test in Geneva, client.lyon@demo.test in Lyon), through the
 * commands like real use: the candidate opens, enters and submits, the consultant validates, the
 * client validates or asks for a check. Past weeks only, so every step is plausible; each
 * company has sheets waiting for its validation. Safe to run again: a sheet already past its
 * opening is left alone, and the missions are found before they are created.
 */
export async function seedDemoTimesheets(domain: Domain) {
  const { identity, placements, timesheets } = domain;
  const sql = domain.store.sql;
  const actor = async (email: string): Promise<Actor> => {
    const u = (await identity.credentialsByEmail(email))!;
    return { id: u.id, role: u.role, agencyId: u.agencyId, clientId: u.clientId };
  };
  const thisWeek = mondayOf(new Date().toISOString().slice(0, 10));

  /**
   * The candidate's validated mission for the client's company with no start date (so past weeks
   * are in it): found, or proposed on an online ad of that company nobody was proposed for, and accepted.
   */
  async function missionFor(consultant: Actor, client: Actor, candidate: Actor): Promise<string | null> {
    const [found] = await sql<
      { id: string }[]
    >`select id from rm_placements where candidate_id = ${candidate.id} and client_id = ${client.clientId}
      and status = 'validated' and start_date is null order by created_at limit 1`;
    if (found) return found.id;
    const [ad] = await sql<
      { id: number }[]
    >`select a.id::int as id from rm_ads a where a.agency_id = ${consultant.agencyId} and a.client_id = ${client.clientId}
      and a.status = 'online' and a.commitment_date is null and not exists (select 1 from rm_proposals p where p.ad_id = a.id) order by a.published_at desc, a.id limit 1`;
    if (!ad) return null;
    const proposalId = await placements.propose(consultant, {
      adId: ad.id,
      candidateIds: [candidate.id],
      mode: "first",
      places: 1,
      expiresAt: new Date(Date.now() + 14 * 86_400_000),
      message: "",
    });
    return (await placements.acceptProposal(candidate, proposalId))[0] ?? null;
  }

  async function seedSheets(consultant: Actor, client: Actor, candidate: Actor, sheets: DemoSheet[]) {
    const placementId = await missionFor(consultant, client, candidate);
    if (!placementId) return;
    const by: Record<Party, Actor> = { candidate, agency: consultant, client };
    for (const s of sheets) {
      const week = addDaysTo(thisWeek, -7 * s.weeksAgo);
      const timesheetId = await timesheets.openTimesheet(candidate, { placementId, week });
      const opened = (await timesheets.timesheet(candidate, timesheetId))!;
      if (opened.version > 1 || opened.status !== "in_progress") continue; // seeded already
      let version = opened.version;
      for (const d of s.days(week))
        version = (await timesheets.saveTimesheetDay(candidate, { timesheetId, entry: d })).version ?? version;
      for (const [party, action] of PATH[s.status]) {
        const reason = action === "submit" || action.startsWith("validate") ? null : s.reason;
        version = (await timesheets.moveTimesheet(by[party], { timesheetId, version, action, reason })).version;
      }
      if (s.reduced) {
        const reductions = [{ day: addDaysTo(week, 1), minutes: 60 }];
        version = (
          await timesheets.moveTimesheet(client, {
            timesheetId,
            version,
            action: "reduce",
            reason: s.reduced.comment,
            reductions,
          })
        ).version;
        await timesheets.moveTimesheet(candidate, {
          timesheetId,
          version,
          action: "dispute",
          reason: s.reduced.dispute,
        });
      }
    }
  }

  const [ge, geClient, lea, ana, lyon, lyonClient, hugo, tom] = await Promise.all(
    [
      "consultant.ge@demo.test",
      "client@demo.test",
      "candidate@demo.test",
      "ana.silva@demo.test",
      "consultant.lyon@demo.test",
      "client.lyon@demo.test",
      "candidate.fr@demo.test",
      "tom.girard@demo.test",
    ].map(actor),
  );
  const mondayToFriday = [0, 1, 2, 3, 4];

  // Geneva's client: its collective agreement, Geneva's holidays, and deadlines long enough that the demo's weeks keep their states for a while
  const [settings] = (await timesheets.clientTimesheetSettings(ge!)).filter((c) => c.clientId === geClient!.clientId);
  if (settings && settings.version === 0)
    await timesheets.setClientTimesheetSettings(ge!, {
      clientId: geClient!.clientId!,
      version: 0,
      settings: {
        plannedHoursAfterDays: 14,
        deemedValidatedAfterDays: 10,
        rules: {
          agreement: "CCT Location de services",
          region: "GE",
          weeklyHours: 42,
          overtimePct: 125,
          nightPct: null,
          nightStartMin: null,
          nightEndMin: null,
          sundayPct: null,
        },
      },
    });

  // Geneva (CH): Léa's month, with a night across midnight and a Sunday, and a reduction she disputes; Ana's other statuses
  await seedSheets(ge!, geClient!, lea!, [
    {
      weeksAgo: 5,
      status: "agency_validated",
      days: (w) => days(w, mondayToFriday, ["07:30-16:30"], 45),
      reduced: {
        comment: "Mardi : départ à 15h30 selon notre pointage.",
        dispute: "Je suis restée jusqu'à 16h30 pour finir l'inventaire, le chef d'équipe peut le confirmer.",
      },
    },
    {
      weeksAgo: 4,
      status: "client_validated",
      // a week of inventory: long days (overtime past 45 h) and the Sunday morning
      days: (w) => [
        ...days(w, mondayToFriday, ["07:00-17:30"], 45),
        entry(addDaysTo(w, 6), ["08:00-12:00"], 0, { notes: "Inventaire annuel" }),
      ],
    },
    {
      weeksAgo: 3,
      status: "client_validated",
      // Thursday night on the machines' maintenance, Friday off to rest
      days: (w) => [
        ...days(w, [0, 1, 2], ["07:30-16:30"], 45),
        entry(addDaysTo(w, 3), ["22:00-06:00"], 30, { mealFees: 1500, notes: "Maintenance des machines de nuit" }),
      ],
    },
    {
      weeksAgo: 2,
      status: "verification",
      days: (w) => [...days(w, [0, 1, 3, 4], ["07:30-16:30"], 45), entry(addDaysTo(w, 2), ["07:30-17:30"], 45)],
      reason: "Mercredi : notre pointage indique une sortie à 16h30, merci de vérifier.",
    },
    { weeksAgo: 1, status: "agency_validated", days: (w) => days(w, mondayToFriday, ["07:30-16:30"], 45) },
  ]);
  await seedSheets(ge!, geClient!, ana!, [
    {
      weeksAgo: 5,
      status: "cancelled",
      days: () => [],
      reason: "Feuille ouverte par erreur : semaine de vacances convenue avec le client.",
    },
    {
      weeksAgo: 4,
      status: "not_performed",
      days: () => [],
      reason: "Absente toute la semaine pour maladie, certificat médical reçu.",
    },
    { weeksAgo: 3, status: "agency_validated", days: (w) => days(w, mondayToFriday, ["08:00-17:00"], 60) },
    { weeksAgo: 2, status: "employee_validated", days: (w) => days(w, mondayToFriday, ["08:00-17:00"], 60) },
    // still being entered: Thursday and Friday to come
    { weeksAgo: 1, status: "in_progress", days: (w) => days(w, [0, 1, 2], ["08:00-17:00"], 60) },
  ]);

  // Lyon (FR): building sites, lunch between two ranges; Hugo's month with a Sunday and overtime past 35 h
  await seedSheets(lyon!, lyonClient!, hugo!, [
    {
      weeksAgo: 4,
      status: "client_validated",
      days: (w) => days(w, mondayToFriday, ["07:30-12:00", "13:00-17:30"], 0),
    },
    {
      weeksAgo: 3,
      status: "client_validated",
      // the slab poured on Sunday morning
      days: (w) => [
        ...days(w, mondayToFriday, ["08:00-12:00", "13:00-16:00"], 0),
        entry(addDaysTo(w, 6), ["07:00-12:00"], 0, { notes: "Coulage de dalle" }),
      ],
    },
    {
      weeksAgo: 2,
      status: "verification",
      days: (w) => days(w, mondayToFriday, ["08:00-12:00", "13:00-16:00"], 0),
      reason: "Mardi : le chef de chantier note une fin à 15h, merci de corriger.",
    },
    {
      weeksAgo: 1,
      status: "agency_validated",
      days: (w) => days(w, mondayToFriday, ["08:00-12:00", "13:00-16:00"], 0),
    },
  ]);
  await seedSheets(lyon!, lyonClient!, tom!, [
    {
      weeksAgo: 5,
      status: "cancelled",
      days: () => [],
      reason: "Feuille ouverte par erreur : Tom était en formation CACES cette semaine.",
    },
    {
      weeksAgo: 4,
      status: "not_performed",
      days: () => [],
      reason: "Chantier arrêté toute la semaine pour intempéries.",
    },
    {
      weeksAgo: 3,
      status: "agency_validated",
      days: (w) => days(w, mondayToFriday, ["08:00-12:00", "13:00-16:00"], 0),
    },
    {
      weeksAgo: 2,
      status: "employee_validated",
      days: (w) => days(w, mondayToFriday, ["08:00-12:00", "13:00-16:00"], 0),
    },
    { weeksAgo: 1, status: "in_progress", days: (w) => days(w, [0, 1], ["08:00-12:00", "13:00-16:00"], 0) },
  ]);
}
