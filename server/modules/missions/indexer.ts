import fs from "node:fs";
import type { Meilisearch, Task } from "meilisearch";
import type { ProcessorDefinition } from "../../event-store/processor";
import type { rmAds } from "../../../db/schema";
import type { Db } from "../../event-store/types";
import type { Cols, Int8AsString } from "../../lib/rows";
import { localeFile } from "../../lib/root";
import { INDEX_SETTINGS, type IndexSource } from "../../search/indexes";
import type { PublicAd } from "./queries";
import { AD_EVENT_TYPES } from "./events";
import type { AdState } from "./rules";
import { announceAdsIndexChange } from "./search-changes";
import { pointKey } from "./search-geo";

/** The `ads` index document (the shared search contract). Only online ads are indexed. */
export interface AdDocument {
  id: number;
  slug: string;
  title: string;
  qualification: string;
  /** the description's text, without markup */
  description: string;
  agencyId: string;
  agencyName: string;
  branchId: string | null;
  sectorId: string;
  professionId: string;
  /** the profession's and sector's names in the five languages: "Elektriker" finds an électricien */
  professionLabels: string[];
  sectorLabels: string[];
  jobType: string;
  contract: string;
  activityRateMin: number;
  activityRateMax: number;
  country: string;
  regionCode: string;
  placeName: string;
  postalCode: string;
  /** null when the agency hides the salary: the index never holds a hidden salary */
  salaryMin: number | null;
  salaryMax: number | null;
  salaryPeriod: string;
  hideSalary: boolean;
  /** the top of the range as a gross monthly amount, so hourly and monthly salaries compare */
  salaryMonthly: number | null;
  commitment: string;
  commitmentDate: string | null;
  /** epoch seconds of the commitment date; null when the start is to be agreed or undetermined */
  startsAt: number | null;
  /**
   * epoch seconds, with the milliseconds: job alerts ask for ads published after the newest one
   * they sent, and a later ad of the same second must still count as new
   */
  publishedAt: number;
  endDate: string;
  language: string;
  /**
   * Where the ad stands, its locality's point as "lat,lng" (pointKey): a radius and a distance
   * sort filter on it. Not `_geo`: Meilisearch's geo index made every update cost seconds.
   */
  placePoint: string;
  /** the same point, for the distance a result shows */
  lat: number;
  lng: number;
  /** what the candidate must bring (AdRequirements): a candidate's fit to the ad weighs them */
  requiredLicences: string[];
  requiredLanguages: { code: string; level: string }[];
  permitRequired: boolean;
}

const LANGUAGES = ["fr", "en", "de", "it", "pt"] as const;
/** full-time hours per month (40 h × 52 weeks / 12): turns an hourly rate into a monthly figure */
const HOURS_PER_MONTH = (40 * 52) / 12;
const TASK_TIMEOUT_MS = 30_000;
/** how often a task is polled: a published ad should be findable within a second */
const TASK_POLL_MS = 10;

type Labels = { sectors: Record<string, string>; professions: Record<string, string> };
let labelsCache: Labels[] | undefined;

/** The reference names in every language, from the same files the pages translate with. */
function referenceLabels(): Labels[] {
  labelsCache ??= LANGUAGES.map((lng) => JSON.parse(fs.readFileSync(localeFile(lng, "reference"), "utf8")) as Labels);
  return labelsCache;
}

const labelsOf = (kind: keyof Labels, id: string) => [
  ...new Set(
    referenceLabels()
      .map((l) => l[kind][id])
      .filter((v): v is string => Boolean(v)),
  ),
];

const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

export function monthlySalary(amount: number | null, period: string): number | null {
  if (amount == null) return null;
  const monthly = period === "hour" ? amount * HOURS_PER_MONTH : period === "year" ? amount / 12 : amount;
  return Math.round(monthly);
}

export function adDocument(ad: PublicAd): AdDocument {
  const f = ad.fields;
  const hidden = f.hideSalary;
  return {
    id: ad.id,
    slug: ad.slug,
    title: f.title,
    qualification: f.qualification,
    description: ad.descriptionText,
    agencyId: ad.agencyId,
    agencyName: ad.agencyName,
    branchId: ad.branchId,
    sectorId: f.sectorId,
    professionId: f.professionId,
    professionLabels: labelsOf("professions", f.professionId),
    sectorLabels: labelsOf("sectors", f.sectorId),
    jobType: f.jobType,
    contract: f.contract,
    activityRateMin: f.activityRateMin,
    activityRateMax: f.activityRateMax,
    country: f.country,
    regionCode: f.place.regionCode,
    placeName: f.place.name,
    postalCode: f.place.postalCode,
    salaryMin: hidden ? null : f.salaryMin,
    salaryMax: hidden ? null : f.salaryMax,
    salaryPeriod: f.salaryPeriod,
    hideSalary: hidden,
    salaryMonthly: hidden ? null : monthlySalary(f.salaryMax ?? f.salaryMin, f.salaryPeriod),
    commitment: f.commitment,
    commitmentDate: f.commitment === "date" ? f.commitmentDate : null,
    startsAt:
      f.commitment === "date" && f.commitmentDate ? epochSeconds(new Date(`${f.commitmentDate}T00:00:00Z`)) : null,
    publishedAt: new Date(ad.publishedAt).getTime() / 1000,
    endDate: f.endDate,
    language: f.language,
    placePoint: pointKey(f.place),
    lat: f.place.lat,
    lng: f.place.lng,
    requiredLicences: f.requirements?.licences ?? [],
    requiredLanguages: f.requirements?.languages ?? [],
    permitRequired: f.requirements?.workPermit ?? false,
  };
}

