import { describe, expect, it } from "vitest";
import { given } from "../../event-store/decider";
import { fixedClock } from "../../lib/clock";
import { renderMail } from "../notifications/templates";
import {
  customMailApiSchema,
  customMailSchema,
  renderPlaceholders,
  templateSchema,
  TEMPLATES_MAX,
  unknownPlaceholders,
  type TemplateDraft,
} from "./contract";
import { applicationDecider } from "./decider";
import type { ApplicationEvent } from "./events";
import { applicationNotices } from "./notices";
import { checkedText, templatesDecider, type TemplateEvent } from "./templates";

const ctx = { clock: fixedClock("2026-11-24T10:00:00Z"), ids: { uuid: () => "00000000-0000-4000-8000-000000000001" } };
const by = { agencyId: "agency-a", userId: "u-consultant" };
const draft = (over: Partial<TemplateDraft> = {}): TemplateDraft => ({
  name: "Refus poli",
  purpose: "refusal",
  language: "fr",
  subject: "Votre candidature « {{ad}} »",
  body: "Bonjour {{candidate}},\nMerci.\n{{consultant}}, {{agency}}",
  ...over,
});
const created = (templateId: string, over: Partial<TemplateDraft> = {}): TemplateEvent => ({
  type: "ReplyTemplateCreated",
  data: { agencyId: "agency-a", templateId, ...draft(over), createdBy: "u-consultant" },
});
const values = { candidate: "Léa Favre", ad: "Cuisinier", agency: "Alpha", consultant: "Marc Rey" };

describe("placeholders", () => {
  it("fills the four placeholders, spaces inside the braces allowed, anything else left as written", () => {
    expect(renderPlaceholders("Bonjour {{candidate}}, « {{ ad }} » chez {{agency}}. {{consultant}}", values)).toBe(
      "Bonjour Léa Favre, « Cuisinier » chez Alpha. Marc Rey",
    );
    expect(renderPlaceholders("{{nom}} et {single} et {{}}", values)).toBe("{{nom}} et {single} et {{}}");
  });

  it("never reads a filled-in value again (a name written like a placeholder stays so)", () => {
    expect(renderPlaceholders("{{candidate}} / {{ad}}", { ...values, candidate: "{{ad}}" })).toBe("{{ad}} / Cuisinier");
  });

  it("lists the unknown ones once each, so a typo is refused before it reaches a candidate", () => {
    expect(unknownPlaceholders("{{candidat}} {{candidat}} {{ad}} {{ }}")).toEqual(["candidat", ""]);
    expect(unknownPlaceholders("Bonjour {{candidate}}")).toEqual([]);
  });
});

describe("the template and mail forms", () => {
  it("makes the subject one line, keeps the body's lines and refuses unknown placeholders on their field", () => {
    const ok = templateSchema.safeParse({ ...draft(), subject: "  Votre\r\ncandidature  ", body: "a\r\nb" });
    expect(ok.success && ok.data).toMatchObject({ subject: "Votre candidature", body: "a\nb" });
    const bad = templateSchema.safeParse({ ...draft(), body: "Bonjour {{prenom}}" });
    expect(!bad.success && bad.error.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["body", "templates.unknown_placeholder"],
    ]);
    const tooLong = templateSchema.safeParse({
      ...draft(),
      name: "",
      subject: "x".repeat(201),
      body: "y".repeat(5001),
      purpose: "party",
      language: "es",
    });
    expect(!tooLong.success && tooLong.error.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["name", "validation.required"],
      ["purpose", "validation.invalid_choice"],
      ["language", "validation.invalid_choice"],
      ["subject", "validation.too_long"],
      ["body", "validation.too_long"],
    ]);
  });

  it("the API takes a template alone, or a subject and a body; a malformed id is a not found", () => {
    const app = "00000000-0000-4000-8000-0000000000aa";
    expect(customMailApiSchema.safeParse({ applicationId: app, templateId: app }).success).toBe(true);
    expect(customMailApiSchema.safeParse({ applicationId: app, subject: "S", body: "B" }).success).toBe(true);
    const messages = (v: object) => {
      const r = customMailApiSchema.safeParse(v);
      return r.success ? [] : r.error.issues.map((i) => i.message);
    };
    expect(messages({ applicationId: app, subject: "S" })).toEqual(["templates.mail_incomplete"]);
    expect(messages({ applicationId: "x", templateId: "y" })).toEqual(["application_not_found", "templates.not_found"]);
    expect(customMailSchema.safeParse({ subject: "", body: "" }).success).toBe(false);
  });
});

