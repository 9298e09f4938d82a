import { describe, expect, it } from "vitest";
import { fold, given, type DecideContext } from "../../../event-store/decider";
import { fixedClock } from "../../../lib/clock";
import { birthDateError, candidateDecider, registrationDecider, stepOf, type AccountInput } from "./decider";
import { CONSENT_VERSION, MAX_UPLOAD_BYTES } from "./events";
import type {
  CvUploaded,
  RegistrationAccountGiven,
  RegistrationCompleted,
  RegistrationDetailsGiven,
  RegistrationEvent,
  RegistrationStarted,
} from "./events";
import type { Recorded } from "../../../event-store/types";

const ctx: DecideContext = {
  clock: fixedClock("2026-03-02T09:00:00Z"),
  ids: { uuid: () => "00000000-0000-4000-8000-000000000099" },
};
const R = "11111111-1111-4111-8111-111111111111";
const U = "22222222-2222-4222-8222-222222222222";
const F1 = "33333333-3333-4333-8333-333333333333";
const F2 = "44444444-4444-4444-8444-444444444444";

const account: AccountInput = {
  email: " Lea.Martin@Example.TEST ",
  firstName: "Léa",
  lastName: "Martin",
  password: "Solid-Pass-2026",
  consents: { terms: true, dataProtection: true },
};

const started: Recorded<RegistrationStarted> = {
  type: "RegistrationStarted",
  data: { registrationId: R, country: "CH", locale: "fr" },
};
const accountGiven: Recorded<RegistrationAccountGiven> = {
  type: "RegistrationAccountGiven",
  data: {
    registrationId: R,
    consents: { terms: true, dataProtection: true, version: CONSENT_VERSION, acceptedAt: "2026-03-02T09:00:00.000Z" },
    email: "lea.martin@example.test",
    firstName: "Léa",
    lastName: "Martin",
    password: "Solid-Pass-2026",
  },
};
const cvUploaded = (fileId = F1): Recorded<CvUploaded> => ({
  type: "CvUploaded",
  data: { registrationId: R, fileId, mime: "application/pdf", size: 1200, replaces: null, name: "cv.pdf" },
});
const detailsGiven: Recorded<RegistrationDetailsGiven> = {
  type: "RegistrationDetailsGiven",
  data: { registrationId: R, birthDate: "1990-05-17", desiredJobs: ["cook", "waiter"] },
};
const completed: Recorded<RegistrationCompleted> = {
  type: "RegistrationCompleted",
  data: { registrationId: R, userId: U },
};

describe("registration decider: StartRegistration", () => {
  it("starts a draft for Switzerland or France, remembering the language", () => {
    expect(
      given(registrationDecider, [])
        .when({ type: "StartRegistration", registrationId: R, country: "CH", locale: "fr" }, ctx)
        .then(),
    ).toEqual([started]);
    expect(
      given(registrationDecider, [])
        .when({ type: "StartRegistration", registrationId: R, country: "FR", locale: "de" }, ctx)
        .then(),
    ).toEqual([{ type: "RegistrationStarted", data: { registrationId: R, country: "FR", locale: "de" } }]);
  });

  it("refuses another country (the consent clauses exist for CH and FR only)", () => {
    expect(
      given(registrationDecider, [])
        .when({ type: "StartRegistration", registrationId: R, country: "DE", locale: "fr" }, ctx)
        .thenError(),
    ).toBe("validation.required");
  });

  it("refuses to start the same draft twice", () => {
    expect(
      given(registrationDecider, [started])
        .when({ type: "StartRegistration", registrationId: R, country: "CH", locale: "fr" }, ctx)
        .thenError(),
    ).toBe("failed_operation");
  });
});