/** A task Meilisearch could not apply is an error: the batch is retried from the checkpoint. */
function succeeded(task: Task) {
  if (task.status !== "succeeded")
    throw new Error(`Meilisearch task ${task.uid} (${task.type}) ${task.status}: ${task.error?.message ?? ""}`);
}

type AdsForIndex = { adsForIndex(ids: number[]): Promise<(PublicAd & { status: AdState })[]> };

/**
 * Brings the index to its settings once per process. Documents sent to a missing index would
 * create it without them (filters would then fail), e.g. after Meilisearch was down at start.
 * Documents written before `placePoint` existed are written again once, or a radius would miss them.
 */
function settingsOnce(client: Meilisearch, sql: Db, missions: AdsForIndex) {
  let done = false;
  return async () => {
    if (done) return;
    await client
      .createIndex("ads", { primaryKey: "id" })
      .waitTask({ timeout: TASK_TIMEOUT_MS, interval: TASK_POLL_MS })
      .catch(() => undefined); // exists already (or Meilisearch is down: the next call says so)
    const index = client.index("ads");
    succeeded(
      await index.updateSettings(INDEX_SETTINGS.ads).waitTask({ timeout: TASK_TIMEOUT_MS, interval: TASK_POLL_MS }),
    );
    const { estimatedTotalHits: stale } = await index.search("", { filter: "placePoint NOT EXISTS", limit: 0 });
    if (stale) {
      for await (const batch of adsIndexSource(sql, missions).documents())
        succeeded(await index.addDocuments(batch).waitTask({ timeout: 10 * TASK_TIMEOUT_MS, interval: 50 }));
      await announceAdsIndexChange(sql);
    }
    done = true;
  };
}

/**
 * The search processor of the ads: for each batch of ad events, reads those ads as they are
 * now and puts the online ones in the index and takes the others out, then tells the processes
 * that search (their caches follow the index). It throws while Meilisearch is unreachable, so the
 * runner keeps its checkpoint and retries with backoff; replaying a batch is harmless (documents
 * are replaced whole).
 */
export function adsIndexer(client: Meilisearch, missions: AdsForIndex): ProcessorDefinition {
  let ensureSettings: (() => Promise<void>) | undefined;
  // a draft is never online: an ad enters the index when published (reading it at its draft
  // would index it twice when the publication follows at once, each a Meilisearch task)
  const relevant = new Set<string>(AD_EVENT_TYPES.filter((t) => t !== "AdMemoWritten" && t !== "AdDrafted"));
  // only these can take an ad out of the index; a draft or an edit of an offline ad was never in it
  const leaving = new Set(["AdDisabled", "AdExpired", "AdArchived", "AdDeleted"]);
  return {
    name: "search.ads",
    transactional: false,
    batchSize: 500,
    // not transactional: `sql` is the pool, not a transaction
    async handle(events, sql) {
      const ads = events.filter((e) => relevant.has(e.type));
      const ids = [...new Set(ads.map((e) => Number(e.data.adId)))];
      if (!ids.length) return;
      const left = new Set(ads.filter((e) => leaving.has(e.type)).map((e) => Number(e.data.adId)));
      ensureSettings ??= settingsOnce(client, sql as Db, missions);
      await ensureSettings();
      const online = (await missions.adsForIndex(ids)).filter((a) => a.status === "online");
      const onlineIds = new Set(online.map((a) => a.id));
      const gone = [...left].filter((id) => !onlineIds.has(id));
      const index = client.index("ads");
      if (online.length)
        succeeded(
          await index
            .addDocuments(online.map(adDocument))
            .waitTask({ timeout: TASK_TIMEOUT_MS, interval: TASK_POLL_MS }),
        );
      if (gone.length)
        succeeded(await index.deleteDocuments(gone).waitTask({ timeout: TASK_TIMEOUT_MS, interval: TASK_POLL_MS }));
      if (online.length || gone.length) await announceAdsIndexChange(sql);
    },
  };
}

export const REINDEX_BATCH = 1000;

/** Every online ad, 1,000 at a time, for `npm run search:reindex`. */
export function adsIndexSource(sql: Db, missions: AdsForIndex): IndexSource {
  return {
    index: "ads",
    async *documents() {
      let after = 0;
      for (;;) {
        const rows = await sql<
          Int8AsString<Cols<typeof rmAds, "id">, "id">[]
        >`select id from rm_ads where status = 'online' and id > ${after} order by id limit ${REINDEX_BATCH}`;
        if (!rows.length) return;
        after = Number(rows.at(-1)!.id);
        const ads = await missions.adsForIndex(rows.map((r) => Number(r.id)));
        const docs = ads.filter((a) => a.status === "online").map(adDocument);
        if (docs.length) yield docs as unknown as Record<string, unknown>[];
      }
    },
  };
}
