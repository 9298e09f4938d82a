import type { Db } from "../../event-store/types";
import type { DocumentMime, RegistrationCountry, RegistrationStep } from "./events";
import { isUuid } from "../../lib/contract";

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

interface RegistrationRow {
  id: string;
  step: RegistrationStep;
  country: RegistrationCountry;
  locale: string;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  cv_file_id: string | null;
  cv_name: string | null;
  cv_mime: DocumentMime | null;
  cv_size: number | null;
  birth_date: string | null;
  desired_jobs: string[] | null;
  user_id: string | null;
}


export function candidateQueries(sql: Db) {
  return {
    /** A draft by its id (from the visitor's cookie): the resume point and what the forms show again. */
    async registration(id: string): Promise<RegistrationDraft | null> {
      if (!isUuid(id)) return null;
      const [r] = await sql<RegistrationRow[]>`
        select id, step, country, locale, email, first_name, last_name, cv_file_id, cv_name, cv_mime, cv_size,
          birth_date::text as birth_date, desired_jobs, user_id
        from rm_registrations where id = ${id}`;
      if (!r) return null;
      return {
        id: r.id,
        step: r.step,
        country: r.country,
        locale: r.locale,
        email: r.email,
        firstName: r.first_name,
        lastName: r.last_name,
        cv: r.cv_file_id && r.step !== "completed" ? { fileId: r.cv_file_id, name: r.cv_name ?? "", mime: r.cv_mime!, size: r.cv_size ?? 0 } : null,
        birthDate: r.birth_date,
        desiredJobs: r.desired_jobs ?? [],
        userId: r.user_id,
      };
    },

    /** The profile a registration started: country, birth date, desired jobs. */
    async candidateProfile(userId: string) {
      const [r] = await sql<{ country: RegistrationCountry; birth_date: string; desired_jobs: string[] }[]>`
        select country, birth_date::text as birth_date, desired_jobs from rm_candidates where user_id = ${userId}`;
      return r ? { country: r.country, birthDate: r.birth_date, desiredJobs: r.desired_jobs } : null;
    },

    async candidateDocuments(userId: string) {
      const rows = await sql<{ id: string; category: string; name: string; mime: DocumentMime; size: number; created_at: Date }[]>`
        select id, category, name, mime, size, created_at from rm_candidate_documents where user_id = ${userId} order by created_at, id`;
      return rows.map((r) => ({ id: r.id, category: r.category, name: r.name, mime: r.mime, size: r.size, createdAt: r.created_at.toISOString() }));
    },
  };
}