describe("the templates decider", () => {
  it("creates a template, cleaning its name; creating the same id again records nothing", () => {
    const events = given(templatesDecider, [])
      .when({ type: "CreateTemplate", by, templateId: "t1", draft: draft({ name: "  Refus   poli " }) }, ctx)
      .then();
    expect(events).toEqual([
      {
        type: "ReplyTemplateCreated",
        data: { agencyId: "agency-a", templateId: "t1", ...draft(), createdBy: "u-consultant" },
      },
    ]);
    expect(
      given(templatesDecider, [created("t1")])
        .when({ type: "CreateTemplate", by, templateId: "t1", draft: draft() }, ctx)
        .then(),
    ).toEqual([]);
  });

  it("keeps a name once per purpose and language (as people read it), free across them", () => {
    const past = [created("t1")];
    expect(
      given(templatesDecider, past)
        .when({ type: "CreateTemplate", by, templateId: "t2", draft: draft({ name: "refus POLI" }) }, ctx)
        .thenError(),
    ).toBe("templates.name_taken");
    expect(
      given(templatesDecider, past)
        .when({ type: "CreateTemplate", by, templateId: "t2", draft: draft({ language: "de" }) }, ctx)
        .thenError(),
    ).toBeNull();
    expect(
      given(templatesDecider, past)
        .when({ type: "CreateTemplate", by, templateId: "t2", draft: draft({ purpose: "custom" }) }, ctx)
        .thenError(),
    ).toBeNull();
  });

  it("refuses what the form would: empty or long texts, unknown placeholders, a line break in the subject, other purposes and languages", () => {
    const error = (over: Partial<TemplateDraft>) =>
      given(templatesDecider, [])
        .when({ type: "CreateTemplate", by, templateId: "t1", draft: draft(over) }, ctx)
        .thenError();
    expect(error({ name: " " })).toBe("validation.required");
    expect(error({ name: "n".repeat(81) })).toBe("validation.too_long");
    expect(error({ subject: "" })).toBe("validation.required");
    expect(error({ subject: "s".repeat(201) })).toBe("validation.too_long");
    expect(error({ body: "b".repeat(5001) })).toBe("validation.too_long");
    expect(error({ body: "Bonjour {{prenom}}" })).toBe("templates.unknown_placeholder");
    expect(error({ subject: "Bcc: x@y\r\nSubject" })).toBe("validation.control_characters");
    expect(error({ purpose: "party" as never })).toBe("validation.invalid_choice");
    expect(error({ language: "es" as never })).toBe("validation.invalid_choice");
  });

  it("stops at the agency's limit", () => {
    const full = Array.from({ length: TEMPLATES_MAX }, (_, i) => created(`t${i}`, { name: `Modèle ${i}` }));
    expect(
      given(templatesDecider, full)
        .when({ type: "CreateTemplate", by, templateId: "new", draft: draft({ name: "Un de plus" }) }, ctx)
        .thenError(),
    ).toBe("templates.limit");
    // deleting one makes room again
    const less = [
      ...full,
      { type: "ReplyTemplateDeleted", data: { agencyId: "agency-a", templateId: "t0" } } as TemplateEvent,
    ];
    expect(
      given(templatesDecider, less)
        .when({ type: "CreateTemplate", by, templateId: "new", draft: draft({ name: "Un de plus" }) }, ctx)
        .thenError(),
    ).toBeNull();
  });

  it("renames and rewrites; the same text records nothing; its own name is no clash", () => {
    const past = [created("t1"), created("t2", { name: "Autre" })];
    const change = (templateId: string, over: Partial<TemplateDraft>) =>
      given(templatesDecider, past).when({ type: "ChangeTemplate", by, templateId, draft: draft(over) }, ctx);
    expect(change("t1", {}).then()).toEqual([]);
    expect(change("t1", { name: "Refus rapide" }).then()).toEqual([
      {
        type: "ReplyTemplateChanged",
        data: { agencyId: "agency-a", templateId: "t1", ...draft({ name: "Refus rapide" }) },
      },
    ]);
    expect(change("t2", { name: "REFUS POLI" }).thenError()).toBe("templates.name_taken");
    expect(change("t2", { name: "Autre", body: "{{candidat}}" }).thenError()).toBe("templates.unknown_placeholder");
  });

  it("says not found for a template that is not in this agency's stream, or was deleted", () => {
    const past = [
      created("t1"),
      { type: "ReplyTemplateDeleted", data: { agencyId: "agency-a", templateId: "t1" } } as TemplateEvent,
    ];
    expect(
      given(templatesDecider, past)
        .when({ type: "ChangeTemplate", by, templateId: "t1", draft: draft() }, ctx)
        .thenError(),
    ).toBe("templates.not_found");
    expect(given(templatesDecider, past).when({ type: "DeleteTemplate", by, templateId: "t1" }, ctx).thenError()).toBe(
      "templates.not_found",
    );
    expect(
      given(templatesDecider, [created("t1")])
        .when({ type: "DeleteTemplate", by, templateId: "t1" }, ctx)
        .then(),
    ).toEqual([{ type: "ReplyTemplateDeleted", data: { agencyId: "agency-a", templateId: "t1" } }]);
  });

  it("checks a free mail's text with the same rules", () => {
    expect(checkedText(" Objet ", "a\r\nb ")).toEqual({ subject: "Objet", body: "a\nb" });
    expect(() => checkedText(undefined, "b")).toThrow("validation.required");
    expect(() => checkedText("s", "{{x}}")).toThrow("templates.unknown_placeholder");
  });
});

