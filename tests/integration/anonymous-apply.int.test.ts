import pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import { AppError, createThrottle, integrationHarness, type Actor } from "../support/harness";
import { agencyWithPeople, sampleAdFields } from "../support/missions";
import { KEPT_CV_MS } from "../../server/modules/applications/contract";

/** The anonymous apply form's command against the real Postgres and event store (spec section 8). */
const { db, domain, clock } = integrationHarness({ clock: true, domain: { publicUrl: "https://missio.example" } });
let agency: Awaited<ReturnType<typeof agencyWithPeople>>;
const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
const PNG = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10, 0, 0, 0, 13]);

const keyOf = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => (e instanceof AppError ? e.key : Promise.reject(e)),
  );

let seq = 0;
const email = () => `anon${++seq}.${process.pid}@example.test`;
async function account(verified: boolean, address = email()): Promise<Actor & { email: string }> {
  const id = await domain.identity.registerUser({
    email: address,
    password: "Solid-Pass-2026",
    firstName: "Léa",
    lastName: "Favre",
    locale: "fr",
    role: "CANDIDATE",
    country: "CH",
    agencyId: null,
    clientId: null,
    verified,
  });
  return { id, role: "CANDIDATE", agencyId: null, clientId: null, email: address };
}
const publish = (questions: string[] = []) =>
  domain.missions.createAd(agency.consultant, { fields: sampleAdFields({ questions }), publish: true });
const keep = async (name = "cv-lea.pdf", bytes = PDF) => (await domain.applications.keepCv({ name, bytes })).id;
const applyAnon = async (
  adId: number,
  address: string,
  opts: { answers?: boolean[]; cvId?: string | null; source?: string } = {},
) =>
  domain.applications.anonymousApply({
    adId,
    source: opts.source ?? "S03",
    answers: opts.answers ?? [],
    message: "Disponible",
    email: address,
    firstName: "Léa",
    lastName: "Favre",
    locale: "de",
    country: "CH",
    cvId: opts.cvId === undefined ? await keep() : opts.cvId,
  });
const mails = (address: string) => db.sql<{ template: string; params: Record<string, string>; locale: string }[]>`
  select template, params, locale from mail_outbox where recipient = ${address} order by created_at`;
const applicationsOf = (address: string) => db.sql<
  { source: string; channel: string; cv_name: string; status: number }[]
>`
  select a.source, a.channel, a.cv_name, a.status from rm_applications a join rm_users u on u.id = a.candidate_id where u.email = ${address}`;

beforeAll(async () => {
  agency = await agencyWithPeople(domain);
});

