import type { createDomain } from "../../server/services";
import type { Actor } from "../../server/modules/identity/contract";

type Domain = ReturnType<typeof createDomain>;

/**
 * Demo profiles, saved through the profile commands like the editor does: Léa (Switzerland)
 * complete, Hugo (France) partly filled, so the editor and the completion show both states.
 */
export async function seedDemoProfiles(domain: Domain) {
  const { identity, candidates } = domain;
  const actor = async (email: string): Promise<Actor> => ({
    id: (await identity.credentialsByEmail(email))!.id,
    role: "CANDIDATE",
    agencyId: null,
    clientId: null,
  });
  const lea = await actor("candidate@demo.test");
  const save = (who: Actor, input: Parameters<typeof candidates.saveProfile>[1]) => candidates.saveProfile(who, input);
  // the address from the real locality data, as the editor's place field gives it
  const located = (text: string, country: "CH" | "FR") => {
    const l = domain.reference.bestLocality(text, country);
    return l
      ? {
          localityId: l.id,
          postalCode: l.postalCode,
          city: l.name,
          regionCode: l.regionCode,
          region: l.region,
          department: l.department ? `${l.departmentCode} ${l.department}` : undefined,
        }
      : {};
  };

  await save(lea, {
    type: "SaveIdentity",
    expectedVersion: 0,
    country: "CH",
    values: {
      civility: "ms", firstName: "Léa", lastName: "Müller", birthDate: "1992-04-11", nationality: "CH", phone: "+41 79 123 45 67", emergencyPhone: "+41 22 700 00 00",
      maritalStatus: "single", dependentChildren: 0, avsNumber: "756.9217.0769.85", taxAtSource: false, iban: "CH93 0076 2011 6238 5295 7", bankName: "Banque Cantonale de Genève",
      criminalRecord: "clean", transport: "public_transport", licences: ["B"], workPermit: "CH_CITIZEN", medicalVisitDate: "2025-09-01",
    },
  }); // prettier-ignore
  await save(lea, {
    type: "SaveAddress",
    expectedVersion: 0,
    values: { street: "Rue de Carouge 12", country: "CH", ...located("1205 Genève", "CH") },
  });
  await save(lea, {
    type: "SaveCriteria",
    profileId: "main",
    expectedVersion: 0,
    values: {
      sectors: ["hospitality"],
      desiredJobs: ["cook", "kitchen_assistant"],
      places: [],
      radiusKm: 20,
      country: "CH",
      availability: "immediate",
      noticePeriod: "1_month",
      contractType: "temporary",
      occupancyRate: 100,
      income: 28,
      incomePeriod: "hour",
    },
  });
  await save(lea, {
    type: "SaveLanguages",
    expectedVersion: 0,
    values: {
      languages: [
        { code: "fr", spoken: "native", written: "native" },
        { code: "de", spoken: "B2", written: "B1", remark: "Schweizerdeutsch verstanden" },
      ],
    },
  });
  await save(lea, {
    type: "SaveEntry",
    list: "training",
    entryId: null,
    expectedVersion: 0,
    values: {
      school: "Centre de formation professionnelle Genève",
      diploma: "CFC de cuisinière",
      year: 2012,
      result: "Réussi",
      mention: "Bien",
    },
  });
  await save(lea, {
    type: "SaveEntry",
    list: "experience",
    entryId: null,
    expectedVersion: 0,
    values: {
      jobTitle: "Cuisinière",
      type: "permanent",
      company: "Hôtel du Lac",
      place: "Genève",
      startDate: "2013-03-01",
      endDate: "2021-06-30",
    },
  });
  await save(lea, {
    type: "SaveEntry",
    list: "experience",
    entryId: null,
    expectedVersion: 1,
    values: {
      jobTitle: "Cheffe de partie",
      type: "temporary",
      company: "Brasserie des Bastions",
      place: "Genève",
      startDate: "2021-09-01",
    },
  });
  await save(lea, {
    type: "SaveAbout",
    expectedVersion: 0,
    values: {
      aboutMe: "Cuisinière expérimentée, à l'aise en brigade comme seule en cuisine.",
      hobbies: "Randonnée, pâtisserie",
      linkedin: "https://www.linkedin.com/in/lea-muller-demo",
    },
  });

  const hugo = await actor("candidate.fr@demo.test");
  await save(hugo, {
    type: "SaveIdentity",
    expectedVersion: 0,
    country: "FR",
    values: {
      civility: "mr",
      firstName: "Hugo",
      lastName: "Martin",
      nationality: "FR",
      phone: "06 12 34 56 78",
      transport: "car",
      licences: ["B", "C"],
    },
  });
  await save(hugo, {
    type: "SaveAddress",
    expectedVersion: 0,
    values: { street: "12 rue Garibaldi", country: "FR", ...located("69003 Lyon", "FR") },
  });
}
