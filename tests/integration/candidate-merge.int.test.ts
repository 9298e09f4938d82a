import { beforeAll, describe, expect, it } from "vitest";
import {
  AppError,
  createLogger,
  integrationHarness,
  notifierProcessor,
  ProcessorRunner,
  rebuildProjections,
  type Actor,
} from "../support/harness";
import { agencyWithPeople, sampleAdFields } from "../support/missions";
import { pdfBytes } from "../support/documents";
import { MODULES } from "../../server/modules";
import { STATUS } from "../../server/modules/applications/contract";
import { addDaysTo, mondayOf } from "../../server/modules/planning/contract";
import { mergeCommands } from "../../server/modules/duplicates/merge";
import { mergedAccountsProcessor } from "../../server/modules/duplicates/merged-accounts";
import { duplicateQueries } from "../../server/modules/duplicates/queries";
import { systemClock } from "../../server/lib/clock";
import { systemIds } from "../../server/lib/ids";

/** Merging two candidate records and undoing it (issue 28, ADR 0039), on the real Postgres and event store. */
const { db, domain } = integrationHarness({ timeout: 120_000 });

let ge: Awaited<ReturnType<typeof agencyWithPeople>>;
let lyon: Awaited<ReturnType<typeof agencyWithPeople>>;
const admin: Actor = { id: crypto.randomUUID(), role: "PLATFORM_ADMIN", agencyId: null, clientId: null };
let keep: Actor, gone: Actor, wide1: Actor, wide2: Actor;

let seq = 0;
async function candidate(firstName: string): Promise<Actor> {
  const id = await domain.identity.registerUser({
    email: `merge${++seq}.${process.pid}@example.test`,
    password: "Solid-Pass-2026",
    firstName,
    lastName: "Rey",
    locale: "de",
    role: "CANDIDATE",
    country: "CH",
    agencyId: null,
    clientId: null,
    verified: true,
  });
  return { id, role: "CANDIDATE", agencyId: null, clientId: null };
}
const identity = (who: Actor, values: Record<string, unknown>) =>
  domain.candidates.saveProfile(who, { type: "SaveIdentity", expectedVersion: 0, country: "CH", values });
const keyOf = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => (e instanceof AppError ? `${e.kind}:${e.key}` : Promise.reject(e)),
  );
const applyTo = async (who: Actor, adId: number) =>
  domain.applications.apply(who, {
    adId,
    source: "S01",
    answers: [],
    message: "",
    cv: { kind: "upload", name: "cv.pdf", bytes: pdfBytes() },
  });

/** Runs the notifier over everything appended so far (the app runs it as a processor). */
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
  db.sql<{ template: string; locale: string }[]>`select template, locale from mail_outbox
    where recipient = (select email from rm_users where id = ${id}) order by created_at`;
const signInOutcome = async ({ id }: Actor) => {
  const [u] = await db.sql<{ email: string }[]>`select email from rm_users where id = ${id}`;
  const outcome = await domain.identity.signIn({ method: "provider", email: u!.email }, true);
  return outcome.outcome === "refused" ? outcome.refusal : outcome.outcome;
};

/** Every read model row that belongs to either record, as text: what "restored exactly" compares. */
const snapshot = (ids: string[]) => db.sql<{ t: string; a: string; b: string; c: string | null }[]>`
  select 'application' as t, id::text as a, candidate_id::text as b, status::text as c from rm_applications where candidate_id = any(${ids}::uuid[])
  union all select 'document', id::text, user_id::text, name from rm_candidate_documents where user_id = any(${ids}::uuid[])
  union all select 'tag', agency_id::text || tag_key, candidate_id::text, colour from rm_candidate_tags where candidate_id = any(${ids}::uuid[])
  union all select 'comment', id::text, candidate_id::text, body from rm_candidate_comments where candidate_id = any(${ids}::uuid[])
  union all select 'file', agency_id::text, candidate_id::text, version::text from rm_candidate_files where candidate_id = any(${ids}::uuid[])
  union all select 'profile', user_id::text, identity::text, versions::text || updated_at::text from rm_profiles where user_id = any(${ids}::uuid[])
  union all select 'folder', folder_id::text, candidate_id::text, position::text from rm_folder_members where candidate_id = any(${ids}::uuid[])
  union all select 'activity', id::text, candidate_id::text, kind from rm_activities where candidate_id = any(${ids}::uuid[])
  union all select 'proposal', proposal_id::text, candidate_id::text, response from rm_proposal_candidates where candidate_id = any(${ids}::uuid[])
  union all select 'placement', id::text, candidate_id::text, status::text from rm_placements where candidate_id = any(${ids}::uuid[])
  union all select 'assignment', id::text, candidate_id::text, placement_id::text from rm_assignments where candidate_id = any(${ids}::uuid[])
  union all select 'timesheet', id::text, candidate_id::text, status::text from rm_timesheets where candidate_id = any(${ids}::uuid[])
  union all select 'user', id::text, enabled::text, coalesce(disabled_by, '') from rm_users where id = any(${ids}::uuid[])
  order by 1, 2, 3`;