describe("anonymous apply, by the account of the email", () => {
  it("unknown email: a pending candidate account, the application with its source, a set-password mail that works", async () => {
    const adId = await publish(["Permis B ?"]);
    const address = email();
    const { outcome, applicationId } = await applyAnon(adId, address, { answers: [true] });
    expect(outcome).toBe("ACCOUNT_CREATED");
    const [user] = await db.sql<{ id: string; role: string; verified: boolean; locale: string; first_name: string }[]>`
      select id, role, verified, locale, first_name from rm_users where email = ${address}`;
    expect(user).toMatchObject({ role: "CANDIDATE", verified: false, locale: "de", first_name: "Léa" });
    expect(await applicationsOf(address)).toEqual([
      { source: "S03", channel: "anonymous", cv_name: "cv-lea.pdf", status: 3 },
    ]);
    expect(await domain.applications.applicationCv(agency.consultant, applicationId)).toMatchObject({
      name: "cv-lea.pdf",
    });

    const [mail] = await mails(address);
    expect(mail).toMatchObject({ template: "anonymousApplyAccount", locale: "de" });
    expect(mail!.params.link).toMatch(/^https:\/\/missio\.example\/set-password\/[\w-]+$/);
    // the link chooses the password, which proves the address: the person can sign in
    const token = mail!.params.link!.split("/").pop()!;
    await domain.identity.setPasswordWithToken(token, "Fresh-Pass-2026");
    const [after] = await db.sql<{ verified: boolean }[]>`select verified from rm_users where email = ${address}`;
    expect(after!.verified).toBe(true);
    // applying again, the same account is found (verified now), no second account
    expect(await keyOf(applyAnon(adId, address, { answers: [true] }))).toBe("candidature_exist");
    const [{ n }] = await db.sql<[{ n: number }]>`select count(*)::int as n from rm_users where email = ${address}`;
    expect(n).toBe(1);
  });

  it("the account it created keeps the CV sent: in its documents, offered and sent on the next application", async () => {
    const address = email();
    await applyAnon(await publish(), address, { cvId: await keep("cv-noe-2026.pdf") });
    const [user] = await db.sql<{ id: string }[]>`select id from rm_users where email = ${address}`;
    const noe: Actor = { id: user!.id, role: "CANDIDATE", agencyId: null, clientId: null };
    expect((await domain.candidates.myDocuments(noe)).map((d) => [d.category, d.name])).toEqual([
      ["cv", "cv-noe-2026.pdf"],
    ]);
    // the next application, signed in, sends it without an upload
    const next = await domain.applications.apply(noe, {
      adId: await publish(),
      source: "S01",
      answers: [],
      message: "",
      cv: { kind: "registered" },
    });
    const sent = await domain.applications.readApplicationCv(agency.consultant, next);
    expect(sent?.name).toBe("cv-noe-2026.pdf");
    expect(new Uint8Array(sent!.bytes)).toEqual(PDF);

    // an existing account's documents are not the form's to change (whoever typed the email)
    const lea = await account(true);
    await applyAnon(await publish(), lea.email, { cvId: await keep("planted.pdf") });
    expect(await domain.candidates.myDocuments(lea)).toEqual([]);
  });

  it("ACCOUNT_VERIFIED applies (no mail of ours, sign in is offered); twice is candidature_exist", async () => {
    const adId = await publish();
    const lea = await account(true);
    expect((await applyAnon(adId, lea.email.toUpperCase())).outcome).toBe("ACCOUNT_VERIFIED");
    expect(await applicationsOf(lea.email)).toHaveLength(1);
    expect(await keyOf(applyAnon(adId, lea.email))).toBe("candidature_exist");
    expect((await mails(lea.email)).map((m) => m.template)).not.toContain("anonymousApplyAccount");
  });

  it("ACCOUNT_NOT_VERIFIED still applies and the verification mail can be asked again", async () => {
    const adId = await publish();
    const lea = await account(false);
    const before = (await mails(lea.email)).length;
    expect((await applyAnon(adId, lea.email)).outcome).toBe("ACCOUNT_NOT_VERIFIED");
    expect(await applicationsOf(lea.email)).toHaveLength(1);
    await domain.applications.resendVerification(lea.email);
    const after = await mails(lea.email);
    expect(after).toHaveLength(before + 1);
    expect(after.at(-1)!.template).toBe("verifyEmail");
    // nobody else gets a mail from the offer: unknown and verified emails are answered the same, silently
    const verified = await account(true);
    await domain.applications.resendVerification(verified.email);
    await domain.applications.resendVerification(email());
    expect(await mails(verified.email)).toHaveLength(0);
  });

  it("ACCOUNT_DISABLED is refused with its message and nothing is stored; the kept CV stays usable", async () => {
    const adId = await publish();
    const lea = await account(true);
    await domain.identity.deactivateAccount(lea, "pause");
    const cvId = await keep();
    const mailsBefore = (await mails(lea.email)).length;
    expect(await keyOf(applyAnon(adId, lea.email, { cvId }))).toBe("anonymous.ACCOUNT_DISABLED");
    expect(await applicationsOf(lea.email)).toHaveLength(0);
    expect(await mails(lea.email)).toHaveLength(mailsBefore);
    expect(await domain.applications.keptCv(cvId)).toEqual({ id: cvId, name: "cv-lea.pdf" });
    const [{ n }] = await db.sql<[{ n: number }]>`select count(*)::int as n from rm_applications where ad_id = ${adId}`;
    expect(n).toBe(0);
  });

  it("refuses emails of agency staff, client users and platform admins, clearly and on the email field", async () => {
    const adId = await publish();
    const adminEmail = email();
    await domain.identity.registerUser({
      email: adminEmail,
      password: "Solid-Pass-2026",
      firstName: "Ada",
      lastName: "Admin",
      locale: "fr",
      role: "PLATFORM_ADMIN",
      country: null,
      agencyId: null,
      clientId: null,
      verified: true,
    });
    for (const who of [agency.consultant, agency.client, agency.manager]) {
      const [row] = await db.sql<{ email: string }[]>`select email from rm_users where id = ${who.id}`;
      const refused = await applyAnon(adId, row!.email).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(AppError);
      expect(refused).toMatchObject({ key: "anonymous.not_candidate", field: "email" });
    }
    expect(await keyOf(applyAnon(adId, adminEmail))).toBe("anonymous.not_candidate");
    const [{ n }] = await db.sql<[{ n: number }]>`select count(*)::int as n from rm_applications where ad_id = ${adId}`;
    expect(n).toBe(0);
  });
});

