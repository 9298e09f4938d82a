import { beforeAll, describe, expect, it } from "vitest";
import {
  DEMO_TOWNS,
  GENERATED_ADS,
  PROFESSIONS,
  addDays,
  createDomain,
  integrationHarness,
  localDay,
  localityById,
  seedDemo,
  type AdFields,
  type TestDatabase as TestDb,
} from "../support/harness";
import { createTestDatabase } from "../support/test-db";
import { addDaysTo, mondayOf } from "../../server/modules/planning/contract";
import { DEMO_PASSWORD } from "../support/harness";
import { GENERATED_CANDIDATES, GENERATED_DOMAIN, seedDemoCandidates } from "../../db/seed/demo-candidates";
import { seedDemoTimesheets } from "../../db/seed/demo-timesheets";
import {
  isWarning,
  TIMESHEET_STATUSES,
  type DayEntry,
  type DayReduction,
  type PayCategory,
} from "../../server/modules/timesheets/contract";

interface AdRow {
  id: number;
  status: string;
  awaiting_review: boolean;
  agency: string;
  branch: string | null;
  client: string | null;
  contact_email: string | null;
  contact_agency: string | null;
  order_id: string | null;
  order_agency: string | null;
  order_client: string | null;
  fields: AdFields;
  memo: string;
}

const adsOf = (db: TestDb) =>
  db.sql<AdRow[]>`
    select a.id::int as id, a.status, a.awaiting_review, ag.name as agency, b.name as branch, c.name as client,
      u.email as contact_email, u.agency_id::text as contact_agency, a.order_id::text as order_id,
      o.agency_id::text as order_agency, o.client_id::text as order_client, a.fields, a.memo
    from rm_ads a join rm_agencies ag on ag.id = a.agency_id
    left join rm_branches b on b.id = a.branch_id
    left join rm_client_companies c on c.id = a.client_id
    left join rm_users u on u.id = a.contact_id
    left join rm_orders o on o.id = a.order_id
    order by a.id`;

const { db } = integrationHarness();
let ads: AdRow[];
const today = localDay(new Date());

beforeAll(async () => {
  expect(await seedDemo(createDomain(db.sql))).toBe(true);
  ads = await adsOf(db);
}, 120_000);

function groupBy<T>(items: T[], key: (item: T) => string): Record<string, T[] | undefined> {
  const out: Record<string, T[]> = {};
  for (const item of items) (out[key(item)] ??= []).push(item);
  return out;
}

const online = () => ads.filter((a) => a.status === "online");
const share = (n: number) => n / ads.length;

