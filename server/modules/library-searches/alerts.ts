import fs from "node:fs";
import { handleCommand, type CommandOptions } from "../../event-store/command";
import type { DecideContext } from "../../event-store/decider";
import type { EventStore } from "../../event-store/store";
import type { Db } from "../../event-store/types";
import { localDay } from "../../lib/clock";
import { localeFile } from "../../lib/root";
import { AGENCY_STAFF_ROLES, type Role } from "../identity/contract";
import { candidateDocuments, type LibrarySearchService } from "../library";
import { librarySearchOf } from "../library/contract";
import type { NoticeSource } from "../module";
import { communicationChoicesOf, queueNoticeMail, type EnqueueIn } from "../notifications";
import { librarySearchDecider, type LibrarySearchCommand } from "./decider";
import { LIBRARY_DIGEST_SIZE, librarySearchesStream, type LibraryAlertSent } from "./events";

/** What the alerts run needs of the library: the ids a search matches now (scoped to the agency). */
export type MatchingIds = Pick<LibrarySearchService, "matchingIds">;

export interface LibraryAlertRun {
  /** digests sent (one mail and one notification each) */
  sent: number;
  /** Meilisearch could not be reached: the run stopped, nothing was recorded, the next run tries again */
  unavailable: boolean;
}

interface DueSearch {
  id: string;
  userId: string;
  agencyId: string;
  name: string;
  query: string;
  baselined: boolean;
  role: Role;
  email: string;
  locale: string;
  firstName: string;
  agencyCountry: string;
}

const BATCH = 200;
const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();
export const libraryLink = (query: string) => `/cv-theque${query ? `?${query}` : ""}`;

const professionNames = new Map<string, Record<string, string>>();
/** The desired professions' names in the consultant's language (the mail is theirs). */
function professionName(locale: string, id: string): string {
  if (!professionNames.has(locale)) {
    const file = localeFile(locale, "reference");
    const labels = fs.existsSync(file)
      ? (JSON.parse(fs.readFileSync(file, "utf8")) as { professions?: Record<string, string> })
      : {};
    professionNames.set(locale, labels.professions ?? {});
  }
  return professionNames.get(locale)![id] ?? id;
}

/**
 * Daily alerts of the saved library searches (issue 28, ADR 0037). A search's "new" candidates are
 * those it matches now and had never matched nor told of before: the first run after it was saved
 * (or its alerts switched back on) records what it matches (the baseline) and sends nothing; each
 * later run tells, once per day (Europe/Zurich), the candidates found beyond that set, and adds
 * them to it. The run reads the agency's library as the consultant (the tenant filter is the
 * library's), then checks each candidate against the access rule again, so someone hidden since the
 * index was written is never sent. The decider refuses a second digest for a search and day; the
 * mail is queued in the same transaction as the digest's event, so a retried or concurrent run never
 * sends twice, and the in-app notification is the event's notice.
 */
