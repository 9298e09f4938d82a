import { randomBytes } from "node:crypto";
import type { AdFields } from "../../server/modules/missions/rules";
import { SYSTEM_ACTOR, type Actor } from "../../server/modules/identity/contract";
import type { createDomain } from "../../server/services";

type Domain = ReturnType<typeof createDomain>;

const PLACES = {
  geneve: {
    localityId: "CH-1201-geneve",
    name: "Genève",
    postalCode: "1201",
    region: "Genève",
    regionCode: "CH-GE",
    lat: 46.2044,
    lng: 6.1432,
  },
  lausanne: {
    localityId: "CH-1003-lausanne",
    name: "Lausanne",
    postalCode: "1003",
    region: "Vaud",
    regionCode: "CH-VD",
    lat: 46.5197,
    lng: 6.6323,
  },
  lyon: {
    localityId: "FR-69123-69001",
    name: "Lyon",
    postalCode: "69001",
    region: "Auvergne-Rhône-Alpes",
    regionCode: "FR-84",
    lat: 45.764,
    lng: 4.8357,
  },
};

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A valid ad as the form would decide it; override what the test is about. */
export function sampleAdFields(overrides: Partial<AdFields> & { at?: keyof typeof PLACES } = {}): AdFields {
  const { at = "geneve", ...rest } = overrides;
  return {
    title: "Électricien de chantier",
    qualification: "CFC d'électricien",
    description: "<p>Installations sur chantier, <strong>équipe de 4</strong>.</p>",
    language: "fr",
    sectorId: "construction",
    professionId: "electrician",
    jobType: "full_time",
    contract: "temporary",
    activityRateMin: 80,
    activityRateMax: 100,
    places: 2,
    salaryMin: 32,
    salaryMax: 38,
    salaryPeriod: "hour",
    hideSalary: false,
    commitment: "date",
    commitmentDate: inDays(7),
    endDate: inDays(60),
    slots: "Lundi–vendredi, 7h–16h",
    duration: "3 mois",
    place: PLACES[at],
    country: at === "lyon" ? "FR" : "CH",
    orderId: null,
    contactId: null,
    questions: ["Avez-vous un CFC ?"],
    imageId: null,
    jobBoards: ["S01", "S02"],
    internalId: "",
    ...rest,
  };
}

/**
 * An approved agency with a branch, a client company, a consultant, a client manager and a
 * client user, as actors for the missions commands.
 */
export async function agencyWithPeople(domain: Domain, country: "CH" | "FR" = "CH") {
  const tag = randomBytes(4).toString("hex");
  const agencyId = await domain.agencies.registerAgency(SYSTEM_ACTOR, {
    name: `Agence ${tag}`,
    country,
    city: country === "CH" ? "Genève" : "Lyon",
    approved: true,
  });
  const branchId = await domain.agencies.openBranch(SYSTEM_ACTOR, { agencyId, name: `Branche ${tag}`, city: "Genève" });
  const clientId = await domain.agencies.addClientCompany(SYSTEM_ACTOR, {
    agencyId,
    name: `Client ${tag}`,
    city: "Genève",
  });
  const person = async (role: Actor["role"], withClient: boolean): Promise<Actor> => {
    const id = await domain.identity.registerUser({
      email: `${role.toLowerCase()}.${tag}@example.test`,
      password: "Solid-Pass-2026",
      firstName: role,
      lastName: tag,
      locale: "fr",
      role,
      country: null,
      agencyId,
      clientId: withClient ? clientId : null,
      verified: true,
    });
    return { id, role, agencyId, clientId: withClient ? clientId : null };
  };
  return {
    agencyId,
    branchId,
    clientId,
    consultant: await person("ADMIN_CONSULTANT", false),
    manager: await person("MANAGER_CLIENT", true),
    client: await person("CLIENT", true),
  };
}
