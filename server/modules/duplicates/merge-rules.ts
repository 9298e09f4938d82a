import { z } from "zod";

/**
 * The merge of two candidate records (issue 28, ADR 0039): what each owning module reads of
 * `CandidatesMerged` and `CandidateMergeUndone` (pure, shared through the contract so each module's
 * projection moves exactly the listed ids of its own tables, and nothing else).
 */
export const MERGE_EVENT_TYPES = ["CandidatesMerged", "CandidateMergeUndone"] as const;

/** How long a merge can be undone, counted from its time by the decider's clock. */
export const MERGE_UNDO_DAYS = 30;

/** The child records moved to the survivor, by owner: read when the merge is decided. */
export type MergeMoves = {
  applications: string[];
  proposals: string[];
  placements: string[];
  assignments: string[];
  timesheets: string[];
  documents: string[];
  comments: string[];
  /** tags the survivor did not have in that agency */
  tags: { agencyId: string; tagKey: string }[];
  /** folders holding the merged-away record and not the survivor (a folder holding both keeps each row where it is) */
  folders?: string[];
  /** activities linked to the merged-away record */
  activities?: string[];
};

export const NO_MOVES: MergeMoves = {
  applications: [],
  proposals: [],
  placements: [],
  assignments: [],
  timesheets: [],
  documents: [],
  comments: [],
  tags: [],
  folders: [],
  activities: [],
};

/** The two sections of the profile whose fields are chosen one by one. */
export const MERGE_SECTIONS = ["identity", "address"] as const;
export type MergeSection = (typeof MERGE_SECTIONS)[number];
export type ProfileSections = Record<MergeSection, Record<string, unknown> | null>;

export type MergeEventData = {
  survivorId: string;
  mergedId: string;
  /** both records: the library's indexer and the live lists hear of the two */
  candidateIds: [string, string];
  moved: MergeMoves;
};

/**
 * Which way a merge event moves the listed ids: to the survivor, or back to the merged-away
 * record on the undo (children created after the merge are not listed: they stay); null for any
 * other event. A module's projection takes the merge events beside its own and moves its tables' ids.
 */
export function mergeMove(e: { type: string; data: unknown }) {
  if (!(MERGE_EVENT_TYPES as readonly string[]).includes(e.type)) return null;
  const { survivorId, mergedId, moved } = e.data as MergeEventData;
  return e.type === "CandidatesMerged"
    ? { from: mergedId, to: survivorId, moved, undo: false }
    : { from: survivorId, to: mergedId, moved, undo: true };
}

/** Field `f.<section>.<key>` says whose value survives: the first or the second record of the pair. */
export const MERGE_SIDES = ["first", "second"] as const;
export type MergeSide = (typeof MERGE_SIDES)[number];

export const mergeFormSchema = z.object({
  firstId: z.string().uuid("errors.notFound"),
  secondId: z.string().uuid("errors.notFound"),
  survivor: z.enum(MERGE_SIDES, { message: "merge.errors.survivor" }),
  confirm: z.literal("yes", { message: "merge.errors.confirm" }),
  choices: z.record(z.string(), z.enum(MERGE_SIDES)).default({}),
});
export type MergeForm = z.output<typeof mergeFormSchema>;

/** The field differing between the two records, `identity.phone`, with both values. */
export interface DifferingField {
  name: string;
  section: MergeSection;
  key: string;
  first: unknown;
  second: unknown;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The fields whose values differ (one of them set), in a stable order. */
export function differingFields(first: ProfileSections, second: ProfileSections): DifferingField[] {
  const out: DifferingField[] = [];
  for (const section of MERGE_SECTIONS) {
    const a = first[section] ?? {};
    const b = second[section] ?? {};
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
    for (const key of keys) {
      const [x, y] = [a[key], b[key]];
      if (same(x, y) || ((x ?? "") === "" && (y ?? "") === "")) continue;
      out.push({ name: `${section}.${key}`, section, key, first: x ?? null, second: y ?? null });
    }
  }
  return out;
}

/**
 * The survivor's sections after the merge: its own values, except each differing field chosen from
 * the other record (an unchosen field keeps the survivor's value, or takes the other's when it has none).
 */
export function chosenSections(
  survivor: ProfileSections,
  merged: ProfileSections,
  survivorSide: MergeSide,
  choices: Record<string, MergeSide>,
): ProfileSections {
  const out = {} as ProfileSections;
  const fields = differingFields(survivor, merged);
  for (const section of MERGE_SECTIONS) {
    const values: Record<string, unknown> = { ...(survivor[section] ?? {}) };
    for (const f of fields.filter((f) => f.section === section)) {
      const pick = choices[f.name];
      const takeOther = pick ? pick !== survivorSide : (f.first ?? "") === "";
      if (takeOther) values[f.key] = f.second;
    }
    out[section] = survivor[section] === null && !fields.some((f) => f.section === section) ? null : values;
  }
  return out;
}
