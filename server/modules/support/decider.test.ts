import { describe, expect, it } from "vitest";
import { given } from "../../event-store/decider";
import type { Recorded } from "../../event-store/types";
import { fixedClock } from "../../lib/clock";
import { faqDecider, supportDecider } from "./decider";
import type { FaqEvent, FaqTexts, SupportEvent } from "./events";
import { contactSchema, faqEntrySchema } from "./forms";
import { audienceOf, kindsFor, languageOf, moveTo, SUPPORT_MESSAGE_MAX } from "./rules";

const ctx = { clock: fixedClock("2026-11-27T10:00:00Z"), ids: { uuid: () => "00000000-0000-4000-8000-000000000001" } };
const texts = Object.fromEntries(
  ["fr", "en", "de", "it", "pt"].map((l) => [l, { question: `q-${l}`, answer: `a-${l}` }]),
) as FaqTexts;

describe("support requests", () => {
  const d = supportDecider("r-1");
  const open = {
    type: "Open",
    requesterId: "u-1",
    kind: "question",
    topic: "account",
    locale: "fr",
    name: "Lea Muller",
    email: "lea@example.test",
    message: "Bonjour",
    attachment: { id: "file-1", name: "capture.png" },
  } as const;
  const opened = given(d, []).when(open, ctx).then() as Recorded<SupportEvent>[];

  it("opens a request whose words are sealed with the requester's key (the request's own for a visitor)", () => {
    expect(opened).toEqual([
      {
        type: "SupportRequestOpened",
        data: {
          requestId: "r-1",
          requesterId: "u-1",
          kind: "question",
          topic: "account",
          locale: "fr",
          attachmentId: "file-1",
        },
        personal: {
          subjectId: "u-1",
          data: { name: "Lea Muller", email: "lea@example.test", message: "Bonjour", attachmentName: "capture.png" },
        },
      },
    ]);
    const visitor = given(d, [])
      .when({ ...open, requesterId: null, attachment: null }, ctx)
      .then()[0]!;
    expect(visitor).toMatchObject({ personal: { subjectId: "r-1" } });
    expect(given(d, opened).when(open, ctx).thenError()).toBe("errors.requestExists");
  });

  it("answers (answered), and the requester's reply reopens it (new), even closed", () => {
    const answered = given(d, opened).when({ type: "Answer", by: "admin", message: "Voici" }, ctx).then();
    expect(answered[0]).toMatchObject({ type: "SupportMessageAdded", data: { by: "admin", status: "answered" } });
    const closed = given(d, [...opened, ...answered])
      .when({ type: "SetStatus", by: "admin", status: "closed" }, ctx)
      .then();
    expect(closed[0]).toMatchObject({ type: "SupportStatusChanged", data: { status: "closed" } });
    const replied = given(d, [...opened, ...answered, ...closed])
      .when({ type: "Reply", by: "u-1", message: "Merci, encore une question" }, ctx)
      .then();
    expect(replied[0]).toMatchObject({ data: { by: null, status: "new" }, personal: { subjectId: "u-1" } });
  });

  it("refuses a reply from anyone but the requester, and anything on a request that does not exist", () => {
    expect(given(d, opened).when({ type: "Reply", by: "u-2", message: "x" }, ctx).thenError()).toBe("errors.notFound");
    expect(given(d, []).when({ type: "Answer", by: "admin", message: "x" }, ctx).thenError()).toBe("errors.notFound");
    expect(given(d, opened).when({ type: "SetStatus", by: "admin", status: "in_progress" }, ctx).then()).toHaveLength(
      1,
    );
  });
});

describe("the FAQ", () => {
  const d = faqDecider("f-1");
  const written: FaqEvent = {
    type: "FaqEntryWritten",
    data: { faqId: "f-1", topic: "account", audiences: ["candidate"], texts, created: true },
  };
  it("writes an entry, publishes it once, and moves only an entry that exists", () => {
    expect(
      given(d, [])
        .when({ type: "Write", topic: "account", audiences: ["candidate"], texts }, ctx)
        .then(),
    ).toEqual([written]);
    expect(given(d, [written]).when({ type: "Publish", published: true }, ctx).then()).toHaveLength(1);
    const published: FaqEvent = { type: "FaqEntryPublished", data: { faqId: "f-1", published: true } };
    expect(given(d, [written, published]).when({ type: "Publish", published: true }, ctx).then()).toEqual([]);
    expect(given(d, []).when({ type: "Move", position: 0 }, ctx).thenError()).toBe("errors.notFound");
  });
});

describe("support rules and forms", () => {
  it("gives deletion and export to candidates only, and an audience per role", () => {
    expect(kindsFor("CANDIDATE")).toEqual(["question", "deletion", "data_export"]);
    expect(kindsFor("CLIENT")).toEqual(["question"]);
    expect(kindsFor(null)).toEqual(["question"]);
    expect([
      audienceOf(null),
      audienceOf("CANDIDATE"),
      audienceOf("MANAGER_CLIENT"),
      audienceOf("COLLABORATOR"),
    ]).toEqual(["visitor", "candidate", "client", "agency"]);
    expect([languageOf("de"), languageOf("es")]).toEqual(["de", "fr"]);
    expect(moveTo(["a", "b", "c"], "c", 0)).toEqual(["c", "a", "b"]);
  });

  it("refuses an empty or too long message, a bad e-mail and a missing topic, each on its field", () => {
    const base = { topic: "account", name: "Lea", email: "lea@example.test", message: "Bonjour" };
    expect(contactSchema.safeParse(base).success).toBe(true);
    const errors = (input: object) =>
      (contactSchema.safeParse({ ...base, ...input }).error?.flatten().fieldErrors ?? {}) as Record<string, string[]>;
    expect(errors({ message: " " }).message).toEqual(["errors.messageRequired"]);
    expect(errors({ message: "x".repeat(SUPPORT_MESSAGE_MAX + 1) }).message).toEqual(["errors.messageTooLong"]);
    expect(errors({ email: "lea" }).email).toEqual(["errors.emailInvalid"]);
    expect(errors({ topic: "" }).topic).toEqual(["errors.topicRequired"]);
  });

  it("needs an FAQ entry's question and answer in all five languages and one audience", () => {
    const form: Record<string, unknown> = { topic: "applying", audiences: "candidate" };
    for (const l of ["fr", "en", "de", "it", "pt"])
      Object.assign(form, { [`question_${l}`]: "q", [`answer_${l}`]: "a" });
    expect(faqEntrySchema.parse(form).audiences).toEqual(["candidate"]);
    const missing = faqEntrySchema.safeParse({ ...form, answer_pt: "", audiences: [] }).error?.flatten().fieldErrors;
    expect(missing).toMatchObject({ answer_pt: ["errors.answerRequired"], audiences: ["errors.audiencesRequired"] });
  });
});