describe("registration decider: GiveAccount", () => {
  it("records the account, its email normalised, sealed with the draft's key, with the consents accepted", () => {
    const events = given(registrationDecider, [started])
      .when({ type: "GiveAccount", ...account }, ctx)
      .then();
    expect(events).toEqual([
      {
        type: "RegistrationAccountGiven",
        data: {
          registrationId: R,
          consents: {
            terms: true,
            dataProtection: true,
            version: CONSENT_VERSION,
            acceptedAt: "2026-03-02T09:00:00.000Z",
          },
        },
        personal: {
          subjectId: R,
          data: { email: "lea.martin@example.test", firstName: "Léa", lastName: "Martin", password: "Solid-Pass-2026" },
        },
      },
    ]);
  });

  it("requires the terms and the data-protection consent (validation.consent_required)", () => {
    const without = (consents: AccountInput["consents"]) =>
      given(registrationDecider, [started]).when({ type: "GiveAccount", ...account, consents }, ctx);
    expect(without({ terms: false, dataProtection: true }).thenError()).toBe("validation.consent_required");
    expect(without({ terms: true, dataProtection: false }).thenError()).toBe("validation.consent_required");
  });

  it("applies the password policy of spec section 5", () => {
    for (const password of [
      "short-A1",
      "alllowercase-1",
      "NoDigitsHere-",
      "NoSpecial2026",
      "Bad space-A1x",
      "A".repeat(20) + "a1-" + "b".repeat(10),
    ]) {
      expect(
        given(registrationDecider, [started])
          .when({ type: "GiveAccount", ...account, password }, ctx)
          .thenError(),
        password,
      ).toBe("validation.password_policy");
    }
  });

  it("requires a valid email and both names", () => {
    expect(
      given(registrationDecider, [started])
        .when({ type: "GiveAccount", ...account, email: "not-an-email" }, ctx)
        .thenError(),
    ).toBe("validation.email");
    expect(
      given(registrationDecider, [started])
        .when({ type: "GiveAccount", ...account, lastName: "  " }, ctx)
        .thenError(),
    ).toBe("validation.required");
  });

  it("needs a started draft and refuses changes once completed", () => {
    expect(
      given(registrationDecider, [])
        .when({ type: "GiveAccount", ...account }, ctx)
        .thenError(),
    ).toBe("failed_operation");
    const done = [started, accountGiven, cvUploaded(), detailsGiven, completed];
    expect(
      given(registrationDecider, done)
        .when({ type: "GiveAccount", ...account }, ctx)
        .thenError(),
    ).toBe("failed_operation");
  });
});

describe("registration decider: UploadCv", () => {
  const upload = { type: "UploadCv" as const, fileId: F1, name: "cv.pdf", mime: "application/pdf", size: 1200 };

  it("records a pdf, odt or doc CV after the account step", () => {
    expect(given(registrationDecider, [started, accountGiven]).when(upload, ctx).then()).toEqual([
      {
        type: "CvUploaded",
        data: { registrationId: R, fileId: F1, mime: "application/pdf", size: 1200, replaces: null },
        personal: { subjectId: R, data: { name: "cv.pdf" } },
      },
    ]);
    for (const mime of ["application/vnd.oasis.opendocument.text", "application/x-cfb"]) {
      expect(
        given(registrationDecider, [started, accountGiven])
          .when({ ...upload, mime }, ctx)
          .thenError(),
      ).toBeNull();
    }
  });

  it("says which file a new CV replaces", () => {
    const [event] = given(registrationDecider, [started, accountGiven, cvUploaded(F1)])
      .when({ ...upload, fileId: F2 }, ctx)
      .then();
    expect(event?.data).toMatchObject({ replaces: F1 });
  });

  it("refuses other content types (cv_invalid_type) and files over 2 MB (cv_too_large)", () => {
    const past = [started, accountGiven];
    expect(
      given(registrationDecider, past)
        .when({ ...upload, mime: "image/gif" }, ctx)
        .thenError(),
    ).toBe("cv_invalid_type");
    expect(
      given(registrationDecider, past)
        .when({ ...upload, size: MAX_UPLOAD_BYTES + 1 }, ctx)
        .thenError(),
    ).toBe("cv_too_large");
    expect(
      given(registrationDecider, past)
        .when({ ...upload, size: MAX_UPLOAD_BYTES }, ctx)
        .thenError(),
    ).toBeNull();
  });

  it("needs the account step first", () => {
    expect(given(registrationDecider, [started]).when(upload, ctx).thenError()).toBe("failed_operation");
  });
});

