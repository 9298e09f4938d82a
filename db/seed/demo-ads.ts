import { fixedClock } from "../../server/lib/clock";
import { addDays } from "../../server/modules/missions/commands";
import { localDay } from "../../server/modules/missions/decider";
import { sanitizeDescription } from "../../server/modules/missions/description";
import type { OrderFields } from "../../server/modules/missions/events";
import type { AdFields, OrderState } from "../../server/modules/missions/rules";
import { SYSTEM_ACTOR, type Actor } from "../../server/modules/identity/contract";
import { localityById, type Locality } from "../../server/modules/reference/localities";
import { PROFESSIONS, type Sector } from "../../server/modules/reference/professions";
import { createDomain } from "../../server/services";
import { composeAd, seededRandom, type Language, type Random } from "./ad-texts";
import { DEMO_TOWNS, type Town } from "./demo-towns";

/**
 * The demo ads (about 300) and orders of the two demo agencies, created through the missions
 * command handlers as consultants and a client manager would, in every state an ad can be in.
 * Called once by seedDemo after the people exist. A seeded random source makes every run give
 * the same ads; dates count from the seed day.
 */

type Domain = ReturnType<typeof createDomain>;

/** Ads generated across towns and professions; orders and the manager's proposals come on top. */
export const GENERATED_ADS = 280;
const SEED = 20_260_101;

export { DEMO_TOWNS };

/** The towns the reference data knows, with their locality. */
export function demoTowns(country: "CH" | "FR") {
  return DEMO_TOWNS[country].flatMap((t) => {
    const place = t.ids.map((id) => localityById(id)).find((l): l is Locality => Boolean(l));
    return place ? [{ ...t, place }] : [];
  });
}

/** Client companies added to the demo agencies, with the sectors they hire in. */
const NEW_CLIENTS = {
  geneva: [
    { name: "Constructions du Salève SA", city: "Carouge", sectors: ["construction"] },
    { name: "Hôtellerie Lavaux SA", city: "Lausanne", sectors: ["hospitality"] },
    { name: "Logistique Arc Lémanique SA", city: "Meyrin", sectors: ["logistics", "transport"] },
  ],
  lyon: [
    { name: "Entrepôts Rhodaniens SAS", city: "Saint-Priest", sectors: ["logistics", "transport"] },
    { name: "Résidences Santé Presqu'île", city: "Lyon", sectors: ["health"] },
    { name: "Mécanique de Précision du Forez", city: "Saint-Étienne", sectors: ["industry"] },
  ],
} satisfies Record<string, { name: string; city: string; sectors: Sector[] }[]>;
const EXISTING_CLIENT_SECTORS: Record<string, Sector[]> = {
  "Horlogerie du Rhône SA": ["industry"],
  "Clinique des Eaux-Vives": ["health"],
  "Bâtiments Confluence SAS": ["construction"],
};

type AdState = "online" | "draft" | "disabled" | "archived" | "expired";

interface PlannedAd {
  actor: Actor;
  fields: AdFields;
  branchId: string | null;
  clientId: string | null;
  state: AdState;
}

interface AgencySetup {
  id: string;
  name: string;
  country: "CH" | "FR";
  consultants: Actor[];
  branches: Map<string, string>;
  clients: { id: string; name: string; sectors: Sector[] }[];
}

/** Run `work` over the items with at most `concurrency` at a time, in the items' order. */
async function inPool<T>(items: T[], concurrency: number, work: (item: T, index: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      for (let i = next++; i < items.length; i = next++) await work(items[i]!, i);
    }),
  );
}

async function actorOf(domain: Domain, email: string): Promise<Actor> {
  const user = await domain.identity.credentialsByEmail(email);
  if (!user) throw new Error(`demo ads: ${email} is not registered`);
  return { id: user.id, role: user.role, agencyId: user.agencyId, clientId: user.clientId };
}