describe("the CV and the ad", () => {
  it("checks the CV by content; a kept CV is used once, within its time, and a forged id is refused", async () => {
    expect(await keyOf(keep("photo.pdf", PNG))).toBe("cv_invalid_type");
    expect(await keyOf(keep("cv.pdf", new Uint8Array(2 * 1024 * 1024 + 1)))).toBe("cv_too_large");
    const adId = await publish();
    // an id that was never a kept CV (another file of the storage, or made up) attaches nothing
    const other = await account(true);
    const signedIn = await domain.applications.apply(other, {
      adId,
      source: "S01",
      answers: [],
      message: "",
      cv: { kind: "upload", name: "cv.pdf", bytes: PDF },
    });
    const [{ cv_file_id: storedFile }] = await db.sql<
      [{ cv_file_id: string }]
    >`select cv_file_id from rm_applications where id = ${signedIn}`;
    expect(await domain.applications.keptCv(storedFile)).toBeNull();
    const address = email();
    expect(await keyOf(applyAnon(adId, address, { cvId: storedFile }))).toBe("validation.required");
    expect(await keyOf(applyAnon(adId, address, { cvId: "not-a-uuid" }))).toBe("validation.required");
    // no account was made for refused attempts
    expect(await db.sql`select 1 from rm_users where email = ${address}`).toHaveLength(0);

    const cvId = await keep();
    await applyAnon(adId, address, { cvId });
    expect(await domain.applications.keptCv(cvId)).toBeNull();
    expect(await keyOf(applyAnon(await publish(), email(), { cvId }))).toBe("validation.required");

    const old = await keep();
    clock.advance(KEPT_CV_MS + 1000);
    expect(await domain.applications.keptCv(old)).toBeNull();
  });

  it("refuses an offline or unknown ad and missing answers before any account is created", async () => {
    const adId = await publish(["Q1", "Q2"]);
    const address = email();
    expect(await keyOf(applyAnon(adId, address, { answers: [true] }))).toBe("validation.required");
    expect(await keyOf(applyAnon(99_999_999, address))).toBe("announcement_not_found");
    await domain.missions.disableAd(agency.consultant, adId);
    expect(await keyOf(applyAnon(adId, address, { answers: [true, true] }))).toBe("announcement_not_found");
    expect(await db.sql`select 1 from rm_users where email = ${address}`).toHaveLength(0);
  });

  it("the route's rate limit runs first and refuses once the address used its allowance", async () => {
    const pool = new pg.Pool({ connectionString: db.url, max: 2 });
    try {
      const throttle = createThrottle(pool, {
        loginFailsPerAccount: 5,
        loginFailsPerIp: 5,
        loginBlockSeconds: 60,
        requestsPerIp: 5,
        requestWindowSeconds: 60,
        appliesPerIp: 2,
        applyWindowSeconds: 60,
      });
      const admit = () => throttle.consume("apply", "203.0.113.9");
      const adId = await publish();
      const input = async (address: string) => ({
        adId,
        source: "S01",
        answers: [],
        message: "",
        email: address,
        firstName: "A",
        lastName: "B",
        locale: "fr",
        country: "CH",
        cvId: await keep(),
      });
      await domain.applications.anonymousApply(await input(email()), admit);
      await domain.applications.anonymousApply(await input(email()), admit);
      const third = email();
      expect(await keyOf(domain.applications.anonymousApply(await input(third), admit))).toBe("temporarily_blocked");
      expect(await db.sql`select 1 from rm_users where email = ${third}`).toHaveLength(0);
    } finally {
      await pool.end();
    }
  });
});