describe("the demo ads", () => {
  it("are about 300, mostly online, with drafts, disabled, archived and expired ones", async () => {
    expect(ads.length).toBeGreaterThanOrEqual(GENERATED_ADS);
    expect(ads.length).toBeLessThanOrEqual(320);
    const byStatus = groupBy(ads, (a) => a.status);
    expect(share(online().length)).toBeGreaterThan(0.78);
    for (const status of ["draft", "disabled", "archived", "expired"])
      expect(byStatus[status]?.length ?? 0, status).toBeGreaterThan(2);
    // expired by the expiry job: their end date has passed; the online ones run 20 to 90 days more
    for (const a of byStatus.expired!) expect(a.fields.endDate < today).toBe(true);
    for (const a of online()) {
      expect(
        a.fields.endDate >= addDays(today, 14) && a.fields.endDate <= addDays(today, 90),
        `${a.id} ends ${a.fields.endDate}`,
      ).toBe(true);
      if (a.fields.commitment === "date")
        expect(a.fields.commitmentDate! >= today && a.fields.commitmentDate! <= addDays(today, 40)).toBe(true);
      else expect(a.fields.commitmentDate).toBeNull();
    }
    // the seed checks the admin account: a second start adds nothing
    expect(await seedDemo(createDomain(db.sql))).toBe(false);
    expect(await db.sql`select count(*)::int as n from rm_ads`).toEqual([{ n: ads.length }]);
  });

  it("cover every profession, both agencies and countries, in five languages", () => {
    const professions = new Set(online().map((a) => a.fields.professionId));
    expect([...PROFESSIONS.map((p) => p.id)].filter((p) => !professions.has(p))).toEqual([]);
    for (const a of ads) {
      expect(a.fields.country).toBe(a.agency === "Léman Intérim SA" ? "CH" : "FR");
      expect(PROFESSIONS.find((p) => p.id === a.fields.professionId)?.sector).toBe(a.fields.sectorId);
    }
    const perAgency = groupBy(online(), (a) => a.agency);
    expect(perAgency["Léman Intérim SA"]!.length).toBeGreaterThan(100);
    expect(perAgency["Rhône Emploi"]!.length).toBeGreaterThan(70);
    const languages = groupBy(ads, (a) => a.fields.language);
    expect(languages.fr!.length / ads.length).toBeGreaterThan(0.6);
    for (const lng of ["de", "it", "en", "pt"]) expect(languages[lng]?.length ?? 0, lng).toBeGreaterThan(1);
    // German in Zürich, Bern, Basel; Italian in Ticino
    for (const a of languages.de!) expect(["CH-ZH", "CH-BE", "CH-BS"]).toContain(a.fields.place.regionCode);
    for (const a of languages.it!) expect(a.fields.place.regionCode).toBe("CH-TI");
  });

  it("are in real towns of the reference data, about forty of them", () => {
    for (const t of [...DEMO_TOWNS.CH, ...DEMO_TOWNS.FR])
      expect(
        t.ids.some((id) => localityById(id)),
        t.ids.join(" or "),
      ).toBe(true);
    const towns = new Set(ads.map((a) => a.fields.place.localityId));
    expect(towns.size).toBeGreaterThanOrEqual(40);
    for (const id of towns) {
      const place = ads.find((a) => a.fields.place.localityId === id)!.fields.place;
      const locality = localityById(id)!;
      expect({ name: place.name, lat: place.lat, lng: place.lng, regionCode: place.regionCode }).toEqual({
        name: locality.name,
        lat: locality.lat,
        lng: locality.lng,
        regionCode: locality.regionCode,
      });
    }
  });

  it("read like real ads: rich text, salaries in the country's range, job boards of the country", () => {
    const range = {
      CH: { hour: [28, 45], month: [4800, 9000] },
      FR: { hour: [11.65, 22], month: [1800, 4000] },
    } as const;
    for (const a of ads) {
      const f = a.fields;
      expect(f.description).toMatch(/^<p>.+<\/p>.*<ul><li>.+<\/li><\/ul>/);
      expect(f.description).toContain("<strong>");
      expect(f.description.toLowerCase()).not.toContain("lorem");
      expect(f.questions.length).toBeLessThanOrEqual(3);
      expect(f.jobBoards).toContain("S01");
      const foreign = f.country === "CH" ? ["S05", "S06"] : ["S03", "S04"];
      expect(f.jobBoards.filter((b) => foreign.includes(b))).toEqual([]);
      expect(f.activityRateMin).toBeLessThanOrEqual(f.activityRateMax);
      if (f.salaryMin !== null) {
        const [lo, hi] = range[f.country][f.salaryPeriod as "hour" | "month"];
        expect(f.salaryMin, `${a.id} ${f.salaryPeriod}`).toBeGreaterThanOrEqual(lo);
        expect(f.salaryMax!).toBeLessThanOrEqual(hi);
        expect(f.salaryMin).toBeLessThanOrEqual(f.salaryMax!);
      } else expect(["internship", "apprenticeship"]).toContain(f.contract);
    }
    // not one template repeated: titles and descriptions vary
    expect(new Set(ads.map((a) => a.fields.title)).size).toBeGreaterThan(100);
    expect(new Set(ads.map((a) => a.fields.description)).size).toBe(ads.length);
    expect(new Set(ads.map((a) => a.fields.contract)).size).toBe(5);
    expect(new Set(ads.map((a) => a.fields.jobType)).size).toBe(4);
    expect(new Set(ads.map((a) => a.fields.commitment)).size).toBe(3);
  });

  it("belong to their agency: branch, client, contact and order from the same agency", () => {
    for (const a of ads) {
      expect(a.contact_email, String(a.id)).toMatch(
        a.agency === "Léman Intérim SA" ? /^consultant\.ge2?@demo\.test$/ : /^consultant\.lyon@demo\.test$/,
      );
      if (a.branch)
        expect(a.agency === "Léman Intérim SA" ? ["Genève Cornavin", "Lausanne Flon"] : ["Lyon Part-Dieu"]).toContain(
          a.branch,
        );
      if (a.order_id) expect(a.order_agency).toBe(a.contact_agency);
    }
    // Geneva ads are shared between the branches; clients hire through both agencies
    const branches = new Set(ads.filter((a) => a.agency === "Léman Intérim SA").map((a) => a.branch));
    expect(branches).toEqual(new Set(["Genève Cornavin", "Lausanne Flon", null]));
    expect(new Set(ads.map((a) => a.client)).size).toBeGreaterThan(6);
  });

  it("include the client manager's proposals, awaiting the agency's review", async () => {
    const domain = createDomain(db.sql);
    const manager = (await domain.identity.credentialsByEmail("manager@demo.test"))!;
    const proposals = await db.sql<{ status: string; awaiting_review: boolean; client_id: string }[]>`
      select status, awaiting_review, client_id from rm_ads where created_by = ${manager.id}`;
    expect(proposals.length).toBeGreaterThanOrEqual(3);
    for (const p of proposals)
      expect(p).toEqual({ status: "draft", awaiting_review: true, client_id: manager.clientId });
    // the manager finds them in their list, which holds their company's ads only
    const listed = await domain.missions.listAds(manager, { status: "draft" });
    expect(listed.total).toBeGreaterThanOrEqual(proposals.length);
    expect(listed.ads.every((a) => a.clientId === manager.clientId)).toBe(true);
  });

  it("come with orders in several states, some with linked ads", async () => {
    const orders = await db.sql<{ status: string; linked: number }[]>`
      select o.status, (select count(*)::int from rm_ads a where a.order_id = o.id) as linked from rm_orders o`;
    expect(new Set(orders.map((o) => o.status))).toEqual(
      new Set(["pending", "validated", "online", "in_progress", "completed", "expired"]),
    );
    expect(orders.filter((o) => o.linked > 0).length).toBeGreaterThanOrEqual(4);
    // an ad linked to an order is for that order's client
    for (const a of ads.filter((x) => x.order_id)) expect(a.client).not.toBeNull();
  });

  it("keep tenants apart: each agency's consultants see only their own ads", async () => {
    const domain = createDomain(db.sql);
    const lyon = (await domain.identity.credentialsByEmail("consultant.lyon@demo.test"))!;
    const geneva = (await domain.identity.credentialsByEmail("consultant.ge@demo.test"))!;
    const lyonAds = await domain.missions.listAds(lyon, {});
    const genevaAds = await domain.missions.listAds(geneva, {});
    expect(lyonAds.total).toBe(ads.filter((a) => a.agency === "Rhône Emploi").length);
    expect(genevaAds.total).toBe(ads.filter((a) => a.agency === "Léman Intérim SA").length);
    expect(lyonAds.ads.every((a) => a.agencyName === "Rhône Emploi")).toBe(true);
  });

  it("are the same on every seed (seeded random source, dates from the seed day)", async () => {
    const other = await createTestDatabase();
    try {
      await seedDemo(createDomain(other.sql));
      const again = await adsOf(other);
      // uuids differ between databases (contacts, orders, images); the ads themselves do not
      const comparable = (rows: AdRow[]) =>
        rows.map((a) => ({
          ...a,
          fields: { ...a.fields, contactId: null, orderId: null },
          order_id: Boolean(a.order_id),
          order_agency: null,
          order_client: null,
          contact_agency: null,
        }));
      expect(comparable(again)).toEqual(comparable(ads));
    } finally {
      await other.drop();
    }
  }, 120_000);
});