async function agencySetup(
  domain: Domain,
  consultants: Actor[],
  country: "CH" | "FR",
  added: { name: string; city: string; sectors: Sector[] }[],
): Promise<AgencySetup> {
  const agencyId = consultants[0]!.agencyId!;
  for (const c of added) await domain.agencies.addClientCompany(SYSTEM_ACTOR, { agencyId, name: c.name, city: c.city });
  const overview = (await domain.agencies.overview(SYSTEM_ACTOR, agencyId))!;
  const sectorsOf = new Map<string, Sector[]>([
    ...Object.entries(EXISTING_CLIENT_SECTORS),
    ...added.map((c) => [c.name, c.sectors] as [string, Sector[]]),
  ]);
  return {
    id: agencyId,
    name: overview.agency.name,
    country,
    consultants,
    branches: new Map(overview.branches.map((b) => [b.name, b.id])),
    clients: overview.clients.map((c) => ({ id: c.id, name: c.name, sectors: sectorsOf.get(c.name) ?? [] })),
  };
}

/** A language for an ad in a town: the town's, now and then English or Portuguese. */
function languageFor(r: Random, town: Town): Language {
  if (town.lang === "de") return r.chance(0.1) ? "en" : "de";
  if (town.lang === "it") return "it";
  return r.weighted({ fr: 93, en: 4, pt: 3 });
}

const orderFields = (
  title: string,
  professionId: string,
  places: number,
  startDate: string,
  endDate: string,
  placeText: string,
  description: string,
  consultantId: string | null,
): OrderFields => ({
  title,
  professionId,
  places,
  startDate,
  endDate,
  placeText,
  description,
  consultantId,
});

export interface DemoAdsSummary {
  ads: number;
  orders: number;
}