let adA: number, adB: number;
beforeAll(async () => {
  ge = await agencyWithPeople(domain, "CH");
  lyon = await agencyWithPeople(domain, "FR");
  // one person twice (same AVS and birth date), both dealing with Geneva only
  keep = await candidate("Ann");
  gone = await candidate("Anne");
  await identity(keep, { firstName: "Ann", lastName: "Rey", birthDate: "1990-01-02", avsNumber: "7569217076985" });
  await identity(gone, {
    firstName: "Anne",
    lastName: "Rey",
    birthDate: "1990-01-02",
    avsNumber: "7569217076985",
    phone: "+41791112233",
  });
  adA = await domain.missions.createAd(ge.consultant, { fields: sampleAdFields({ questions: [] }), publish: true });
  adB = await domain.missions.createAd(ge.consultant, { fields: sampleAdFields({ questions: [] }), publish: true });
  await applyTo(keep, adA);
  await applyTo(gone, adB);
  await domain.candidates.addCv(gone, { name: "CV.pdf", bytes: pdfBytes() });
  await domain.candidateFile.addTag(ge.consultant, gone.id, { tag: "CACES 3", colour: "red" });
  await domain.candidateFile.addComment(ge.consultant, gone.id, "Called, available Monday");
  await domain.candidateFile.archiveCandidate(ge.consultant, gone.id, { reason: "unreachable", text: "" });
  // a folder holding the merged-away record only (the membership moves), one holding both (it stays where it is)
  only = await domain.folders.createFolder(ge.consultant, {
    name: "Caristes",
    description: "",
    visibility: "agency",
  });
  const both = await domain.folders.createFolder(ge.consultant, {
    name: "Geneva",
    description: "",
    visibility: "private",
  });
  await domain.folders.addToFolder(ge.consultant, only, [gone.id]);
  await domain.folders.addToFolder(ge.consultant, both, [keep.id, gone.id]);
  await domain.activities.logActivity(ge.consultant, { type: "call", subject: "Availability", candidateId: gone.id });
  // a mission for Geneva's client: proposed and accepted (a placement), a published shift, a timesheet
  const missionAd = await domain.missions.createAd(ge.consultant, {
    fields: sampleAdFields({ questions: [], places: 3 }),
    clientId: ge.clientId,
    publish: true,
  });
  const proposalId = await domain.placements.propose(ge.consultant, {
    adId: missionAd,
    candidateIds: [gone.id],
    mode: "first",
    places: 1,
    expiresAt: new Date(Date.now() + 86_400_000),
    message: "",
  });
  const placementId = (await domain.placements.acceptProposal(gone, proposalId))[0]!;
  const week = mondayOf(addDaysTo(new Date().toISOString().slice(0, 10), 21));
  await domain.planning.planAssignment(ge.consultant, {
    placementId,
    shift: { day: addDaysTo(week, 1), startMin: 420, endMin: 960, breakMin: 45, place: "Genève", note: "" },
  });
  await domain.planning.publishPlanning(ge.consultant, "all");
  await domain.timesheets.openTimesheet(gone, { placementId, week: addDaysTo(week, 2) });
  // another pair whose records deal with Geneva and Lyon: only the platform merges it
  wide1 = await candidate("Paul");
  wide2 = await candidate("Paulo");
  for (const w of [wide1, wide2]) await identity(w, { firstName: "Paul", lastName: "Rey", avsNumber: "7561234567897" });
  await applyTo(wide1, adA);
  const adLyon = await domain.missions.createAd(lyon.consultant, {
    fields: sampleAdFields({ questions: [], country: "FR" }),
    publish: true,
  });
  await applyTo(wide2, adLyon);
}, 120_000);

/** the folder holding the merged-away record only */
let only: string;

const pairOf = (a: Actor, b: Actor) => ({ firstId: a.id, secondId: b.id });

