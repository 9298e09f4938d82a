import { beforeAll, describe, expect, it } from "vitest";
import {
  AppError,
  ConcurrencyError,
  createLogger,
  integrationHarness,
  notifierProcessor,
  ProcessorRunner,
  rebuildProjections,
  SYSTEM_ACTOR,
  type Actor,
} from "../support/harness";
import { agencyWithPeople, sampleAdFields } from "../support/missions";
import { MODULES } from "../../server/modules";
import { STATUS, type TemplateDraft } from "../../server/modules/applications/contract";
import { templatesProjection } from "../../server/modules/applications/templates-projection";

/** Reply templates and custom emails against the real Postgres and event store. */
const { db, domain } = integrationHarness({ clock: true, domain: { publicUrl: "https://missio.example" } });
let agency: Awaited<ReturnType<typeof agencyWithPeople>>;
let other: Awaited<ReturnType<typeof agencyWithPeople>>;
const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

const keyOf = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => (e instanceof AppError ? e.key : e instanceof ConcurrencyError ? "concurrency" : Promise.reject(e)),
  );
const fieldOf = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => (e instanceof AppError ? `${e.key}@${e.field ?? ""}` : Promise.reject(e)),
  );

let seq = 0;
async function candidate(locale = "fr"): Promise<Actor> {
  seq++;
  const id = await domain.identity.registerUser({
    email: `tpl${seq}.${process.pid}@example.test`,
    password: "Solid-Pass-2026",
    firstName: `Léa${seq}`,
    lastName: "Favre",
    locale,
    role: "CANDIDATE",
    country: "CH",
    agencyId: null,
    clientId: null,
    verified: true,
  });
  return { id, role: "CANDIDATE", agencyId: null, clientId: null };
}

/** The candidate applied to a new ad of the agency: the application's id and the ad's title. */
async function application(who: Actor, owner = agency, title = `Cuisinier ${++seq}`) {
  const adId = await domain.missions.createAd(owner.consultant, {
    fields: sampleAdFields({ title, questions: [] }),
    publish: true,
  });
  const id = await domain.applications.apply(who, {
    adId,
    source: "S01",
    answers: [],
    message: "",
    cv: { kind: "upload", name: "cv.pdf", bytes: PDF },
  });
  return { id, title };
}

const draft = (over: Partial<TemplateDraft> = {}): TemplateDraft => ({
  name: "Refus poli",
  purpose: "refusal",
  language: "fr",
  subject: "Votre candidature « {{ad}} »",
  body: "Bonjour {{candidate}},\nle poste « {{ad}} » chez {{agency}} est pourvu.\n{{consultant}}",
  ...over,
});

async function notify() {
  const runner = new ProcessorRunner(
    domain.store,
    notifierProcessor({
      store: domain.store,
      sources: MODULES.flatMap((m) => (m.notices ? [m.notices] : [])),
      recipients: domain.identity,
      logger: createLogger("silent"),
      publicUrl: "https://missio.example",
    }),
    createLogger("silent"),
    100,
  );
  while (await runner.runOnce());
}
const mailsTo = async ({ id }: Actor) =>
  db.sql<
    { template: string; locale: string; params: Record<string, string> }[]
  >`select template, locale, params from mail_outbox
    where recipient = (select email from rm_users where id = ${id}) order by created_at`;
const consultantName = async (a: Actor) =>
  (await db.sql<[{ name: string }]>`select first_name || ' ' || last_name as name from rm_users where id = ${a.id}`)[0]
    .name;

beforeAll(async () => {
  agency = await agencyWithPeople(domain);
  other = await agencyWithPeople(domain);
});