export async function seedDemoAds(domain: Domain, today = localDay(new Date())): Promise<DemoAdsSummary> {
  const r = seededRandom(SEED);
  const [ge, ge2, lyonConsultant, manager, admin] = await Promise.all(
    [
      "consultant.ge@demo.test",
      "consultant.ge2@demo.test",
      "consultant.lyon@demo.test",
      "manager@demo.test",
      "admin@demo.test",
    ].map((e) => actorOf(domain, e)),
  );
  const geneva = await agencySetup(domain, [ge!, ge2!], "CH", NEW_CLIENTS.geneva);
  const lyon = await agencySetup(domain, [lyonConsultant!], "FR", NEW_CLIENTS.lyon);
  const clientNamed = (a: AgencySetup, name: string) => a.clients.find((c) => c.name === name)!.id;
  const towns = { CH: demoTowns("CH"), FR: demoTowns("FR") };
  const townOf = (country: "CH" | "FR", id: string) =>
    towns[country].find((t) => t.ids.includes(id)) ?? towns[country][0]!;

  // Orders first: some ads are linked to them.
  const { missions } = domain;
  const day = (n: number) => addDays(today, n);
  const orders: {
    id: string;
    agency: AgencySetup;
    clientId: string;
    professionId: string;
    townId: string;
    endDate: string;
    status: OrderState;
  }[] = [];
  const order = async (
    agency: AgencySetup,
    by: Actor,
    client: string,
    fields: OrderFields,
    path: OrderState[],
    townId: string,
  ) => {
    const clientId = clientNamed(agency, client);
    const id = await missions.placeOrder(by, { clientId, branchId: null, fields });
    const staff = agency.consultants[0]!;
    for (const to of path) await missions.changeOrderStatus(staff, id, to);
    orders.push({
      id,
      agency,
      clientId,
      professionId: fields.professionId,
      townId,
      endDate: fields.endDate,
      status: path.at(-1) ?? (by.role === "MANAGER_CLIENT" ? "pending" : "validated"),
    });
    return id;
  };
  const [geW, ge2W, lyW] = [ge!, ge2!, lyonConsultant!];
  const o1 = await order(
    geneva,
    manager!,
    "Horlogerie du Rhône SA",
    orderFields(
      "Horlogers pour la production d'automne",
      "watchmaker",
      3,
      day(14),
      day(120),
      "Genève",
      "Renfort de trois horlogers de production pour l'assemblage de mouvements.",
      geW.id,
    ),
    [],
    "CH-1201-geneve",
  );
  await order(
    geneva,
    geW,
    "Clinique des Eaux-Vives",
    orderFields(
      "Renfort soins de nuit",
      "nurse",
      2,
      day(7),
      day(90),
      "Genève",
      "Deux infirmiers pour les nuits du service de médecine interne.",
      geW.id,
    ),
    ["online"],
    "CH-1201-geneve",
  );
  await order(
    geneva,
    ge2W,
    "Constructions du Salève SA",
    orderFields(
      "Équipe de maçons – chantier des Acacias",
      "mason",
      4,
      day(-10),
      day(60),
      "Carouge",
      "Quatre maçons qualifiés pour le gros œuvre d'un immeuble de logements.",
      ge2W.id,
    ),
    ["in_progress"],
    "CH-1227-carouge-ge",
  );
  await order(
    geneva,
    geW,
    "Logistique Arc Lémanique SA",
    orderFields(
      "Inventaire annuel",
      "order_picker",
      6,
      day(-45),
      day(-30),
      "Meyrin",
      "Six préparateurs pour l'inventaire annuel de l'entrepôt.",
      geW.id,
    ),
    ["in_progress", "completed"],
    "CH-1217-meyrin",
  );
  await order(
    geneva,
    geW,
    "Hôtellerie Lavaux SA",
    orderFields(
      "Saison d'été – service en salle",
      "waiter",
      3,
      day(20),
      day(110),
      "Lausanne",
      "Serveurs et chefs de rang pour la saison d'été.",
      geW.id,
    ),
    [],
    "CH-1003-lausanne",
  );
  await order(
    lyon,
    lyW,
    "Bâtiments Confluence SAS",
    orderFields(
      "Électriciens – chantier Confluence",
      "electrician",
      3,
      day(5),
      day(80),
      "Lyon",
      "Électriciens pour le second œuvre d'un programme de bureaux.",
      lyW.id,
    ),
    ["online"],
    "FR-69123-69001",
  );
  await order(
    lyon,
    lyW,
    "Entrepôts Rhodaniens SAS",
    orderFields(
      "Caristes – pic d'activité",
      "forklift_driver",
      5,
      day(-7),
      day(50),
      "Saint-Priest",
      "Caristes CACES 1, 3 et 5 pour le pic d'activité de fin d'année.",
      lyW.id,
    ),
    ["in_progress"],
    "FR-69259-69200",
  );
  await order(
    lyon,
    lyW,
    "Résidences Santé Presqu'île",
    orderFields(
      "Aides-soignants – remplacements d'été",
      "nursing_assistant",
      4,
      day(10),
      day(75),
      "Lyon",
      "Remplacements d'été dans deux résidences pour personnes âgées.",
      lyW.id,
    ),
    [],
    "FR-69123-69003",
  );
  await order(
    lyon,
    lyW,
    "Mécanique de Précision du Forez",
    orderFields(
      "Opérateurs CNC – nouvelle ligne",
      "cnc_machinist",
      2,
      day(-60),
      day(-5),
      "Saint-Étienne",
      "Démarrage d'une nouvelle ligne d'usinage.",
      lyW.id,
    ),
    [],
    "FR-42218-42000",
  );

  const planned: PlannedAd[] = [];
  const plan = (
    agency: AgencySetup,
    town: (typeof towns)["CH"][number],
    professionId: string,
    state: AdState,
    opts: { clientId?: string | null; orderId?: string | null; actor?: Actor } = {},
  ) => {
    const contact =
      opts.actor && opts.actor.role !== "MANAGER_CLIENT"
        ? opts.actor
        : town.lang === "it"
          ? agency.consultants.at(-1)!
          : r.pick(agency.consultants);
    const sector = PROFESSIONS.find((p) => p.id === professionId)!.sector;
    const candidates = agency.clients.filter((c) => c.sectors.includes(sector));
    const clientId =
      opts.clientId !== undefined ? opts.clientId : candidates.length && r.chance(0.5) ? r.pick(candidates).id : null;
    const fields = composeAd(r, {
      professionId,
      place: town.place,
      language: languageFor(r, town),
      agencyName: agency.name,
      today,
      contactId: contact.id,
      orderId: opts.orderId ?? null,
      internalId: `${agency.country === "CH" ? "LI" : "RE"}-${String(planned.length + 1).padStart(4, "0")}`,
    });
    fields.description = sanitizeDescription(fields.description);
    if (state === "expired") {
      // online until a few days ago: published under a clock two months back, then expired by the job
      fields.endDate = day(-r.int(1, 20));
      if (fields.commitmentDate) fields.commitmentDate = day(-r.int(25, 55));
    }
    const branchId = town.branch ? (agency.branches.get(town.branch) ?? null) : null;
    planned.push({
      actor: opts.actor ?? contact,
      fields,
      branchId: opts.actor?.role === "MANAGER_CLIENT" ? null : branchId,
      clientId,
      state,
    });
  };

  // Ads linked to the open orders, for the order's client and place.
  for (const o of orders.filter((o) => o.status !== "completed" && o.endDate >= today)) {
    const country = o.agency.country;
    const count = o.id === o1 ? 1 : r.int(1, 3);
    for (let i = 0; i < count; i++)
      plan(o.agency, townOf(country, o.townId), o.professionId, o.status === "pending" ? "draft" : "online", {
        clientId: o.clientId,
        orderId: o.id,
      });
  }
  // Proposed by the client manager, awaiting the agency's review.
  for (const professionId of [
    "watchmaker",
    "quality_controller",
    "assembler",
    "cnc_machinist",
    "administrative_assistant",
  ]) {
    plan(geneva, townOf("CH", "CH-1201-geneve"), professionId, "draft", {
      actor: manager!,
      clientId: manager!.clientId,
    });
  }
  // Every profession twice, then at random.
  const professions = PROFESSIONS.map((p) => p.id);
  const order1 = [...r.sample(professions, professions.length), ...r.sample(professions, professions.length)];
  for (let i = 0; i < GENERATED_ADS; i++) {
    const country = i % 7 < 4 ? "CH" : "FR";
    const agency = country === "CH" ? geneva : lyon;
    const weights = Object.fromEntries(towns[country].map((t, k) => [String(k), t.weight]));
    const town = towns[country][Number(r.weighted(weights))]!;
    const professionId = i < order1.length ? order1[i]! : r.pick(professions);
    const state = r.weighted<AdState>({ online: 85, draft: 4, disabled: 4, archived: 3, expired: 4 });
    // the first round online, so that a search finds every profession
    plan(agency, town, professionId, i < professions.length ? "online" : state);
  }

  // One ad at a time: ad numbers come from a sequence, so the same run order gives the same
  // numbers on every seed (the demo and the tests can rely on them).
  const backThen = createDomain(domain.store.sql, {
    clock: fixedClock(`${day(-60)}T09:00:00Z`),
    storage: domain.storage,
  });
  const ids: number[] = [];
  await inPool(planned, 1, async (ad) => {
    const m = ad.state === "expired" ? backThen.missions : missions;
    const staff = ad.actor.role !== "MANAGER_CLIENT";
    const id = await m.createAd(ad.actor, {
      fields: ad.fields,
      branchId: ad.branchId,
      clientId: ad.clientId,
      publish: staff && ad.state !== "draft",
    });
    if (ad.state === "disabled") await missions.disableAd(ad.actor, id);
    if (ad.state === "archived") await missions.archiveAd(ad.actor, id);
    ids.push(id);
  });
  // the scheduled job does the rest: the ads whose end date has passed go offline, as does the order
  await missions.expireDueAds();

  // the order memo, which only platform admins write and read
  await missions.writeAdMemo(admin!, ids[0]!, "Client prioritaire : facturation mensuelle, tarif négocié pour 2026.");
  await missions.writeOrderMemo(
    admin!,
    o1,
    "Commande transmise par le client via son gestionnaire ; valider les tarifs avant publication.",
  );
  return { ads: planned.length, orders: orders.length };
}