describe("the demo applications", () => {
  it("cover every status, withdrawn ones, both agencies, CVs, the automatic reply's countdown, proposals and a validated mission", async () => {
    const rows = await db.sql<
      { status: number; agency: string; withdrawn: boolean; cv: boolean; due: boolean; interest: string | null }[]
    >`
      select a.status, ag.name as agency, a.withdrawn_at is not null as withdrawn, a.cv_file_id is not null as cv, a.auto_reply_due_at is not null as due, a.interest
      from rm_applications a join rm_agencies ag on ag.id = a.agency_id`;
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set([1, 2, 3, 6]));
    const [{ placements, open }] = await db.sql<[{ placements: number; open: number }]>`select
      (select count(*)::int from rm_placements) as placements, (select count(*)::int from rm_proposals where status = 'open') as open`;
    expect(placements).toBeGreaterThanOrEqual(1);
    expect(open).toBeGreaterThanOrEqual(1);
    expect(new Set(rows.map((r) => r.agency))).toEqual(new Set(["Léman Intérim SA", "Rhône Emploi"]));
    expect(rows.some((r) => r.withdrawn)).toBe(true);
    expect(rows.some((r) => r.due)).toBe(true);
    expect(rows.some((r) => r.interest)).toBe(true);
    expect(rows.every((r) => r.cv)).toBe(true);
  });
});

