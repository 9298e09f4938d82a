import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appHarness, type Actor } from "../support/harness";
import { loginCookie } from "../support/test-app";
import { waitFor } from "../support/wait";

/**
 * Presentation dossiers over HTTP (issue 29, ADR 0044), on the demo data: only the agency's staff
 * reach a dossier (another agency, a client user, a candidate, a foreign id: 404 or not
 * authorized, from loaders and actions alike); a dossier holds only the agency's client companies
 * and candidates it may see; the client's link works without signing in until it is revoked,
 * replaced or expired, and a tampered one shows nothing; an answer reaches the owner as a
 * notification and the candidate's timeline; and no identifying field of an anonymised candidate
 * reaches the PDF's text or the client's page.
 */
const app = appHarness({}, 300_000);
const cookies: Record<string, string> = {};
const FOREIGN = "00000000-0000-4000-8000-00000000dead";
const ROUTE = {
  build: encodeURIComponent("routes/_app+/mes-dossiers_.presentations_.nouveau"),
  page: encodeURIComponent("routes/_app+/mes-dossiers_.presentations_.$id"),
  link: encodeURIComponent("routes/_public+/presentations.lien.$token"),
  file: encodeURIComponent("routes/_app+/cv-theque_.$id"),
};
// what the candidate is made to hold: each must stay out of an anonymised dossier
const PERSON = {
  firstName: "Zéphyrine",
  lastName: "Quillfeather",
  phone: "079 555 12 34",
  birthDate: "1990-04-12",
  avsNumber: "756.9217.0769.85",
  street: "Rue des Alpes 17",
  employer: "Frobozz Holdings",
};
let subject: Actor & { email: string };
let geClient: { id: string; userId: string };
let lyonClient: { id: string; userId: string };
let lyonOnly: string;
/** the name the account holds (what the file and a named dossier show) */
let account: { firstName: string; lastName: string };
let documentId: string;
const closers: (() => Promise<void>)[] = [];
afterAll(async () => Promise.all(closers.map((c) => c())));

const get = (path: string, who?: string) =>
  fetch(`${app.url}${path}`, { redirect: "manual", headers: who ? { cookie: cookies[who]! } : {} });
