import type { createDomain } from "../../server/services";
import type { Actor } from "../../server/modules/identity/contract";
import { demoPdf } from "./demo-applications";

type Domain = ReturnType<typeof createDomain>;

/**
 * One person twice in Geneva's library (issue 28, ADR 0039): Inès Rossi and a second account she
 * opened later without the accent, same birth date and phone, each with a Geneva application, so
 * /cv-theque/doublons shows a pair the Geneva consultant may merge on a fresh start.
 */
export async function seedDemoDuplicates(domain: Domain, password: string) {
  const { identity, candidates, applications } = domain;
  await identity.registerUser({
    email: "ines.rossi.ge@demo.test",
    firstName: "Ines",
    lastName: "Rossi",
    locale: "it",
    country: "CH",
    password,
    verified: true,
    role: "CANDIDATE",
    agencyId: null,
    clientId: null,
  });
  const actor = async (email: string): Promise<Actor> => ({
    id: (await identity.credentialsByEmail(email))!.id,
    role: "CANDIDATE",
    agencyId: null,
    clientId: null,
  });
  const [first, second] = await Promise.all(["ines.rossi@demo.test", "ines.rossi.ge@demo.test"].map(actor));
  const values = { lastName: "Rossi", birthDate: "1994-06-21", phone: "+41 78 555 12 34" };
  for (const [who, firstName] of [
    [first!, "Inès"],
    [second!, "Ines"],
  ] as const)
    await candidates.saveProfile(who, {
      type: "SaveIdentity",
      expectedVersion: 0,
      country: "CH",
      values: { ...values, firstName },
    });
  // an ad of Geneva's the first record did not apply to (the same ad twice would block the merge)
  const [ad] = await domain.store.sql<{ id: number }[]>`
    select a.id::int as id from rm_ads a join rm_agencies g on g.id = a.agency_id
    where a.status = 'online' and g.id = (select agency_id from rm_users where email = 'consultant.ge@demo.test')
      and jsonb_array_length(coalesce(a.fields->'questions', '[]'::jsonb)) = 0
      and not exists (select 1 from rm_applications p where p.ad_id = a.id and p.candidate_id = ${first!.id})
    order by a.published_at desc, a.id limit 1`;
  const cv = { kind: "upload" as const, name: "CV-Ines-Rossi.pdf", bytes: demoPdf("CV Ines Rossi") };
  if (ad) await applications.apply(second!, { adId: ad.id, source: "S01", answers: [], message: "", cv });
}