describe("the demo duplicates", () => {
  it("show Geneva's consultant one pair of Inès Rossi's two records, which Geneva may merge", async () => {
    const domain = createDomain(db.sql);
    const u = (await domain.identity.credentialsByEmail("consultant.ge@demo.test"))!;
    const consultant = { id: u.id, role: u.role, agencyId: u.agencyId, clientId: u.clientId };
    const { pairs } = await domain.duplicates.duplicatePairs(consultant);
    const ines = pairs.filter((p) => p.first.lastName === "Rossi" && p.second.lastName === "Rossi");
    expect(ines).toHaveLength(1);
    expect(ines[0]!.reasons.map((r) => r.kind)).toEqual(expect.arrayContaining(["phone", "name_birth"]));
    const pair = { firstId: ines[0]!.first.id, secondId: ines[0]!.second.id };
    expect((await domain.duplicates.mergeComparison(consultant, pair)).fields.map((f) => f.name)).toEqual([
      "identity.firstName",
    ]);
  });
});

describe("the demo planning", () => {
  it("fills both agencies' boards this week and next, with an overlap naming the candidate and one draft", async () => {
    for (const name of ["Léman Intérim SA", "Rhône Emploi"]) {
      const [row] = await db.sql<
        { id: string; agency_id: string }[]
      >`select u.id, u.agency_id from rm_users u join rm_agencies g on g.id = u.agency_id
        where g.name = ${name} and u.role = 'ADMIN_CONSULTANT' order by u.email limit 1`;
      const consultant = { id: row!.id, role: "ADMIN_CONSULTANT" as const, agencyId: row!.agency_id, clientId: null };
      const monday = mondayOf(new Date().toISOString().slice(0, 10));
      const board = await createDomain(db.sql).planning.board(consultant, { from: monday, to: addDaysTo(monday, 13) });
      expect(board.assignments.length, name).toBeGreaterThanOrEqual(20);
      expect(
        board.warnings.filter((w) => w.kind === "overlap").map((w) => w.candidateName),
        name,
      ).toHaveLength(1);
      expect(
        board.assignments.filter((a) => a.status === "draft"),
        name,
      ).toHaveLength(1);
      expect(
        board.assignments.some((a) => a.overrideReason),
        name,
      ).toBe(true);
    }
  });
});

describe("the demo folders", () => {
  it("give each agency a shared and a private folder of candidates it may see", async () => {
    const domain = createDomain(db.sql);
    for (const email of ["consultant.ge@demo.test", "consultant.lyon@demo.test"]) {
      const u = (await domain.identity.credentialsByEmail(email))!;
      const actor = { id: u.id, role: u.role, agencyId: u.agencyId, clientId: u.clientId };
      const list = await domain.folders.pickableFolders(actor);
      expect(list.map((f) => f.visibility).sort(), email).toEqual(["agency", "private"]);
      for (const f of list) {
        const folder = (await domain.folders.folder(actor, f.id))!;
        expect(folder.members.length, `${email} ${f.name}`).toBeGreaterThanOrEqual(2);
        for (const m of folder.members)
          expect(await domain.candidates.openCandidateProfile(actor, m.id), m.id).not.toBeNull();
      }
    }
  });
});

