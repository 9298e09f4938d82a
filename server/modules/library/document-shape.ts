/** One candidate in the `candidates` index (issue 28): what the library searches, filters and shows. */
export interface CandidateDocument {
  id: string;
  firstName: string;
  lastName: string;
  /** the desired professions' names in the five languages */
  desiredJobs: string[];
  professions: string[];
  sectors: string[];
  /** "job title · company · place", one per experience */
  experience: string[];
  training: string[];
  skills: string[];
  /** language codes */
  languages: string[];
  /** "de:B2" for each level up to the spoken one */
  languageLevels: string[];
  /** the CV lines the parser recognised */
  cvText: string;
  documentTitles: string[];
  availability: string | null;
  /** ISO day they said they are free from (their criteria) */
  availableFrom?: string | null;
  contractType: string | null;
  occupancyRate: number | null;
  workPermit: string | null;
  /** ISO day: the last valid day of their work permit's document, when they uploaded one with a date */
  workPermitValidUntil?: string | null;
  /** their desired pay (their criteria's income) and its period: hour, month or year */
  desiredIncome?: number | null;
  incomePeriod?: string | null;
  /** driving licences and certificates (CACES-like categories, SUVA, forklift) */
  licences: string[];
  country: string | null;
  regionCode: string | null;
  /** France: the department's code */
  department: string | null;
  localityId: string | null;
  placeName: string;
  /** "lat,lng" of the locality (no `_geo`: DESIGN section 6) */
  placePoint: string | null;
  lat: number | null;
  lng: number | null;
  /** how far the candidate would travel (their criteria's radius), 0 when they did not say */
  mobilityKm: number;
  /** epoch seconds of the latest thing they did or that happened to their file */
  lastActivity: number;
  /**
   * epoch seconds when their first document expires (the day after its expiry date), NO_EXPIRY
   * when none does: "documents valid" is `documentsExpireAt > now`, true without any event
   */
  documentsExpireAt: number;
  /** the agencies they dealt with (applied, proposed, placed) */
  agencyIds: string[];
  /** the country whose agencies all see them, "none" otherwise */
  visibleCountry: string;
  /**
   * each agency's tags on them (tag keys, lower case) under that agency's id: the facet
   * `agencyTags.<agencyId>` holds one agency's tags only, so no other agency's values can be
   * counted with them or crowd them out (ADR 0036)
   */
  agencyTags: Record<string, string[]>;
  /** the agencies that archived them: each agency's search leaves out (or keeps only) its own */
  archivedBy: string[];
  /** the agencies that deactivated them for themselves (ADR 0038): their cards say so there */
  deactivatedBy: string[];
  /** every word of what they wrote or uploaded, folded: the boolean query's OR and NOT filter on it */
  words: string[];
}

/** 2100-01-01: a candidate whose documents never expire */
export const NO_EXPIRY = 4_102_444_800;

export const LANGUAGE_LEVEL_ORDER = ["A1", "A2", "B1", "B2", "C1", "C2", "native"] as const;
