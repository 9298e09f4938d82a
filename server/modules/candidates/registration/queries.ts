import type { rmCandidateDocuments, rmCandidates, rmRegistrations } from "../../../../db/schema";
import type { Db } from "../../../event-store/types";
import type { Cols } from "../../../lib/rows";
import type { DocumentMime, RegistrationCountry, RegistrationStep } from "./events";
import { isUuid } from "../../../lib/contract";

export interface RegistrationDraft {
  id: string;
  step: RegistrationStep;
  country: RegistrationCountry;
  locale: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  cv: { fileId: string; name: string; mime: DocumentMime; size: number } | null;
  birthDate: string | null;
  desiredJobs: string[];
  userId: string | null;
}

type RegistrationRow = Cols<
  typeof rmRegistrations,
  | "id"
  | "step"
  | "country"
  | "locale"
  | "email"
  | "firstName"
  | "lastName"
  | "cvFileId"
  | "cvName"
  | "cvMime"
  | "cvSize"
  | "birthDate"
  | "desiredJobs"
  | "userId",
  { step: RegistrationStep; country: RegistrationCountry; cvMime: DocumentMime | null; desiredJobs: string[] | null }
>;

export function candidateQueries(sql: Db) {
  return {
    /** A draft by its id (from the visitor's cookie): the resume point and what the forms show again. */
    async registration(id: string): Promise<RegistrationDraft | null> {
      if (!isUuid(id)) return null;
      const [r] = await sql<RegistrationRow[]>`
        select id, step, country, locale, email, first_name as "firstName", last_name as "lastName", cv_file_id as "cvFileId", cv_name as "cvName",
          cv_mime as "cvMime", cv_size as "cvSize", birth_date::text as "birthDate", desired_jobs as "desiredJobs", user_id as "userId"
        from rm_registrations where id = ${id}`;
      if (!r) return null;
      const { cvFileId, cvName, cvMime, cvSize, ...draft } = r;
      return {
        ...draft,
        cv:
          cvFileId && r.step !== "completed"
            ? { fileId: cvFileId, name: cvName ?? "", mime: cvMime!, size: cvSize ?? 0 }
            : null,
        desiredJobs: r.desiredJobs ?? [],
      };
    },

    /** The profile a registration started: country, birth date, desired jobs. */
    async candidateProfile(userId: string) {
      const [r] = await sql<
        Cols<
          typeof rmCandidates,
          "country" | "birthDate" | "desiredJobs",
          { country: RegistrationCountry; desiredJobs: string[] }
        >[]
      >`
        select country, birth_date::text as "birthDate", desired_jobs as "desiredJobs" from rm_candidates where user_id = ${userId}`;
      return r ?? null;
    },

    async candidateDocuments(userId: string) {
      const rows = await sql<
        Cols<
          typeof rmCandidateDocuments,
          "id" | "category" | "name" | "mime" | "size" | "createdAt",
          { mime: DocumentMime }
        >[]
      >`
        select id, category, name, mime, size, created_at as "createdAt" from rm_candidate_documents where user_id = ${userId} order by created_at, id`;
      return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
    },
  };
}