export function libraryAlerts({
  store,
  ctx,
  enqueue,
  publicUrl,
}: {
  store: EventStore;
  ctx: DecideContext;
  enqueue?: EnqueueIn;
  publicUrl: string;
}) {
  const sql = store.sql as Db;
  const site = publicUrl.replace(/\/+$/, "");
  const decide = (command: LibrarySearchCommand, userId: string, options?: CommandOptions) =>
    handleCommand(
      store,
      librarySearchDecider,
      librarySearchesStream(userId),
      command,
      ctx,
      { actor: "system" },
      options,
    );

  /** The new candidates the agency may still see, as the digest lists them: names, place, desired jobs. */
  async function stillVisible(s: DueSearch, ids: string[]) {
    const docs = await candidateDocuments(sql, ids);
    const order = new Map(ids.map((id, i) => [id, i]));
    return docs
      .filter((d) => d.agencyIds.includes(s.agencyId) || d.visibleCountry === s.agencyCountry)
      .sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  }

  async function alertOne(s: DueSearch, library: MatchingIds, day: string) {
    const actor = { id: s.userId, role: s.role, agencyId: s.agencyId, clientId: null };
    const found = await library.matchingIds(actor, librarySearchOf(new URLSearchParams(s.query)));
    if (found.unavailable) return "unavailable" as const;
    if (!s.baselined) {
      await decide({ type: "Baseline", userId: s.userId, searchId: s.id, candidateIds: found.ids }, s.userId);
      return "none" as const;
    }
    if (!found.ids.length) return "none" as const;
    const seen = new Set(
      (
        await sql<{ candidateId: string }[]>`select candidate_id as "candidateId" from rm_library_search_seen
          where search_id = ${s.id} and candidate_id = any(${found.ids}::uuid[])`
      ).map((r) => r.candidateId),
    );
    const fresh = await stillVisible(
      s,
      found.ids.filter((id) => !seen.has(id)),
    );
    if (!fresh.length) return "none" as const;
    // the digest is written in the language the person chose for mails (/communication)
    const locale = (await communicationChoicesOf(sql, s.userId))?.mailLocale ?? s.locale;
    const lines = fresh.slice(0, LIBRARY_DIGEST_SIZE).map((d) => {
      const jobs = d.professions.map((p) => professionName(locale, p)).join(", ");
      // a locality without a postal code reads "Carouge ()" in the index: the mail says "Carouge"
      const place = oneLine(d.placeName.replace(/\s*\(\)$/, ""));
      const who = [oneLine(`${d.firstName} ${d.lastName}`), place, jobs].filter(Boolean).join(" – ");
      return `${who}: ${site}/cv-theque/${d.id}`;
    });
    const events = await decide(
      { type: "SendAlert", userId: s.userId, searchId: s.id, day, candidateIds: fresh.map((d) => d.id) },
      s.userId,
      {
        // the mail holds the names; the event only ids: exactly when the digest is recorded
        inTransaction: async (tx, stored) => {
          if (!stored.some((e) => e.type === "LibraryAlertSent")) return;
          // as the person chose: no mail when alerts come in-app only (ADR 0047)
          await queueNoticeMail(
            tx,
            {
              userId: s.userId,
              noticeKind: "library_alert",
              to: s.email,
              locale,
              template: "libraryAlert",
              params: {
                name: s.firstName,
                search: s.name,
                count: String(fresh.length),
                candidates: lines.join("\n"),
                link: `${site}${libraryLink(s.query)}`,
                manage: `${site}/cv-theque/recherches`,
              },
            },
            { enqueue, publicUrl: site },
          );
        },
      },
    );
    return events.some((e) => e.type === "LibraryAlertSent") ? ("sent" as const) : ("none" as const);
  }

  return {
    /** One pass over every due search (the job runs it every 15 minutes). */
    async sendLibraryAlerts(library: MatchingIds): Promise<LibraryAlertRun> {
      const day = localDay(ctx.clock.now());
      let sent = 0;
      let after = "00000000-0000-0000-0000-000000000000";
      for (;;) {
        // a consultant disabled, or now in another agency, gets no alert for the searches of the old one
        const due = await sql<DueSearch[]>`
          select s.id, s.user_id as "userId", s.agency_id as "agencyId", s.name, s.query, s.baselined,
            u.role, u.email, u.locale, u.first_name as "firstName", a.country as "agencyCountry"
          from rm_library_searches s join rm_users u on u.id = s.user_id join rm_agencies a on a.id = s.agency_id
          where s.alerts and (s.last_alert_day is null or s.last_alert_day < ${day}::date)
            and u.enabled and u.agency_id = s.agency_id and u.role = any(${[...AGENCY_STAFF_ROLES]})
            and s.id > ${after}
          order by s.id limit ${BATCH}`;
        for (const s of due) {
          const outcome = await alertOne(s, library, day);
          if (outcome === "unavailable") return { sent, unavailable: true };
          if (outcome === "sent") sent++;
        }
        if (due.length < BATCH) return { sent, unavailable: false };
        after = due.at(-1)!.id;
      }
    },
  };
}

/** The in-app notification of a digest: how many new candidates, linking to the search's results. */
export const libraryAlertNotices: NoticeSource<LibraryAlertSent> = {
  eventTypes: ["LibraryAlertSent"],
  notices(event) {
    const { userId, candidateIds, searchName, query } = event.data;
    if (event.erased || searchName === undefined) return [];
    return [
      {
        userId,
        kind: "library_alert",
        params: { search: searchName, count: candidateIds.length },
        link: libraryLink(query ?? ""),
      },
    ];
  },
};