describe("managing templates", () => {
  it("creates, renames and deletes; a name is taken once per purpose and language", async () => {
    const id = await domain.applications.createTemplate(
      agency.consultant,
      draft({ name: "Accueil", purpose: "interview", language: "de" }),
    );
    expect(await domain.applications.replyTemplate(agency.consultant, id)).toMatchObject({
      name: "Accueil",
      purpose: "interview",
      language: "de",
      forRefusals: false,
    });
    expect(
      await keyOf(
        domain.applications.createTemplate(
          agency.consultant,
          draft({ name: " accueil ", purpose: "interview", language: "de" }),
        ),
      ),
    ).toBe("templates.name_taken");
    // the same name in another language is another template
    const fr = await domain.applications.createTemplate(
      agency.consultant,
      draft({ name: "Accueil", purpose: "interview", language: "fr" }),
    );

    await domain.applications.changeTemplate(
      agency.consultant,
      id,
      draft({ name: "Entretien", purpose: "interview", language: "de", subject: "Einladung: {{ad}}" }),
    );
    expect(await domain.applications.replyTemplate(agency.consultant, id)).toMatchObject({
      name: "Entretien",
      subject: "Einladung: {{ad}}",
    });
    expect(
      await fieldOf(
        domain.applications.changeTemplate(
          agency.consultant,
          fr,
          draft({ name: "Entretien", purpose: "interview", language: "de" }),
        ),
      ),
    ).toBe("templates.name_taken@name");
    expect(
      await fieldOf(
        domain.applications.changeTemplate(
          agency.consultant,
          fr,
          draft({ name: "Accueil", purpose: "interview", body: "Hallo {{prenom}}" }),
        ),
      ),
    ).toBe("templates.unknown_placeholder@body");

    await domain.applications.deleteTemplate(agency.consultant, id);
    expect(await domain.applications.replyTemplate(agency.consultant, id)).toBeNull();
    expect(await keyOf(domain.applications.deleteTemplate(agency.consultant, id))).toBe("templates.not_found");
    expect(await keyOf(domain.applications.changeTemplate(agency.consultant, "not-an-id", draft()))).toBe(
      "templates.not_found",
    );
    expect((await domain.applications.replyTemplates(agency.consultant)).map((t) => t.id)).toEqual([fr]);
    await domain.applications.deleteTemplate(agency.consultant, fr);
  });

  it("marks the oldest refusal template of each language as the one automatic refusals use", async () => {
    const first = await domain.applications.createTemplate(
      agency.consultant,
      draft({ name: "Refus A", language: "it" }),
    );
    const second = await domain.applications.createTemplate(
      agency.consultant,
      draft({ name: "Refus B", language: "it" }),
    );
    const rows = await domain.applications.replyTemplates(agency.consultant);
    expect(rows.filter((r) => [first, second].includes(r.id)).map((r) => [r.name, r.forRefusals])).toEqual([
      ["Refus A", true],
      ["Refus B", false],
    ]);
    await domain.applications.deleteTemplate(agency.consultant, first);
    await domain.applications.deleteTemplate(agency.consultant, second);
  });

  it("keeps each agency to its own templates: another agency's id is not found; clients and platform admins manage none", async () => {
    const id = await domain.applications.createTemplate(agency.consultant, draft({ name: "Privé", purpose: "custom" }));
    expect(await domain.applications.replyTemplate(other.consultant, id)).toBeNull();
    expect((await domain.applications.replyTemplates(other.consultant)).map((t) => t.id)).not.toContain(id);
    expect(
      await keyOf(domain.applications.changeTemplate(other.consultant, id, draft({ name: "Volé", purpose: "custom" }))),
    ).toBe("templates.not_found");
    expect(await keyOf(domain.applications.deleteTemplate(other.consultant, id))).toBe("templates.not_found");
    expect(await keyOf(domain.applications.createTemplate(agency.client, draft({ name: "Client" })))).toBe(
      "not_authorized",
    );
    expect(await keyOf(domain.applications.deleteTemplate(agency.manager, id))).toBe("not_authorized");
    expect(await keyOf(domain.applications.createTemplate(SYSTEM_ACTOR, draft({ name: "Admin" })))).toBe(
      "not_authorized",
    );
    expect(await domain.applications.replyTemplates(agency.client)).toEqual([]);
    // still there, unchanged
    expect(await domain.applications.replyTemplate(agency.consultant, id)).toMatchObject({ name: "Privé" });
    await domain.applications.deleteTemplate(agency.consultant, id);
  });

  it("rebuilds the read model from the log to the same rows", async () => {
    const kept = await domain.applications.createTemplate(
      agency.consultant,
      draft({ name: "Gardé", purpose: "retained" }),
    );
    const changed = await domain.applications.createTemplate(other.consultant, draft({ name: "Avant" }));
    await domain.applications.changeTemplate(other.consultant, changed, draft({ name: "Après", language: "pt" }));
    const gone = await domain.applications.createTemplate(agency.consultant, draft({ name: "Parti" }));
    await domain.applications.deleteTemplate(agency.consultant, gone);
    const rows = () => db.sql`select * from rm_reply_templates order by id`;
    const before = await rows();
    await db.sql`update rm_reply_templates set name = 'wrong'`;
    await rebuildProjections(domain.store, [templatesProjection]);
    expect(await rows()).toEqual(before);
    await domain.applications.deleteTemplate(agency.consultant, kept);
    await domain.applications.deleteTemplate(other.consultant, changed);
  });
});