describe("registration decider: GiveDetails", () => {
  const details = { type: "GiveDetails" as const, birthDate: "1990-05-17", desiredJobs: ["cook", "waiter"] };

  it("records birth date and desired jobs, sealed", () => {
    expect(given(registrationDecider, [started, accountGiven, cvUploaded()]).when(details, ctx).then()).toEqual([
      {
        type: "RegistrationDetailsGiven",
        data: { registrationId: R },
        personal: { subjectId: R, data: { birthDate: "1990-05-17", desiredJobs: ["cook", "waiter"] } },
      },
    ]);
  });

  it("requires the CV before going on (cv_required: please upload your resume before proceeding)", () => {
    expect(given(registrationDecider, [started, accountGiven]).when(details, ctx).thenError()).toBe("cv_required");
  });

  it("accepts one or two desired jobs, no more (validation.max_choices), from the professions list", () => {
    const past = [started, accountGiven, cvUploaded()];
    const jobs = (desiredJobs: string[]) =>
      given(registrationDecider, past)
        .when({ ...details, desiredJobs }, ctx)
        .thenError();
    expect(jobs(["cook"])).toBeNull();
    expect(jobs(["cook", "waiter", "nurse"])).toBe("validation.max_choices");
    expect(jobs([])).toBe("validation.required");
    expect(jobs(["astronaut"])).toBe("validation.profession_unknown");
    expect(jobs(["cook", "cook"])).toBe("validation.profession_unknown");
  });

  it("requires a real birth date of someone 15 to 100 years old", () => {
    const past = [started, accountGiven, cvUploaded()];
    const birth = (birthDate: string) =>
      given(registrationDecider, past)
        .when({ ...details, birthDate }, ctx)
        .thenError();
    expect(birth("2011-03-02")).toBeNull(); // 15 today
    expect(birth("2011-03-03")).toBe("validation.birth_date"); // 15 tomorrow
    expect(birth("1990-02-30")).toBe("validation.birth_date");
    expect(birth("17/05/1990")).toBe("validation.birth_date");
    expect(birth("1925-03-01")).toBe("validation.birth_date");
  });
});

describe("registration decider: CompleteRegistration", () => {
  it("completes a draft with account, CV and details, naming the new account", () => {
    expect(
      given(registrationDecider, [started, accountGiven, cvUploaded(), detailsGiven])
        .when({ type: "CompleteRegistration", userId: U }, ctx)
        .then(),
    ).toEqual([completed]);
  });

  it("refuses an incomplete draft or a second completion", () => {
    expect(
      given(registrationDecider, [started, accountGiven])
        .when({ type: "CompleteRegistration", userId: U }, ctx)
        .thenError(),
    ).toBe("cv_required");
    expect(
      given(registrationDecider, [started, accountGiven, cvUploaded()])
        .when({ type: "CompleteRegistration", userId: U }, ctx)
        .thenError(),
    ).toBe("validation.required");
    expect(
      given(registrationDecider, [started, accountGiven, cvUploaded(), detailsGiven, completed])
        .when({ type: "CompleteRegistration", userId: U }, ctx)
        .thenError(),
    ).toBe("failed_operation");
  });
});

describe("registration resume point", () => {
  it("is the account step, then the profile step, then completed", () => {
    const at = (past: Recorded<RegistrationEvent>[]) => stepOf(fold(registrationDecider, past));
    expect(at([started])).toBe("account");
    expect(at([started, accountGiven])).toBe("profile");
    expect(at([started, accountGiven, cvUploaded()])).toBe("profile");
    expect(at([started, accountGiven, cvUploaded(), detailsGiven, completed])).toBe("completed");
  });

  it("still folds once the draft's key is destroyed (personal parts unreadable)", () => {
    const erased = [
      started,
      { ...accountGiven, data: { registrationId: R, consents: accountGiven.data.consents } },
      cvUploaded(),
      completed,
    ];
    expect(stepOf(fold(registrationDecider, erased))).toBe("completed");
  });
});

describe("candidate decider", () => {
  const register = {
    type: "RegisterCandidate" as const,
    userId: U,
    registrationId: R,
    country: "FR" as const,
    birthDate: "1990-05-17",
    desiredJobs: ["cook"],
    cv: { fileId: F1, name: "cv.pdf", mime: "application/pdf" as const, size: 1200 },
  };

  it("re-states the profile and the CV under the person's own key", () => {
    expect(given(candidateDecider, []).when(register, ctx).then()).toEqual([
      {
        type: "CandidateRegistered",
        data: { userId: U, registrationId: R, country: "FR" },
        personal: { subjectId: U, data: { birthDate: "1990-05-17", desiredJobs: ["cook"] } },
      },
      {
        type: "CandidateDocumentAdded",
        data: { userId: U, documentId: F1, category: "cv", mime: "application/pdf", size: 1200 },
        personal: { subjectId: U, data: { name: "cv.pdf" } },
      },
    ]);
  });

  it("registers a candidate once", () => {
    expect(
      given(candidateDecider, [{ type: "CandidateRegistered", data: { userId: U, registrationId: R, country: "FR" } }])
        .when(register, ctx)
        .thenError(),
    ).toBe("failed_operation");
  });
});

describe("birthDateError", () => {
  it("counts birthdays in UTC days", () => {
    expect(birthDateError("2000-02-29", new Date("2026-03-02T00:00:00Z"))).toBeNull();
  });
});