describe("the refusal told with the agency's template", () => {
  const submitted: ApplicationEvent = {
    type: "ApplicationSubmitted",
    data: {
      applicationId: "app-1",
      userId: "u1",
      adId: 7,
      agencyId: "agency-a",
      adTitle: "Cuisinier",
      agencyName: "Alpha",
      branchId: null,
      adClientId: null,
      consultantId: "c1",
      source: "S01",
      answers: [true],
      cv: null,
      channel: "signed_in",
      autoReplyDueAt: null,
    },
    personal: { subjectId: "u1", data: { message: "" } },
  };
  const refused: ApplicationEvent = {
    type: "ApplicationStatusChanged",
    data: {
      applicationId: "app-1",
      userId: "u1",
      adTitle: "Cuisinier",
      from: 3,
      to: 1,
      by: "consultant",
      reason: "position_filled",
      batchId: null,
      at: "2026-11-24T10:00:00Z",
    },
  };
  const mail = { templateId: "t1", subject: "Votre candidature « Cuisinier »", body: "Bonjour Léa Favre" };

  it("carries the template and its text, sealed with the candidate's key; without one, the standard notice", () => {
    const [event] = given(applicationDecider, [submitted, refused])
      .when({ type: "NotifyStatus", version: 2, mail }, ctx)
      .then();
    expect(event).toEqual({
      type: "ApplicationRefusalNotified",
      data: {
        applicationId: "app-1",
        userId: "u1",
        adTitle: "Cuisinier",
        agencyName: "Alpha",
        reason: "position_filled",
        auto: false,
        templateId: "t1",
      },
      personal: { subjectId: "u1", data: { subject: mail.subject, body: mail.body } },
    });
    const [plain] = given(applicationDecider, [submitted, refused])
      .when({ type: "NotifyStatus", version: 2, mail: null }, ctx)
      .then();
    expect(plain).not.toHaveProperty("personal");
    // a later change still cancels it, template or not
    expect(
      given(applicationDecider, [submitted, refused]).when({ type: "NotifyStatus", version: 1, mail }, ctx).then(),
    ).toEqual([]);
  });

  it("mails the agency's text as written (no translation syntax read in it), signed by the agency; erased: the standard text", async () => {
    const stored = (data: Record<string, unknown>) =>
      ({
        type: "ApplicationRefusalNotified",
        data,
        globalPosition: 1,
        transactionId: "1",
        streamId: "application-x",
        streamType: "application",
        streamVersion: 3,
        metadata: {},
        createdAt: new Date(),
      }) as never;
    const base = {
      applicationId: "a",
      userId: "u",
      adTitle: "Cuisinier",
      agencyName: "Alpha",
      reason: "position_filled",
      auto: false,
    };
    const [notice] = applicationNotices.notices(
      stored({ ...base, templateId: "t1", subject: "Objet {{name}}", body: "Ligne 1\n\nLigne 2 $t(signature)" }),
      {
        publicUrl: "https://m.example",
      },
    );
    expect(notice!.mail!.template).toBe("customEmail");
    const rendered = await renderMail(notice!.mail!.template, "fr", { name: "Léa", ...notice!.mail!.params });
    expect(rendered.subject).toBe("Objet {{name}}");
    expect(rendered.text).toContain("Ligne 1\n\nLigne 2 $t(signature)");
    expect(rendered.text).toContain("Envoyé par Alpha via Missio");
    expect(rendered.text).toContain("https://m.example/candidatures-refusees");
    const [erased] = applicationNotices.notices(stored({ ...base, templateId: "t1" }), { publicUrl: "" });
    expect(erased!.mail!.template).toBe("applicationRefused");
  });
});