describe("the demo timesheets", () => {
  it("are in every status in both countries, with reasons, realistic days, and sheets waiting for the Geneva client user", async () => {
    const domain = createDomain(db.sql);
    const rows = await db.sql<
      {
        country: string;
        status: string;
        comment: string | null;
        days: DayEntry[];
        reductions: DayReduction[];
        dispute: { state: string } | null;
      }[]
    >`
      select country, status, comment, days, reductions, dispute from rm_timesheets`;
    // a reduction the candidate disputes, waiting for the agency; the Geneva client's own rules
    expect(rows.filter((r) => r.country === "CH" && r.reductions.length && r.dispute?.state === "open")).toHaveLength(
      1,
    );
    const [rules] = await db.sql<{ rules: { region: string } }[]>`select rules from rm_timesheet_client_settings`;
    expect(rules?.rules.region).toBe("GE");
    for (const country of ["CH", "FR"])
      expect(new Set(rows.filter((r) => r.country === country).map((r) => r.status)), country).toEqual(
        new Set(TIMESHEET_STATUSES),
      );
    for (const r of rows.filter((x) => ["verification", "cancelled", "not_performed"].includes(x.status)))
      expect(r.comment, r.status).toBeTruthy();
    // the days entered pay without errors; the Swiss ones hold a night across midnight, a Sunday and overtime
    const pays = rows.map((r) => ({ country: r.country, pay: domain.timesheets.payOf(r) }));
    expect(pays.flatMap((p) => p.pay.problems).filter((p) => !isWarning(p.key))).toEqual([]);
    const swiss = (category: PayCategory) =>
      pays.filter((p) => p.country === "CH").reduce((n, p) => n + p.pay.totals.byCategory[category], 0);
    for (const category of ["night", "sunday", "overtime"] as const)
      expect(swiss(category), category).toBeGreaterThan(0);

    const u = (await domain.identity.credentialsByEmail("client@demo.test"))!;
    const client = { id: u.id, role: u.role, agencyId: u.agencyId, clientId: u.clientId };
    const waiting = await domain.timesheets.timesheets(client, { status: "agency_validated" });
    expect(waiting.length).toBeGreaterThanOrEqual(2);
    expect(waiting.every((s) => s.clientId === client.clientId && s.country === "CH")).toBe(true);

    // seeding the sheets again finds them and appends nothing
    const events = async () => (await db.sql<{ n: number }[]>`select count(*)::int as n from events`)[0]!.n;
    const before = await events();
    await seedDemoTimesheets(domain);
    expect(await events()).toBe(before);
  });
});

describe("the generated candidates (CV library data)", () => {
  // the start seeds GENERATED_CANDIDATES (2,000) in the background; the same generator, fewer, keeps this file quick
  const COUNT = 300;
  let ms = 0;
  beforeAll(async () => {
    const started = Date.now();
    expect(await seedDemoCandidates(createDomain(db.sql), DEMO_PASSWORD, COUNT)).toBe(COUNT);
    ms = Date.now() - started;
    // the seed's timing, reported in the test output (warn: the lint allows it)
    console.warn(`seedDemoCandidates: ${COUNT} candidates in ${ms} ms`);
    // a second run finds them and adds nothing
    expect(await seedDemoCandidates(createDomain(db.sql), DEMO_PASSWORD, COUNT)).toBe(0);
  }, 600_000);

  it("are Swiss and French candidates, each with a profile and a CV", async () => {
    const [counts] = await db.sql<
      { total: number; ch: number; fr: number; profiles: number; cvs: number; experiences: number; criteria: number }[]
    >`select
      count(*)::int as total,
      count(*) filter (where u.country = 'CH')::int as ch,
      count(*) filter (where u.country = 'FR')::int as fr,
      count(*) filter (where exists (select 1 from rm_profiles p where p.user_id = u.id and p.identity is not null and p.address is not null and jsonb_array_length(p.languages) >= 2))::int as profiles,
      count(*) filter (where (select count(*) from rm_candidate_documents d where d.user_id = u.id and d.category = 'cv') = 1)::int as cvs,
      count(*) filter (where exists (select 1 from rm_profile_entries e where e.user_id = u.id and e.list = 'experience') and exists (select 1 from rm_profile_entries e where e.user_id = u.id and e.list = 'training'))::int as experiences,
      count(*) filter (where exists (select 1 from rm_named_profiles n where n.user_id = u.id and n.criteria is not null))::int as criteria
      from rm_users u where u.email like ${`%@${GENERATED_DOMAIN}`} and u.role = 'CANDIDATE'`;
    expect(counts).toEqual({
      total: COUNT,
      ch: counts!.ch,
      fr: counts!.fr,
      profiles: COUNT,
      cvs: COUNT,
      experiences: COUNT,
      criteria: COUNT,
    });
    expect(counts!.ch).toBeGreaterThan(COUNT * 0.4);
    expect(counts!.fr).toBeGreaterThan(COUNT * 0.3);
    expect(GENERATED_CANDIDATES).toBe(2000);
    const sample = await db.sql<
      { email: string }[]
    >`select email from rm_users where email like ${`%@${GENERATED_DOMAIN}`} order by email limit 3`;
    for (const { email } of sample) expect(email).toMatch(/^[a-z-]+\.[a-z-]+\.\d+@demo-candidates\.test$/);
    // the demo accounts stay as they are
    const [demo] = await db.sql<
      { n: number }[]
    >`select count(*)::int as n from rm_users where email like '%@demo.test'`;
    expect(demo!.n).toBeLessThan(40);
  });
});
