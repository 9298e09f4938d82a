import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { accountSchema, cvFileError, profileSchema } from "./registration-schemas";

const form = (entries: [string, string | File][]) => {
  const data = new FormData();
  for (const [k, v] of entries) data.append(k, v);
  return data;
};
const errorsOf = (submission: { status?: string; error?: Record<string, string[] | null> | null }) =>
  Object.fromEntries(Object.entries(submission.error ?? {}).filter(([, v]) => v?.length));

describe("account step schema", () => {
  it("reports every mistake at once: missing consents, names and a password confirmation that differs", () => {
    const result = parseWithZod(
      form([
        ["country", "CH"],
        ["email", "lea@example.test"],
        ["password", "Solid-Pass-2026"],
        ["confirmPassword", "Other-Pass-2026"],
      ]),
      {
        schema: accountSchema,
      },
    );
    expect(errorsOf(result)).toEqual({
      firstName: ["validation.required"],
      lastName: ["validation.required"],
      terms: ["validation.consent_required"],
      dataProtection: ["validation.consent_required"],
      confirmPassword: ["validation.passwords_differ"],
    });
  });

  it("accepts a complete first step and trims the names and email", () => {
    const result = parseWithZod(
      form([
        ["country", "FR"],
        ["firstName", " Léa "],
        ["lastName", "Martin"],
        ["email", " lea@example.test "],
        ["password", "Solid-Pass-2026"],
        ["confirmPassword", "Solid-Pass-2026"],
        ["terms", "on"],
        ["dataProtection", "on"],
      ]),
      { schema: accountSchema },
    );
    expect(result.status).toBe("success");
    expect(result.status === "success" && result.value).toMatchObject({
      firstName: "Léa",
      email: "lea@example.test",
      country: "FR",
    });
  });

  it("refuses an invalid email and a country without consent clauses", () => {
    const result = parseWithZod(
      form([
        ["country", "DE"],
        ["email", "not-an-email"],
      ]),
      { schema: accountSchema },
    );
    expect(errorsOf(result)).toMatchObject({ country: ["validation.required"], email: ["validation.email"] });
  });
});

describe("profile step schema", () => {
  const pdf = new File(["%PDF-1.4"], "cv.pdf", { type: "application/pdf" });

  it("requires a CV unless one was uploaded before (cv_required)", () => {
    const entries: [string, string | File][] = [
      ["birthDate", "1990-05-17"],
      ["desiredJobs", "cook"],
      ["cv", new File([], "")],
    ];
    expect(errorsOf(parseWithZod(form(entries), { schema: profileSchema(false) }))).toEqual({ cv: ["cv_required"] });
    expect(parseWithZod(form(entries), { schema: profileSchema(true) }).status).toBe("success");
  });

  it("allows one or two desired jobs, not three (validation.max_choices), not none", () => {
    const jobs = (...ids: string[]) =>
      form([["cv", pdf], ["birthDate", "1990-05-17"], ...ids.map((id): [string, string] => ["desiredJobs", id])]);
    expect(parseWithZod(jobs("cook"), { schema: profileSchema(false) }).status).toBe("success");
    expect(parseWithZod(jobs("cook", "waiter"), { schema: profileSchema(false) }).status).toBe("success");
    expect(errorsOf(parseWithZod(jobs("cook", "waiter", "nurse"), { schema: profileSchema(false) }))).toEqual({
      desiredJobs: ["validation.max_choices"],
    });
    expect(errorsOf(parseWithZod(jobs(), { schema: profileSchema(false) }))).toEqual({
      desiredJobs: ["validation.required"],
    });
  });

  it("checks the file's name and size in the browser (the server reads its content)", () => {
    expect(cvFileError({ name: "cv.PDF", size: 10 })).toBeNull();
    expect(cvFileError({ name: "cv.odt", size: 2 * 1024 * 1024 })).toBeNull();
    // issue 27: a DOCX and a photo of a CV are CVs too
    expect(cvFileError({ name: "cv.docx", size: 10 })).toBeNull();
    expect(cvFileError({ name: "photo.JPG", size: 10 })).toBeNull();
    expect(cvFileError({ name: "photo.png", size: 10 })).toBeNull();
    expect(cvFileError({ name: "cv.txt", size: 10 })).toBe("cv_invalid_type");
    expect(cvFileError({ name: "photo.gif", size: 10 })).toBe("cv_invalid_type");
    expect(cvFileError({ name: "cv.pdf", size: 2 * 1024 * 1024 + 1 })).toBe("cv_too_large");
  });
});