describe("merging two candidate records", () => {
  it("is refused to whoever may not merge the pair: not found outside the list, the platform's when other agencies deal", async () => {
    const form = { ...pairOf(keep, gone), survivor: "first" as const, confirm: "yes" as const, choices: {} };
    expect(await keyOf(domain.duplicates.mergeCandidates(lyon.consultant, form))).toBe("not_found:errors.notFound");
    expect(await keyOf(domain.duplicates.mergeCandidates(keep, form))).toBe("not_found:errors.notFound");
    expect(await keyOf(domain.duplicates.mergeComparison(ge.consultant, pairOf(wide1, wide2)))).toBe(
      "not_found:errors.notFound",
    );
    const wide = { ...pairOf(wide1, wide2), survivor: "first" as const, confirm: "yes" as const, choices: {} };
    // the platform sees every pair; Geneva does not see Lyon's candidate, so not even this pair
    expect((await domain.duplicates.mergeComparison(admin, pairOf(wide1, wide2))).fields).toEqual([]);
    expect(await keyOf(domain.duplicates.mergeCandidates(ge.consultant, wide))).toBe("not_found:errors.notFound");
  });

  it("moves every child to the survivor with the chosen values, closes the other login, and the undo restores both exactly", async () => {
    const ids = [keep.id, gone.id];
    const before = await snapshot(ids);
    const comparison = await domain.duplicates.mergeComparison(ge.consultant, pairOf(keep, gone));
    expect(comparison.fields.map((f) => f.name)).toEqual(["identity.firstName", "identity.phone"]);
    const first = keep.id < gone.id ? "first" : "second";
    const other = first === "first" ? "second" : "first";
    await domain.duplicates.mergeCandidates(ge.consultant, {
      ...pairOf(keep, gone),
      firstId: keep.id < gone.id ? keep.id : gone.id,
      secondId: keep.id < gone.id ? gone.id : keep.id,
      survivor: first,
      confirm: "yes",
      choices: { "identity.firstName": other },
    });
    const merged = await snapshot(ids);
    const owners = (t: string) => merged.filter((r) => r.t === t).map((r) => r.b);
    expect(owners("application")).toEqual([keep.id, keep.id]);
    expect(owners("tag")).toEqual([keep.id]);
    expect(owners("document")).toEqual([keep.id]);
    expect(owners("comment")).toEqual([keep.id]);
    expect(owners("activity")).toEqual([keep.id]);
    for (const t of ["proposal", "placement", "assignment", "timesheet"]) expect(owners(t), t).toEqual([keep.id]);
    expect(owners("folder").sort()).toEqual([keep.id, keep.id, gone.id].sort());
    // the archive stays on the merged-away record's own file, and comes back with it
    expect(owners("file")).toEqual([gone.id]);
    const [profile] = await db.sql<{ identity: Record<string, string> }[]>`
      select identity from rm_profiles where user_id = ${keep.id}`;
    expect(profile!.identity).toMatchObject({ firstName: "Anne", phone: "+41791112233" });
    // the file shows the survivor under the chosen name right away
    expect((await domain.candidateFile.candidateFile(ge.consultant, keep.id))?.person.firstName).toBe("Anne");
    const [user] = await db.sql`select enabled, disabled_by from rm_users where id = ${gone.id}`;
    expect(user).toEqual({ enabled: false, disabled_by: "merge" });
    // the closed login is refused with its own message, and its owner is mailed in their language
    expect(await signInOutcome(gone)).toBe("ACCOUNT_MERGED");
    await notify();
    expect(await mailsTo(gone)).toEqual([{ template: "accountMerged", locale: "de" }]);
    // the pair left the list; merging again is refused
    expect((await domain.duplicates.duplicatePairs(ge.consultant)).pairs).toHaveLength(0);

    // a rebuild from the log gives the same state after the merge
    const projections = MODULES.flatMap((m) => m.projections ?? []);
    await rebuildProjections(domain.store, projections);
    expect(await snapshot(ids)).toEqual(merged);

    // a comment written after the merge stays on the survivor; so does the survivor added on its
    // own to the folder its moved membership stands in (shown once while merged)
    const later = await domain.candidateFile.addComment(ge.consultant, keep.id, "After the merge");
    expect(await domain.folders.addToFolder(ge.consultant, only, [keep.id])).toEqual({ added: 1, already: 0 });
    const inOnly = async () =>
      (await snapshot(ids)).filter((r) => r.t === "folder" && r.a === only).sort((x, y) => Number(x.c) - Number(y.c));
    expect(await inOnly()).toEqual([{ t: "folder", a: only, b: keep.id, c: "0" }]);
    await domain.duplicates.undoMerge(ge.consultant, gone.id);
    const undone = await snapshot(ids);
    // what was written after the merge (the comment, the survivor's own file in Geneva it opened, its
    // own place in the folder) stays; the rest is as before
    const afterMerge = (r: { t: string; a: string; b: string }) =>
      r.a === later || (r.t === "file" && r.b === keep.id) || (r.t === "folder" && r.a === only && r.b === keep.id);
    expect(undone.filter((r) => !afterMerge(r))).toEqual(before);
    expect(undone.find((r) => r.a === later)?.b).toBe(keep.id);
    expect(await inOnly()).toEqual([
      { t: "folder", a: only, b: gone.id, c: "0" },
      { t: "folder", a: only, b: keep.id, c: "1" },
    ]);
    expect(await keyOf(domain.duplicates.undoMerge(ge.consultant, gone.id))).toBe("not_found:errors.notFound");
    expect((await domain.duplicates.duplicatePairs(ge.consultant)).pairs).toHaveLength(1);
    // the undo reopens the login and mails again
    expect(await signInOutcome(gone)).toBe("signed_in");
    await notify();
    expect((await mailsTo(gone)).map((m) => m.template)).toEqual(["accountMerged", "accountReopened"]);

    await rebuildProjections(domain.store, projections);
    expect(await snapshot(ids)).toEqual(undone);
  });
});

