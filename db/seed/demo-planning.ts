import type { createDomain } from "../../server/services";
import type { Actor } from "../../server/modules/identity/contract";
import { addDaysTo, mondayOf } from "../../server/modules/planning/contract";

type Domain = ReturnType<typeof createDomain>;

/**
 * A populated board for both demo agencies, current and next week, through the commands: more
 * validated missions (proposals accepted), weekday shifts, one overlap (overridden with a
 * reason) and one draft left unpublished.
 */
export async function seedDemoPlanning(domain: Domain) {
  const { identity, placements, planning } = domain;
  const sql = domain.store.sql;
  const actor = async (email: string): Promise<Actor> => {
    const u = (await identity.credentialsByEmail(email))!;
    return { id: u.id, role: u.role, agencyId: u.agencyId, clientId: u.clientId };
  };
  const [ge, lyon, lea, ines, sam, hugo, emma] = await Promise.all(
    [
      "consultant.ge@demo.test",
      "consultant.lyon@demo.test",
      "candidate@demo.test",
      "ines.rossi@demo.test",
      "sam.baker@demo.test",
      "candidate.fr@demo.test",
      "emma.leroy@demo.test",
    ].map(actor),
  );
  const adsOf = (agencyId: string) =>
    sql<
      { id: number }[]
    >`select id::int as id from rm_ads where agency_id = ${agencyId} and status = 'online' order by published_at desc, id limit 6`;
  const [geAds, lyonAds] = await Promise.all([adsOf(ge!.agencyId!), adsOf(lyon!.agencyId!)]);
  const place = async (consultant: Actor, adId: number | undefined, who: Actor) => {
    if (!adId) return null;
    const proposalId = await placements.propose(consultant, {
      adId,
      candidateIds: [who.id],
      mode: "first",
      places: 1,
      expiresAt: new Date(Date.now() + 14 * 86_400_000),
      message: "",
    });
    const [placementId] = await placements.acceptProposal(who, proposalId);
    return placementId ?? null;
  };
  const missionsOf = async (agencyId: string) =>
    sql<
      { id: string; candidateId: string }[]
    >`select id, candidate_id as "candidateId" from rm_placements where agency_id = ${agencyId} order by created_at`;

  const monday = mondayOf(new Date().toISOString().slice(0, 10));
  const weekdays = [0, 1, 2, 3, 4, 7, 8, 9, 10, 11].map((d) => addDaysTo(monday, d));
  const shift = (day: string, start: number, end: number) => ({
    day,
    startMin: start * 60,
    endMin: end * 60,
    breakMin: 60,
    place: "",
    note: "",
  });

  for (const [consultant, extra, overlapWho] of [
    [
      ge!,
      [
        [geAds[0]?.id, lea!],
        [geAds[2]?.id, ines!],
        [geAds[3]?.id, sam!],
      ],
      lea!,
    ],
    [
      lyon!,
      [
        [lyonAds[1]?.id, hugo!],
        [lyonAds[3]?.id, emma!],
        [lyonAds[0]?.id, emma!],
      ],
      emma!,
    ],
  ] as const) {
    for (const [adId, who] of extra) await place(consultant, adId, who);
    const missions = await missionsOf(consultant.agencyId!);
    const seen = new Set<string>();
    let overlapDone = false;
    for (const m of missions) {
      const second = seen.has(m.candidateId);
      seen.add(m.candidateId);
      if (second) {
        // the candidate's second mission: one afternoon that overlaps the first (the demo's overlap)
        if (m.candidateId === overlapWho.id && !overlapDone) {
          overlapDone = true;
          await planning.planAssignment(consultant, {
            placementId: m.id,
            shift: shift(weekdays[2]!, 15, 20),
            reason: "Remplacement urgent (démo)",
          });
        }
        continue;
      }
      for (const day of weekdays)
        await planning.planAssignment(consultant, { placementId: m.id, shift: shift(day, 8, 17) });
    }
    await planning.publishPlanning(consultant, "all");
    // one draft: next Friday starts later, not yet published
    const [friday] = await sql<
      { id: string; version: number }[]
    >`select id, version from rm_assignments where agency_id = ${consultant.agencyId} and day = ${weekdays[9]!} order by id limit 1`;
    if (friday)
      await planning.changeAssignment(consultant, {
        assignmentId: friday.id,
        version: friday.version,
        shift: shift(weekdays[9]!, 10, 18),
      });
  }
}
