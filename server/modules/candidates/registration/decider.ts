import type { Decider } from "../../../event-store/decider";
import { AppError } from "../../../lib/errors";
import { passwordPolicyError } from "../../identity/contract";
import { isProfession } from "../../reference/contract";
import {
  CONSENT_VERSION,
  MAX_AGE,
  MAX_DESIRED_JOBS,
  MAX_UPLOAD_BYTES,
  MIN_AGE,
  isDocumentMime,
  isRegistrationCountry,
  type DocumentMime,
  type RegistrationCountry,
  type RegistrationEvent,
  type RegistrationStep,
} from "./events";
import type { CandidateEvent } from "../documents/events";

export interface AccountInput {
  email: string;
  firstName: string;
  lastName: string;
  password: string;
  /** libraryVisible: visible to every agency of their country's CV libraries (issue 28; optional, off by default) */
  consents: { terms: boolean; dataProtection: boolean; libraryVisible?: boolean };
}
export interface CvInput {
  fileId: string;
  name: string;
  /** the type read from the file's content, not the one the browser announced */
  mime: string;
  size: number;
}
export interface DetailsInput {
  birthDate: string;
  desiredJobs: string[];
}

export type RegistrationCommand =
  | { type: "StartRegistration"; registrationId: string; country: string; locale: string }
  | ({ type: "GiveAccount" } & AccountInput)
  | ({ type: "UploadCv" } & CvInput)
  | ({ type: "GiveDetails" } & DetailsInput)
  | { type: "CompleteRegistration"; userId: string };

export interface RegistrationState {
  registrationId: string | null;
  country: RegistrationCountry | null;
  locale: string | null;
  account: { email: string; firstName: string; lastName: string; password: string } | null;
  cv: { fileId: string; name: string; mime: DocumentMime; size: number } | null;
  details: { birthDate: string; desiredJobs: string[] } | null;
  userId: string | null;
  /** the candidate chose to be visible to every agency of their country */
  libraryVisible: boolean;
}

/** The step a draft resumes at (spec: the CV is required before going on). */
export function stepOf(state: RegistrationState): RegistrationStep {
  if (state.userId) return "completed";
  return state.account ? "profile" : "account";
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day, the person between MIN_AGE and MAX_AGE years old today. */
export function birthDateError(value: string, today: Date): string | null {
  const m = DAY.exec(value);
  if (!m) return "validation.birth_date";
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d)
    return "validation.birth_date";
  const yearsAgo = (n: number) => Date.UTC(today.getUTCFullYear() - n, today.getUTCMonth(), today.getUTCDate());
  if (date.getTime() > yearsAgo(MIN_AGE) || date.getTime() < yearsAgo(MAX_AGE)) return "validation.birth_date";
  return null;
}

/** Desired jobs: 1 to MAX_DESIRED_JOBS different professions of the reference list. */
export function desiredJobsError(jobs: string[]): string | null {
  if (jobs.length === 0) return "validation.required";
  if (jobs.length > MAX_DESIRED_JOBS) return "validation.max_choices";
  if (new Set(jobs).size !== jobs.length || !jobs.every(isProfession)) return "validation.profession_unknown";
  return null;
}