describe("the merged-away login", () => {
  it("is closed by the processor when the process stopped between the merge and identity's write, and reopened after the undo", async () => {
    const a = await candidate("Lou");
    const b = await candidate("Lou");
    for (const w of [a, b]) await identity(w, { firstName: "Lou", lastName: "Rey", birthDate: "1985-03-04" });
    await applyTo(a, adA);
    await applyTo(b, adB);
    // the merge's transaction commits, then the process stops: identity's write never runs
    const stopped = mergeCommands({
      sql: db.sql,
      store: domain.store,
      ctx: { clock: systemClock, ids: systemIds },
      scopes: duplicateQueries(db.sql),
    });
    const [firstId, secondId] = [a.id, b.id].sort() as [string, string];
    const { mergedId } = await stopped.mergeCandidates(ge.consultant, {
      firstId,
      secondId,
      survivor: "first",
      confirm: "yes",
      choices: {},
    });
    const gone = mergedId === a.id ? a : b;
    expect(await signInOutcome(gone)).toBe("signed_in");
    // the processor, from its checkpoint (a restart), closes it; running it again changes nothing
    const accounts = () =>
      new ProcessorRunner(domain.store, mergedAccountsProcessor(db.sql, domain.identity), createLogger("silent"), 100);
    const runner = accounts();
    while (await runner.runOnce());
    expect(await signInOutcome(gone)).toBe("ACCOUNT_MERGED");
    const closings = async () =>
      (
        await db.sql`select count(*)::int as n from events where stream_id = ${"user-" + gone.id}
        and type in ('AccountDeactivated', 'AccountReactivated')`
      )[0]!.n as number;
    const once = await closings();
    await stopped.undoMerge(ge.consultant, mergedId);
    expect(await signInOutcome(gone)).toBe("ACCOUNT_MERGED");
    while (await runner.runOnce());
    expect(await signInOutcome(gone)).toBe("signed_in");
    // a processor replaying the whole log from the start ends with the login open, as the merge's state says
    await db.sql`delete from processor_checkpoints where name = 'duplicates.merged-accounts'`;
    const replay = accounts();
    while (await replay.runOnce());
    expect(await signInOutcome(gone)).toBe("signed_in");
    expect(await closings()).toBe(once + 1);
  });
});