describe("sending a custom email", () => {
  it("sends a template with its placeholders filled, queued in the outbox and recorded on both timelines", async () => {
    const lea = await candidate("fr");
    const { id, title } = await application(lea);
    const templateId = await domain.applications.createTemplate(
      agency.consultant,
      draft({ name: "Invitation", purpose: "interview" }),
    );
    const sent = await domain.applications.sendMail(agency.consultant, id, { templateId });
    const name = await consultantName(agency.consultant);
    const [{ agencyName }] = await db.sql<
      [{ agencyName: string }]
    >`select agency_name as "agencyName" from rm_applications where id = ${id}`;
    const body = `Bonjour ${(await db.sql<[{ n: string }]>`select first_name || ' ' || last_name as n from rm_users where id = ${lea.id}`)[0].n},\nle poste « ${title} » chez ${agencyName} est pourvu.\n${name}`;
    expect(sent).toMatchObject({ purpose: "interview", subject: `Votre candidature « ${title} »`, body });

    const [mail] = await db.sql<
      { id: string; template: string; locale: string; params: Record<string, string> }[]
    >`select id, template, locale, params from mail_outbox where id = ${sent.outboxId}`;
    expect(mail).toMatchObject({
      template: "customEmail",
      locale: "fr",
      params: {
        subject: `Votre candidature « ${title} »`,
        body,
        agency: agencyName,
        link: "https://missio.example/candidatures-en-attente",
      },
    });

    const details = await domain.applications.applicationDetails(agency.consultant, id);
    expect(details!.timeline.at(-1)).toMatchObject({
      kind: "mail",
      subject: `Votre candidature « ${title} »`,
      body,
      byKind: "consultant",
      by: name,
    });
    const mine = await domain.applications.myTimelines(lea, [id]);
    expect(mine[id]!.at(-1)).toMatchObject({ kind: "mail", subject: `Votre candidature « ${title} »` });
    expect(mine[id]!.at(-1)).not.toHaveProperty("body");
    // sending counts as an answer (no "unanswered" flag, no automatic reply)
    const [row] = await db.sql<
      { answered_at: Date | null }[]
    >`select answered_at from rm_applications where id = ${id}`;
    expect(row!.answered_at).not.toBeNull();
    await domain.applications.deleteTemplate(agency.consultant, templateId);
  });

  it("sends a free text (placeholders filled too), or a template's text edited, recording the template's purpose", async () => {
    const lea = await candidate("en");
    const { id, title } = await application(lea);
    const free = await domain.applications.sendMail(agency.consultant, id, {
      subject: "About {{ad}}",
      body: "Hello,\nsee you soon.",
    });
    expect(free).toMatchObject({ purpose: "custom", subject: `About ${title}`, body: "Hello,\nsee you soon." });
    const templateId = await domain.applications.createTemplate(
      agency.consultant,
      draft({ name: "Retenu", purpose: "retained", language: "en" }),
    );
    const edited = await domain.applications.sendMail(agency.consultant, id, {
      templateId,
      subject: "Good news",
      body: "Edited {{candidate}}",
    });
    expect(edited).toMatchObject({
      purpose: "retained",
      subject: "Good news",
      body: expect.stringMatching(/^Edited Léa\d+ Favre$/),
    });
    expect(
      (await mailsTo(lea)).filter((m) => m.template === "customEmail").map((m) => [m.locale, m.params.subject]),
    ).toEqual([
      ["en", `About ${title}`],
      ["en", "Good news"],
    ]);
    await domain.applications.deleteTemplate(agency.consultant, templateId);
  });

  it("refuses, sending nothing: another agency's template or application, bad text, clients, a disabled candidate", async () => {
    const lea = await candidate();
    const { id } = await application(lea);
    const foreignTemplate = await domain.applications.createTemplate(other.consultant, draft({ name: "Autre agence" }));
    const foreignApplication = (await application(await candidate(), other)).id;
    expect(await fieldOf(domain.applications.sendMail(agency.consultant, id, { templateId: foreignTemplate }))).toBe(
      "templates.not_found@templateId",
    );
    expect(
      await keyOf(domain.applications.sendMail(agency.consultant, foreignApplication, { subject: "S", body: "B" })),
    ).toBe("application_not_found");
    expect(await keyOf(domain.applications.sendMail(agency.consultant, "nope", { subject: "S", body: "B" }))).toBe(
      "application_not_found",
    );
    expect(await fieldOf(domain.applications.sendMail(agency.consultant, id, { subject: "", body: "B" }))).toBe(
      "validation.required@subject",
    );
    expect(
      await fieldOf(domain.applications.sendMail(agency.consultant, id, { subject: "S", body: "x".repeat(5001) })),
    ).toBe("validation.too_long@body");
    expect(
      await fieldOf(domain.applications.sendMail(agency.consultant, id, { subject: "S", body: "Hi {{firstname}}" })),
    ).toBe("templates.unknown_placeholder@body");
    expect(
      await fieldOf(
        domain.applications.sendMail(agency.consultant, id, { subject: "S\r\nBcc: x@evil.test", body: "B" }),
      ),
    ).toBe("validation.control_characters@subject");
    expect(await keyOf(domain.applications.sendMail(agency.client, id, { subject: "S", body: "B" }))).toBe(
      "not_authorized",
    );
    expect(await keyOf(domain.applications.sendMail(lea, id, { subject: "S", body: "B" }))).toBe("not_authorized");
    await domain.identity.deactivateAccount(lea, "pause");
    expect(await keyOf(domain.applications.sendMail(agency.consultant, id, { subject: "S", body: "B" }))).toBe(
      "templates.candidate_unreachable",
    );

    expect((await mailsTo(lea)).filter((m) => m.template === "customEmail")).toEqual([]);
    const details = await domain.applications.applicationDetails(agency.consultant, id);
    expect(details!.timeline.filter((e) => e.kind === "mail")).toEqual([]);
    await domain.applications.deleteTemplate(other.consultant, foreignTemplate);
  });
});

