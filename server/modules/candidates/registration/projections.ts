import type { Projection } from "../../../event-store/types";
import type { CandidateRegistered, RegistrationEvent } from "./events";

const text = (v: unknown) => (typeof v === "string" ? v : null);

/**
 * rm_registrations: where each draft stands (the resume point) and what its forms show again.
 * Inline, so the next page after a step reads it at once. Completion empties the personal
 * columns; events whose key was destroyed (completed drafts) give nulls, so a rebuild yields
 * the same rows. The password is never projected.
 */
export const registrationsProjection: Projection<RegistrationEvent> = {
  name: "candidates.registrations",
  eventTypes: [
    "RegistrationStarted",
    "RegistrationAccountGiven",
    "CvUploaded",
    "RegistrationDetailsGiven",
    "RegistrationCompleted",
  ],
  tables: ["rm_registrations"],
  async apply(tx, events) {
    for (const e of events) {
      const id = e.data.registrationId;
      switch (e.type) {
        case "RegistrationStarted":
          await tx`insert into rm_registrations (id, step, country, locale, created_at, updated_at)
            values (${id}, 'account', ${e.data.country}, ${e.data.locale}, ${e.createdAt}, ${e.createdAt})`;
          break;
        case "RegistrationAccountGiven": {
          const d = e.data;
          await tx`update rm_registrations set email = ${text(d.email)}, first_name = ${text(d.firstName)}, last_name = ${text(d.lastName)},
            step = case when step = 'account' then 'profile' else step end, updated_at = ${e.createdAt}
            where id = ${id}`;
          break;
        }
        case "CvUploaded": {
          const d = e.data;
          await tx`update rm_registrations set cv_file_id = ${d.fileId}, cv_name = ${text(d.name)}, cv_mime = ${d.mime},
            cv_size = ${d.size}, updated_at = ${e.createdAt} where id = ${id}`;
          break;
        }
        case "RegistrationDetailsGiven": {
          const d = e.data;
          await tx`update rm_registrations set birth_date = ${text(d.birthDate)},
            desired_jobs = ${Array.isArray(d.desiredJobs) ? tx.json(d.desiredJobs) : null}, updated_at = ${e.createdAt} where id = ${id}`;
          break;
        }
        case "RegistrationCompleted":
          await tx`update rm_registrations set step = 'completed', user_id = ${e.data.userId}, completed_at = ${e.createdAt}, updated_at = ${e.createdAt},
            email = null, first_name = null, last_name = null, cv_name = null, birth_date = null, desired_jobs = null
            where id = ${id}`;
          break;
      }
    }
  },
};

/**
 * rm_candidates: the candidate's profile start (their documents: documents/projections.ts).
 * People whose data key was erased are not brought back by a rebuild.
 */
export const candidatesProjection: Projection<CandidateRegistered> = {
  name: "candidates.profiles",
  eventTypes: ["CandidateRegistered"],
  tables: ["rm_candidates"],
  async apply(tx, events) {
    for (const e of events) {
      if (e.erased) continue;
      switch (e.type) {
        case "CandidateRegistered": {
          const d = e.data;
          await tx`insert into rm_candidates (user_id, registration_id, country, birth_date, desired_jobs, created_at)
            values (${d.userId}, ${d.registrationId}, ${d.country}, ${d.birthDate},
              ${tx.json(d.desiredJobs)}, ${e.createdAt})`;
          break;
        }
      }
    }
  },
};