const post = (path: string, who: string | null, body: Record<string, string | string[]>) => {
  const form = new URLSearchParams();
  for (const [k, v] of Object.entries(body)) for (const one of [v].flat()) form.append(k, one);
  return fetch(`${app.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: who ? { cookie: cookies[who]! } : {},
    body: form,
  });
};
const candidateFields = (i: number, id: string, extra: Record<string, string | string[]> = {}) =>
  Object.fromEntries(
    Object.entries({ candidateId: id, include: "on", ...extra }).map(([k, v]) => [`candidates[${i}].${k}`, v]),
  );
const build = (who: string, body: Record<string, string | string[]>) =>
  post(`/mes-dossiers/presentations/nouveau?_data=${ROUTE.build}`, who, body);
async function buildOk(body: Record<string, string | string[]>) {
  const res = await build("ge", body);
  const to = res.headers.get("x-remix-redirect");
  expect(to, JSON.stringify(await res.clone().text())).toMatch(/^\/mes-dossiers\/presentations\/[0-9a-f-]{36}$/);
  return to!.split("/").pop()!;
}
const onDossier = (id: string, who: string, body: Record<string, string>) =>
  post(`/mes-dossiers/presentations/${id}?_data=${ROUTE.page}`, who, body);
async function issue(id: string) {
  const res = await onDossier(id, "ge", { intent: "issue" });
  expect(res.status).toBe(200);
  return new URL(((await res.json()) as { link: string }).link).pathname;
}

beforeAll(async () => {
  const accounts = {
    ge: "consultant.ge@demo.test",
    lyon: "consultant.lyon@demo.test",
    client: "client@demo.test",
    clientLyon: "client.lyon@demo.test",
  };
  for (const [who, email] of Object.entries(accounts)) cookies[who] = await loginCookie(app.url, email, false);
  cookies.candidate = await loginCookie(app.url, "candidate@demo.test", true);
  const sql = app.db.sql;
  const clientOf = async (email: string) =>
    (
      await sql<
        { id: string; userId: string }[]
      >`select client_id as id, id as "userId" from rm_users where email = ${email}`
    )[0]!;
  [geClient, lyonClient] = [await clientOf("client@demo.test"), await clientOf("client.lyon@demo.test")];
  // a candidate who applied to Geneva (so Geneva sees their contact details and documents), with a document
  const [row] = await sql<{ id: string; email: string; documentId: string }[]>`
    select u.id, u.email, d.document_id as "documentId" from rm_applications a
    join rm_users u on u.id = a.candidate_id and u.enabled
    join rm_users g on g.agency_id = a.agency_id and g.email = 'consultant.ge@demo.test'
    join lateral (select id as document_id from rm_candidate_documents where user_id = u.id limit 1) d on true
    where a.withdrawn_at is null limit 1`;
  subject = { id: row!.id, email: row!.email, role: "CANDIDATE", agencyId: null, clientId: null };
  documentId = row!.documentId;
  const version = async (key: string) =>
    Number(
      (
        await sql<{ v: string | null }[]>`select versions->>${key} as v from rm_profiles where user_id = ${subject.id}`
      )[0]?.v ?? 0,
    );
  const c = app.services.candidates;
  await c.saveProfile(subject, {
    type: "SaveIdentity",
    expectedVersion: await version("identity"),
    country: "CH",
    values: {
      firstName: PERSON.firstName,
      lastName: PERSON.lastName,
      phone: PERSON.phone,
      birthDate: PERSON.birthDate,
      avsNumber: PERSON.avsNumber,
    },
  });
  await c.saveProfile(subject, {
    type: "SaveAddress",
    expectedVersion: await version("address"),
    values: {
      street: PERSON.street,
      country: "CH",
      postalCode: "1201",
      city: "Genève",
      regionCode: "CH-GE",
      region: "Genève",
    },
  });
  await c.saveProfile(subject, {
    type: "SaveAbout",
    expectedVersion: await version("about"),
    values: {
      aboutMe: `Je suis ${PERSON.firstName} ${PERSON.lastName}, joignable au ${PERSON.phone}. Cariste chez Frobozz.`,
    },
  });
  await c.saveProfile(subject, {
    type: "SaveEntry",
    list: "experience",
    entryId: null,
    expectedVersion: 0,
    values: { jobTitle: "Cariste", company: PERSON.employer, place: "Carouge", startDate: "2019-01-01" },
  });
  const [names] = await sql<{ firstName: string; lastName: string }[]>`
    select first_name as "firstName", last_name as "lastName" from rm_users where id = ${subject.id}`;
  account = names!;
  // a candidate who dealt with Lyon only and is not visible to every agency of a country
  const [lyon] = await sql<{ id: string }[]>`
    select a.candidate_id as id from rm_applications a join rm_users l on l.agency_id = a.agency_id and l.email = 'consultant.lyon@demo.test'
    left join rm_profiles p on p.user_id = a.candidate_id
    where coalesce(p.library_visibility, 'relations') = 'relations' and not exists (
      select 1 from rm_applications b join rm_users g on g.agency_id = b.agency_id and g.email = 'consultant.ge@demo.test'
      where b.candidate_id = a.candidate_id)
    limit 1`;
  lyonOnly = lyon!.id;
}, 180_000);

const base = () => ({ title: "Caristes pour Client SA", clientId: geClient.id, language: "de" });
const everything = { sections: ["summary", "experiences", "trainings", "languages", "documents"] };

describe("building a dossier", () => {
  it("takes the agency's client companies and candidates only; bad input comes back on its field", async () => {
    const lyonCompany = await build("ge", { ...base(), clientId: lyonClient.id, ...candidateFields(0, subject.id) });
    expect(lyonCompany.status).toBe(404);
    expect(await lyonCompany.json()).toMatchObject({ result: { error: { clientId: ["errors.clientNotFound"] } } });
    const foreignCandidate = await build("ge", { ...base(), ...candidateFields(0, lyonOnly) });
    expect(foreignCandidate.status).toBe(404);
    expect(await foreignCandidate.json()).toMatchObject({
      result: { error: { candidates: ["errors.candidateNotFound"] } },
    });
    const none = await build("ge", { ...base(), title: "Gardé", "candidates[0].candidateId": subject.id });
    expect(none.status).toBe(400);
    expect(await none.json()).toMatchObject({
      result: { error: { candidates: ["errors.noCandidate"] }, initialValue: { title: "Gardé" } },
    });
    // the builder offers only candidates the agency may see
    const page = await (
      await get(
        `/mes-dossiers/presentations/nouveau?candidat=${subject.id}&candidat=${lyonOnly}&_data=${ROUTE.build}`,
        "ge",
      )
    ).json();
    expect(page.candidates.map((c: { id: string }) => c.id)).toEqual([subject.id]);
    for (const who of ["client", "candidate"])
      expect((await build(who, { ...base(), ...candidateFields(0, subject.id) })).headers.get("x-remix-redirect")).toBe(
        "/not-authorized",
      );
  });

  it("a dossier is its agency's staff's only: 404 for another agency and foreign ids, not authorized for others", async () => {
    const id = await buildOk({ ...base(), ...candidateFields(0, subject.id) });
    expect((await get(`/mes-dossiers/presentations/${id}?_data=${ROUTE.page}`, "ge")).status).toBe(200);
    const list = await (
      await get(
        `/mes-dossiers/presentations?_data=${encodeURIComponent("routes/_app+/mes-dossiers_.presentations")}`,
        "lyon",
      )
    ).json();
    expect(list.dossiers.map((d: { id: string }) => d.id)).not.toContain(id);
    for (const path of [
      `/mes-dossiers/presentations/${id}?_data=${ROUTE.page}`,
      `/mes-dossiers/presentations/${id}/pdf`,
    ])
      expect((await get(path, "lyon")).status, path).toBe(404);
    for (const intent of ["issue", "revoke"])
      expect((await onDossier(id, "lyon", { intent })).status, intent).toBe(404);
    expect((await onDossier(id, "lyon", { intent: "send", recipientId: geClient.userId })).status).toBe(404);
    expect((await get(`/mes-dossiers/presentations/${FOREIGN}?_data=${ROUTE.page}`, "ge")).status).toBe(404);
    expect((await get(`/mes-dossiers/presentations/not-a-uuid/pdf`, "ge")).status).toBe(404);
    for (const who of ["client", "clientLyon", "candidate"]) {
      const res = await get(`/mes-dossiers/presentations/${id}?_data=${ROUTE.page}`, who);
      expect(res.headers.get("x-remix-redirect"), who).toBe("/not-authorized");
    }
    expect((await get(`/mes-dossiers/presentations/${id}`)).headers.get("location")).toMatch(/^\/login/);
  });
});

describe("the client's link", () => {
  it("works without signing in until revoked or replaced; tampered and expired links show nothing", async () => {
    const id = await buildOk({ ...base(), ...candidateFields(0, subject.id, { comment: "Très fiable" }) });
    const path = await issue(id);
    const page = await get(path);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Caristes pour Client SA");
    const tampered = await get(`${path.slice(0, -2)}xx`);
    expect(tampered.status).toBe(404);
    const tamperedHtml = await tampered.text();
    expect(tamperedHtml).not.toContain("Caristes pour Client SA");
    expect(
      (await post(`${path.slice(0, -2)}xx?_data=${ROUTE.link}`, null, { n: "1", answer: "interested" })).status,
    ).toBe(404);
    // a new link replaces the old one; revoking ends the new one
    const second = await issue(id);
    expect((await get(path)).status).toBe(404);
    expect((await get(second)).status).toBe(200);
    expect((await onDossier(id, "ge", { intent: "revoke" })).status).toBe(200);
    expect((await get(second)).status).toBe(404);
    // expired: the link's end has passed (as the read model holds it), 410 and no data
    const third = await issue(id);
    await app.db.sql`update rm_presentations set link_expires_at = now() - interval '1 minute' where id = ${id}`;
    const expired = await get(third);
    expect(expired.status).toBe(410);
    expect(await expired.text()).not.toContain("Caristes pour Client SA");
    expect((await post(`${third}?_data=${ROUTE.link}`, null, { n: "1", answer: "meeting" })).status).toBe(410);
  });

  it("the client answers per candidate (and may change it); the owner is notified and the candidate's timeline shows it", async () => {
    const id = await buildOk({ ...base(), ...candidateFields(0, subject.id) });
    const path = await issue(id);
    expect((await get(path)).status).toBe(200);
    const bad = await post(`${path}?_data=${ROUTE.link}`, null, { n: "1", comment: "gardé" });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      result: { error: { answer: ["errors.answerRequired"] }, initialValue: { comment: "gardé" } },
    });
    for (const answer of ["interested", "meeting"])
      expect((await post(`${path}?_data=${ROUTE.link}`, null, { n: "1", answer, comment: "Mardi ?" })).status).toBe(
        200,
      );
    const dossier = (await (await get(`/mes-dossiers/presentations/${id}?_data=${ROUTE.page}`, "ge")).json()).dossier;
    expect(dossier.members[0]).toMatchObject({ answer: "meeting", answerComment: "Mardi ?" });
    expect(dossier.status).toBe("answered");
    expect(dossier.firstOpenedAt).not.toBeNull();
    expect(dossier.history.map((h: { kind: string }) => h.kind)).toEqual(
      expect.arrayContaining(["built", "link_issued", "opened", "answered"]),
    );
    const [owner] = await app.db.sql<{ id: string }[]>`select id from rm_users where email = 'consultant.ge@demo.test'`;
    await waitFor(
      async () =>
        (
          await app.db.sql`select 1 from rm_notifications where user_id = ${owner!.id} and kind = 'presentation_meeting'
            and link = ${`/mes-dossiers/presentations/${id}`}`
        ).length > 0,
      { message: "the owner's notification" },
    );
    const file = (await (await get(`/cv-theque/${subject.id}?_data=${ROUTE.file}`, "ge")).json()).file;
    expect(
      file.timeline
        .filter((e: { type: string }) => e.type === "PresentationAnswered")
        .map((e: { answer: string }) => e.answer),
    ).toEqual(expect.arrayContaining(["interested", "meeting"]));
    // Lyon's file of nobody: the dossier's events never reach another agency's view
    expect((await get(`/cv-theque/${subject.id}?_data=${ROUTE.file}`, "lyon")).status).toBe(404);
  });

  it("sends to one of the client company's users only, in the dossier's language, with a working link", async () => {
    const id = await buildOk({ ...base(), ...candidateFields(0, subject.id) });
    const other = await onDossier(id, "ge", { intent: "send", recipientId: lyonClient.userId });
    expect(other.status).toBe(404);
    expect(await other.json()).toMatchObject({ result: { error: { recipientId: ["errors.recipientNotFound"] } } });
    expect((await onDossier(id, "ge", { intent: "send", recipientId: geClient.userId })).status).toBe(200);
    const [mail] = await app.db.sql<{ locale: string; params: { link: string } }[]>`
      select locale, params from mail_outbox where template = 'presentationSent' and recipient = 'client@demo.test' order by created_at desc limit 1`;
    expect(mail!.locale).toBe("de");
    expect((await get(new URL(mail!.params.link).pathname)).status).toBe(200);
  });
});

describe("an anonymised dossier", () => {
  it("lets no identifying field reach the PDF's text or the client's page", async () => {
    const id = await buildOk({
      ...base(),
      anonymised: "on",
      alias: "initials",
      ...candidateFields(0, subject.id, {
        ...everything,
        documentIds: documentId,
        comment: `${PERSON.firstName} est parfaite, appelez le ${PERSON.phone}`,
      }),
    });
    const [documentName] = await app.db.sql<
      { name: string }[]
    >`select name from rm_candidate_documents where id = ${documentId}`;
    const initials = `${account.firstName[0]!.toUpperCase()}. ${account.lastName[0]!.toUpperCase()}.`;
    const identifying = [
      PERSON.firstName,
      PERSON.lastName,
      account.firstName,
      account.lastName,
      subject.email,
      PERSON.phone,
      "+41795551234",
      PERSON.street,
      PERSON.birthDate,
      PERSON.avsNumber,
      "Frobozz",
      documentName!.name,
    ];
    const pdf = await get(`/mes-dossiers/presentations/${id}/pdf`, "ge");
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
    const doc = await pdfjs.getDocument({ data: new Uint8Array(await pdf.arrayBuffer()), isEvalSupported: false })
      .promise;
    closers.push(() => doc.destroy());
    let text = "";
    for (let p = 1; p <= doc.numPages; p++)
      text += (await (await doc.getPage(p)).getTextContent()).items.map((i) => ("str" in i ? i.str : "")).join(" ");
    const html = await (await get(await issue(id))).text();
    // what the client is shown: initials, an age band, the town, the job, in German
    expect(text).toContain("Caristes pour Client SA");
    expect(text).toContain(initials);
    expect(text).toContain("35–44 Jahre");
    expect(text).toContain("Cariste");
    expect(html).toContain(initials);
    expect(html).toContain("Genève");
    for (const value of identifying) {
      expect(text, `PDF: ${value}`).not.toContain(value);
      expect(html, `page: ${value}`).not.toContain(value);
    }
    // the same dossier with names: the PDF does show them (the check above can fail)
    const named = await buildOk({ ...base(), ...candidateFields(0, subject.id, everything) });
    const namedPdf = await (await get(`/mes-dossiers/presentations/${named}/pdf`, "ge")).arrayBuffer();
    const namedDoc = await pdfjs.getDocument({ data: new Uint8Array(namedPdf), isEvalSupported: false }).promise;
    closers.push(() => namedDoc.destroy());
    const first = (await (await namedDoc.getPage(1)).getTextContent()).items
      .map((i) => ("str" in i ? i.str : ""))
      .join(" ");
    expect(first).toContain(account.lastName);
    expect(first).toContain("Frobozz");
    const history = (await (await get(`/mes-dossiers/presentations/${named}?_data=${ROUTE.page}`, "ge")).json()).dossier
      .history;
    expect(history.map((h: { kind: string }) => h.kind)).toContain("pdf");
  });
});