describe("what moved with a merge", () => {
  it("in a folder: the survivor shown for a moved membership is reordered and removed from it", async () => {
    const [c, d, other] = [await candidate("Lia"), await candidate("Lía"), await candidate("Noé")];
    for (const w of [c, d]) await identity(w, { lastName: "Vaz", birthDate: "1988-02-02", phone: "+41795550022" });
    for (const w of [c, other]) await applyTo(w, adA);
    await applyTo(d, adB);
    const folder = await domain.folders.createFolder(ge.consultant, {
      name: "Vaz",
      description: "",
      visibility: "agency",
    });
    await domain.folders.addToFolder(ge.consultant, folder, [other.id, d.id]);
    const [firstId, secondId] = [c.id, d.id].sort() as [string, string];
    await domain.duplicates.mergeCandidates(ge.consultant, {
      firstId,
      secondId,
      survivor: firstId === c.id ? "first" : "second",
      confirm: "yes",
      choices: {},
    });
    const members = async () =>
      (
        await db.sql<{ id: string }[]>`
        select candidate_id::text as id from rm_folder_members where folder_id = ${folder} order by position`
      ).map((r) => r.id);
    expect(await members()).toEqual([other.id, c.id]);
    await domain.folders.moveInFolder(ge.consultant, folder, c.id, 0);
    expect(await members()).toEqual([c.id, other.id]);
    await domain.folders.removeFromFolder(ge.consultant, folder, c.id);
    expect(await members()).toEqual([other.id]);
    // removed while merged: the undo brings nobody back, and a rebuild agrees
    await domain.duplicates.undoMerge(ge.consultant, d.id);
    expect(await members()).toEqual([other.id]);
    await rebuildProjections(
      domain.store,
      MODULES.flatMap((m) => m.projections ?? []),
    );
    expect(await members()).toEqual([other.id]);
  });

  it("stays editable from the survivor's file, and from its own record again after the undo", async () => {
    const a = await candidate("Zoe");
    const b = await candidate("Zoé");
    for (const w of [a, b]) await identity(w, { lastName: "Rey", birthDate: "1979-11-30", phone: "+41795550011" });
    await applyTo(a, adA);
    const moved = await applyTo(b, adB);
    await domain.candidateFile.addTag(ge.consultant, b.id, { tag: "Forklift", colour: "blue" });
    const comment = await domain.candidateFile.addComment(ge.consultant, b.id, "Prefers mornings");
    const [firstId, secondId] = [a.id, b.id].sort() as [string, string];
    await domain.duplicates.mergeCandidates(ge.consultant, {
      firstId,
      secondId,
      survivor: firstId === a.id ? "first" : "second",
      confirm: "yes",
      choices: {},
    });
    const rows = async () =>
      (
        await db.sql<{ t: string; owner: string; c: string | null }[]>`
        select 'comment' as t, candidate_id::text as owner, body as c from rm_candidate_comments where id = ${comment}
        union all select 'tag', candidate_id::text, tag from rm_candidate_tags where candidate_id = any(${[a.id, b.id]}::uuid[])
        union all select 'application', candidate_id::text, status::text from rm_applications where id = ${moved}
        order by 1`
      ).map((r) => ({ ...r }));
    // from the survivor's file: edit the moved comment, remove the moved tag, move the application on
    await domain.candidateFile.editComment(ge.consultant, a.id, comment, "Prefers mornings, not Fridays");
    await domain.candidateFile.removeTag(ge.consultant, a.id, "Forklift");
    await domain.applications.changeStatus(ge.consultant, moved, { to: STATUS.retained });
    expect(await rows()).toEqual([
      { t: "application", owner: a.id, c: String(STATUS.retained) },
      { t: "comment", owner: a.id, c: "Prefers mornings, not Fridays" },
    ]);
    // the survivor's own login acts on the moved application (its status change named the survivor)
    const [changed] = await db.sql<{ user: string }[]>`select data->>'userId' as user from events
      where stream_id = ${"application-" + moved} and type = 'ApplicationStatusChanged' order by global_position desc limit 1`;
    expect(changed!.user).toBe(a.id);
    await domain.duplicates.undoMerge(ge.consultant, b.id);
    expect(await rows()).toEqual([
      { t: "application", owner: b.id, c: String(STATUS.retained) },
      { t: "comment", owner: b.id, c: "Prefers mornings, not Fridays" },
    ]);
    // back on their record, they still work from its file, and the survivor's file no longer reaches them
    expect(await keyOf(domain.candidateFile.editComment(ge.consultant, a.id, comment, "Lost"))).toBe(
      "not_found:errors.commentNotFound",
    );
    await domain.candidateFile.editComment(ge.consultant, b.id, comment, "Call after 10");
    await domain.applications.changeStatus(ge.consultant, moved, { to: STATUS.pending });
    await domain.candidateFile.addTag(ge.consultant, b.id, { tag: "Forklift", colour: "blue" });
    await domain.candidateFile.removeTag(ge.consultant, b.id, "Forklift");
    // and its own login withdraws it again (the last: Geneva's library then no longer holds the record)
    await domain.applications.withdraw(b, moved);
    expect(await rows()).toEqual([
      { t: "application", owner: b.id, c: String(STATUS.pending) },
      { t: "comment", owner: b.id, c: "Call after 10" },
    ]);
    // a rebuild from the log gives the same rows
    await rebuildProjections(
      domain.store,
      MODULES.flatMap((m) => m.projections ?? []),
    );
    expect(await rows()).toEqual([
      { t: "application", owner: b.id, c: String(STATUS.pending) },
      { t: "comment", owner: b.id, c: "Call after 10" },
    ]);
  });
});