describe("the refusal mail", () => {
  it("is the agency's refusal template in the candidate's language, filled in, once the window has passed", async () => {
    const lea = await candidate("de");
    const { id, title } = await application(lea);
    await domain.applications.createTemplate(
      agency.consultant,
      draft({
        name: "Absage",
        language: "de",
        subject: "Ihre Bewerbung: {{ad}}",
        body: "Guten Tag {{candidate}}\n{{consultant}}, {{agency}}",
      }),
    );
    await domain.applications.changeStatus(agency.consultant, id, { to: STATUS.rejected, reason: "position_filled" });
    const [{ version }] = await db.sql<[{ version: number }]>`select version from rm_applications where id = ${id}`;
    expect(await domain.applications.notifyStatus(id, version)).toBe(true);
    await notify();
    const refusal = (await mailsTo(lea)).filter((m) => ["customEmail", "applicationRefused"].includes(m.template));
    expect(refusal).toHaveLength(1);
    expect(refusal[0]).toMatchObject({
      template: "customEmail",
      locale: "de",
      params: { subject: `Ihre Bewerbung: ${title}`, link: "https://missio.example/candidatures-refusees" },
    });
    expect(refusal[0]!.params.body).toMatch(
      new RegExp(`^Guten Tag Léa\\d+ Favre\\n${await consultantName(agency.consultant)}, Agence `),
    );
    // the timeline says the candidate was told
    const details = await domain.applications.applicationDetails(agency.consultant, id);
    expect(details!.timeline.at(-1)).toMatchObject({ kind: "refusal_notified" });
  });

  it("is the standard text when the agency has no refusal template in that language (none in another one is used)", async () => {
    const noe = await candidate("it");
    const { id } = await application(noe);
    await domain.applications.changeStatus(agency.consultant, id, { to: STATUS.rejected });
    const [{ version }] = await db.sql<[{ version: number }]>`select version from rm_applications where id = ${id}`;
    expect(await domain.applications.notifyStatus(id, version)).toBe(true);
    await notify();
    expect((await mailsTo(noe)).map((m) => m.template)).toContain("applicationRefused");
    expect((await mailsTo(noe)).map((m) => m.template)).not.toContain("customEmail");
  });

  it("is not sent when the refusal was followed by another change within the window", async () => {
    const lea = await candidate("de");
    const { id } = await application(lea);
    const batch = await domain.applications.bulkChangeStatus(agency.consultant, [id], { to: STATUS.rejected });
    const [{ version }] = await db.sql<[{ version: number }]>`select version from rm_applications where id = ${id}`;
    await domain.applications.undoBulk(agency.consultant, batch.batchId, [id]);
    expect(await domain.applications.notifyStatus(id, version)).toBe(false);
    await notify();
    expect(
      (await mailsTo(lea)).map((m) => m.template).filter((t) => t === "customEmail" || t === "applicationRefused"),
    ).toEqual([]);
  });
});