export const registrationDecider: Decider<RegistrationCommand, RegistrationState, RegistrationEvent> = {
  initialState: {
    registrationId: null,
    country: null,
    locale: null,
    account: null,
    cv: null,
    details: null,
    libraryVisible: false,
    userId: null,
  },

  evolve(state, event) {
    switch (event.type) {
      case "RegistrationStarted": {
        const { registrationId, country, locale } = event.data;
        return { ...state, registrationId, country, locale };
      }
      case "RegistrationAccountGiven": {
        const d = event.data;
        // after completion the draft's key is destroyed: the account part is no longer readable
        return {
          ...state,
          libraryVisible: Boolean(d.consents.libraryVisible),
          account:
            typeof d.email === "string"
              ? {
                  email: d.email,
                  firstName: d.firstName as string,
                  lastName: d.lastName as string,
                  password: d.password as string,
                }
              : { email: "", firstName: "", lastName: "", password: "" },
        };
      }
      case "CvUploaded": {
        const d = event.data;
        return { ...state, cv: { fileId: d.fileId, name: d.name ?? "", mime: d.mime, size: d.size } };
      }
      case "RegistrationDetailsGiven":
        return {
          ...state,
          details: { birthDate: event.data.birthDate ?? "", desiredJobs: event.data.desiredJobs ?? [] },
        };
      case "RegistrationCompleted":
        return { ...state, userId: event.data.userId };
      default:
        return state;
    }
  },

  decide(command, state, { clock }) {
    if (command.type === "StartRegistration") {
      if (state.registrationId) throw new AppError("conflict", "failed_operation");
      if (!isRegistrationCountry(command.country)) throw new AppError("invalid", "validation.required", "country");
      const { registrationId, country, locale } = command;
      return [{ type: "RegistrationStarted", data: { registrationId, country, locale } }];
    }
    if (!state.registrationId) throw new AppError("not_found", "failed_operation");
    // a completed registration is an account now: its draft cannot change any more
    if (state.userId) throw new AppError("conflict", "failed_operation");
    const registrationId = state.registrationId;
    const sealed = <T extends Record<string, unknown>>(data: T) => ({ subjectId: registrationId, data });

    switch (command.type) {
      case "GiveAccount": {
        const email = command.email.trim().toLowerCase();
        const firstName = command.firstName.trim();
        const lastName = command.lastName.trim();
        if (!EMAIL.test(email)) throw new AppError("invalid", "validation.email", "email");
        if (!firstName) throw new AppError("invalid", "validation.required", "firstName");
        if (!lastName) throw new AppError("invalid", "validation.required", "lastName");
        const policy = passwordPolicyError(command.password);
        if (policy) throw new AppError("invalid", policy, "password");
        // spec section 5: terms and data-protection consent are required at registration
        if (!command.consents.terms) throw new AppError("invalid", "validation.consent_required", "terms");
        if (!command.consents.dataProtection)
          throw new AppError("invalid", "validation.consent_required", "dataProtection");
        return [
          {
            type: "RegistrationAccountGiven",
            data: {
              registrationId,
              consents: {
                terms: true,
                dataProtection: true,
                version: CONSENT_VERSION,
                acceptedAt: clock.now().toISOString(),
                ...(command.consents.libraryVisible ? { libraryVisible: true as const } : {}),
              },
            },
            personal: sealed({ email, firstName, lastName, password: command.password }),
          },
        ];
      }
      case "UploadCv": {
        if (!state.account) throw new AppError("conflict", "failed_operation");
        if (!isDocumentMime(command.mime)) throw new AppError("invalid", "cv_invalid_type", "cv");
        if (command.size <= 0 || command.size > MAX_UPLOAD_BYTES) throw new AppError("invalid", "cv_too_large", "cv");
        const { fileId, mime, size } = command;
        return [
          {
            type: "CvUploaded",
            data: { registrationId, fileId, mime, size, replaces: state.cv?.fileId ?? null },
            personal: sealed({ name: command.name }),
          },
        ];
      }
      case "GiveDetails": {
        if (!state.account) throw new AppError("conflict", "failed_operation");
        // spec section 5: please upload your resume before proceeding
        if (!state.cv) throw new AppError("invalid", "cv_required", "cv");
        const birth = birthDateError(command.birthDate, clock.now());
        if (birth) throw new AppError("invalid", birth, "birthDate");
        const jobs = desiredJobsError(command.desiredJobs);
        if (jobs) throw new AppError("invalid", jobs, "desiredJobs");
        return [
          {
            type: "RegistrationDetailsGiven",
            data: { registrationId },
            personal: sealed({ birthDate: command.birthDate, desiredJobs: command.desiredJobs }),
          },
        ];
      }
      case "CompleteRegistration": {
        if (!state.account) throw new AppError("conflict", "failed_operation");
        if (!state.cv) throw new AppError("invalid", "cv_required", "cv");
        if (!state.details) throw new AppError("invalid", "validation.required", "birthDate");
        return [{ type: "RegistrationCompleted", data: { registrationId, userId: command.userId } }];
      }
    }
  },
};

/** What a completed registration hands over to the candidate's own stream. */
export interface RegisterCandidate {
  type: "RegisterCandidate";
  userId: string;
  registrationId: string;
  country: RegistrationCountry;
  birthDate: string;
  desiredJobs: string[];
  cv: { fileId: string; name: string; mime: DocumentMime; size: number };
}

export interface CandidateState {
  registered: boolean;
}

export const candidateDecider: Decider<RegisterCandidate, CandidateState, CandidateEvent> = {
  initialState: { registered: false },
  evolve(state, event) {
    return event.type === "CandidateRegistered" ? { ...state, registered: true } : state;
  },
  decide(command, state) {
    if (state.registered) throw new AppError("conflict", "failed_operation");
    const { userId, registrationId, country, birthDate, desiredJobs, cv } = command;
    const sealed = <T extends Record<string, unknown>>(data: T) => ({ subjectId: userId, data });
    return [
      {
        type: "CandidateRegistered",
        data: { userId, registrationId, country },
        personal: sealed({ birthDate, desiredJobs }),
      },
      {
        type: "CandidateDocumentAdded",
        data: { userId, documentId: cv.fileId, category: "cv", mime: cv.mime, size: cv.size },
        personal: sealed({ name: cv.name }),
      },
    ];
  },
};
