import fs from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { expect, test, type DemoUser } from "../fixtures";
import { inDays } from "../ads/helpers";
import { uniqueWord } from "../search/helpers";
import type { e2eDomain } from "../support/domain";
import { ACCOUNTS, login } from "../support/login";
import { sampleAdFields } from "../../support/missions";
import { addDaysTo, mondayOf } from "../../../server/modules/planning/contract";
import { SYSTEM_ACTOR, type Actor } from "../../../server/modules/identity/contract";

/**
 * Every form of the product, one invalid field at a time (issue 16, "Done means"): each case
 * fills a form validly but for one field, submits it, and checks that the French message of that
 * field (read from public/locales/fr) shows beside it, and that what the person typed is still
 * in the form. A refused form changes nothing, so shared demo sessions are fine; forms whose
 * refusal could cost a shared account something if it slipped through (security settings), or
 * that need data of their own, use a fresh account.
 *
 * Not covered here:
 * - the mission proposal form (/candidatures/propositions): it needs an application and a
 *   retained candidate of the agency before it shows, more setup than this table should carry;
 *   tests/e2e/applications/proposals.spec.ts covers it;
 * - the timesheets' reason steps (client, agency, candidate: ask a check, not performed, adjust,
 *   dispute): their only field, the reason, is `required` in the browser, which stops an empty
 *   reason with the browser's own bubble before any of the product's messages; there is no
 *   message of the product to check on that field;
 * - the move and remove forms of the planning list (same fields as its create form, covered);
 * - the ad form (a missing title): tests/e2e/ads/bad-input.spec.ts submits it with the title and
 *   more missing and checks each message on its field and every value kept, then the server's;
 * - a timesheet's day (a break longer than the hours worked): tests/e2e/timesheets/timesheets.spec.ts
 *   refuses one on its field in the candidate's week, what was typed kept, then corrects it;
 * - not yet in the table, though cheap to add: the signed-in apply form (the anonymous one is
 *   in), the registration's profile step, the ad and order edit forms (the create forms' fields),
 *   the set-password page (needs a mailed token) and the custom mail of an application.
 *
 * Its first run found five forms that refused a value without a word on the first submit (the
 * focus moved, nothing was sent): login, forgotten password, the anonymous apply form, "about
 * me" and the documents upload. They are now checked by the server (useZodForm's
 * `browserValidation: false`) and are in the table.
 */

type Server = ReturnType<typeof e2eDomain>;
type Kept = readonly [Locator, string];
const PASSWORD = "Invalid-Forms-2026";

const dicts = new Map<string, Record<string, unknown>>();
/** A French string by "namespace:key" (common when no namespace), with its {{params}} filled. */
function fr(ref: string, params: Record<string, string | number> = {}): string {
  const [ns, key] = ref.includes(":") ? (ref.split(":") as [string, string]) : ["common", ref];
  if (!dicts.has(ns))
    dicts.set(
      ns,
      JSON.parse(fs.readFileSync(path.resolve("public/locales/fr", `${ns}.json`), "utf8")) as Record<string, unknown>,
    );
  const value = key
    .split(".")
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], dicts.get(ns));
  if (typeof value !== "string") throw new Error(`missing translation fr:${ns}:${key}`);
  return value.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name]));
}

/** Types into a field and remembers it, to check it is still there after the refusal. */
async function type(field: Locator, value: string): Promise<Kept> {
  await field.fill(value);
  return [field, value];
}
async function choose(field: Locator, value: string): Promise<Kept> {
  await field.selectOption(value);
  return [field, value];
}

async function actor(server: Server, email: string): Promise<Actor> {
  const [row] = await server.sql<
    { id: string; role: Actor["role"]; agency_id: string | null; client_id: string | null }[]
  >`
    select id, role, agency_id, client_id from rm_users where email = ${email}`;
  return { id: row!.id, role: row!.role, agencyId: row!.agency_id, clientId: row!.client_id };
}

/** An online ad of the Geneva consultant; with a candidate, their validated mission on it (proposed, accepted). */
async function onlineAd(server: Server) {
  const consultant = await actor(server, ACCOUNTS.consultantGe);
  return server.domain.missions.createAd(consultant, {
    fields: sampleAdFields({ title: `Caviste ${uniqueWord()}`, questions: [], places: 2 }),
    publish: true,
  });
}
async function mission(server: Server, candidateEmail: string) {
  const [consultant, candidate] = [await actor(server, ACCOUNTS.consultantGe), await actor(server, candidateEmail)];
  const adId = await onlineAd(server);
  const proposalId = await server.domain.placements.propose(consultant, {
    adId,
    candidateIds: [candidate.id],
    mode: "first",
    places: 1,
    expiresAt: new Date(Date.now() + 86_400_000),
    message: "",
  });
  return { candidate, placementId: (await server.domain.placements.acceptProposal(candidate, proposalId))[0]! };
}

/** The messages shown with a field: those of the nearest box around it that holds any. */
const messagesOf = (field: Locator) => field.locator("xpath=ancestor::*[.//*[@role='alert']][1]").getByRole("alert");

// the mission of the planning case runs from a week ahead; its days are in two weeks
const inTwoWeeks = mondayOf(addDaysTo(new Date().toISOString().slice(0, 10), 14));

interface Case {
  name: string;
  /** a demo account's stored session, a fresh candidate signed in through the form, or nobody */
  user: DemoUser | "fresh candidate" | "visitor";
  /** the page, or what to set up first and the page to open (the fresh candidate's email given) */
  path: string | ((server: Server, email: string) => Promise<string>);
  /** fills the form, one field invalid; returns what was typed and must stay */
  fill: (page: Page) => Promise<Kept[]>;
  /** the button that submits; none for a form that saves as it is typed */
  submit?: (page: Page) => Locator;
  /** the invalid field */
  field: (page: Page) => Locator;
  /** its message, "namespace:key" (common by default) */
  message: string | [string, Record<string, string | number>];
}

const identity = (page: Page) => page.getByTestId("form-identity");
const trainingForm = (page: Page) => page.getByTestId("training-new").locator("form");
const experienceForm = (page: Page) => page.getByTestId("experience-new").locator("form");
const passwordForm = (page: Page) => page.locator("form#password");
const emailForm = (page: Page) => page.locator("form#email");
const registerStep = (page: Page) => page.getByTestId("account-step");
const orderForm = (page: Page) => page.getByTestId("order-form");
const inviteForm = (page: Page) => page.locator("form#invite");
const templateForm = (page: Page) => page.getByTestId("create-template-form");
const planningForm = (page: Page) => page.getByTestId("create-form");
const contactForm = (page: Page) => page.getByTestId("contact-form");
// set by the cases' setup, read by their locators (each test runs in one worker)
let pendingAgency = "";
let placementId = "";
const agencyRow = (page: Page) => page.locator(`[data-testid="agency-row"][data-agency="${pendingAgency}"]`);

const CASES: Case[] = [
  {
    name: "login: a malformed email",
    user: "visitor",
    path: "/login",
    fill: async (page) => {
      const kept = [await type(page.locator('input[name="email"]'), "camille.rochat@")];
      await page.locator('input[name="password"]').fill(PASSWORD);
      return kept;
    },
    submit: (page) => page.getByTestId("login-submit"),
    field: (page) => page.locator('input[name="email"]'),
    message: "validation.email",
  },
  {
    name: "forgotten password: a malformed email",
    user: "visitor",
    path: "/forgot-password",
    fill: async (page) => [await type(page.locator('input[name="email"]'), "camille.rochat")],
    submit: (page) => page.getByTestId("forgot-submit"),
    field: (page) => page.locator('input[name="email"]'),
    message: "validation.email",
  },
  {
    name: "applying without an account: a malformed email",
    user: "visitor",
    path: async (server) => `/apply/annonce/${await onlineAd(server)}/S01`,
    fill: async (page) => {
      const kept = [
        await type(page.getByLabel(fr("applications:apply.firstName"), { exact: true }), "Inès"),
        await type(page.getByLabel(fr("applications:apply.lastName"), { exact: true }), "Rochat"),
        await type(page.getByLabel(fr("applications:apply.email"), { exact: true }), "ines.rochat@"),
      ];
      await page.getByTestId("cv-file").setInputFiles({
        name: "cv.pdf",
        mimeType: "application/pdf",
        buffer: Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"),
      });
      return kept;
    },
    submit: (page) => page.getByTestId("apply-submit"),
    field: (page) => page.getByLabel(fr("applications:apply.email"), { exact: true }),
    message: "validation.email",
  },
  {
    name: "profile, languages: a level without its language",
    user: "fresh candidate",
    path: "/profil",
    fill: async (page) => {
      const form = page.getByTestId("form-languages");
      return [
        await choose(form.getByTestId("field-languages[0].spoken"), "B2"),
        await type(form.getByTestId("field-languages[0].remark"), "Cours du soir"),
      ];
    },
    submit: (page) => page.getByTestId("save-languages"),
    field: (page) => page.getByTestId("form-languages").getByTestId("field-languages[0].code"),
    message: "validation.required",
  },
  {
    name: "profile, about me: a LinkedIn address that is none",
    user: "candidate",
    path: "/profil",
    fill: async (page) => {
      const about = page.getByTestId("form-about");
      return [
        await type(about.getByTestId("field-hobbies"), "Randonnée, ski"),
        await type(about.getByTestId("field-linkedin"), "pas une adresse"),
      ];
    },
    submit: (page) => page.getByTestId("save-about"),
    field: (page) => page.getByTestId("form-about").getByTestId("field-linkedin"),
    message: "profile:validation.url",
  },
  {
    name: "my documents, upload: an expiry date that does not exist",
    user: "candidate",
    path: "/mes-documents",
    fill: async (page) => {
      const form = page.getByTestId("upload-form");
      const kept = [
        await choose(page.getByTestId("document-category"), "identity"),
        await type(form.getByTestId("document-expiry"), "31/02/2031"),
      ];
      await form.getByTestId("document-file").setInputFiles({
        name: "passeport.pdf",
        mimeType: "application/pdf",
        buffer: Buffer.from("%PDF-1.4\n%%EOF\n"),
      });
      return kept;
    },
    submit: (page) => page.getByTestId("upload-submit"),
    field: (page) => page.getByTestId("upload-form").getByTestId("document-expiry"),
    message: "documents:document_expiry_invalid",
  },
  {
    name: "candidate registration, account step: passwords that differ",
    user: "visitor",
    path: "/register/user?country=CH",
    fill: async (page) => {
      const form = registerStep(page);
      const kept = [
        await type(form.locator('input[name="firstName"]'), "Camille"),
        await type(form.locator('input[name="lastName"]'), "Rochat"),
        await type(form.locator('input[name="email"]'), `forms.${randomUUID().slice(0, 8)}@example.test`),
        await type(form.locator('input[name="password"]'), PASSWORD),
        await type(form.locator('input[name="confirmPassword"]'), `${PASSWORD}x`),
      ];
      await form.getByTestId("consent-terms").check();
      await form.getByTestId("consent-dataProtection").check();
      return kept;
    },
    submit: (page) => page.getByTestId("account-submit"),
    field: (page) => registerStep(page).locator('input[name="confirmPassword"]'),
    message: "validation.passwords_differ",
  },
  {
    name: "agency registration: a malformed email",
    user: "visitor",
    path: "/register/agency",
    fill: async (page) => {
      const kept = [
        await type(page.getByLabel(fr("registerAgency.agencyName")), "Intérim Rhône"),
        await choose(page.getByLabel(fr("fields.country")), "CH"),
        await type(page.locator('input[name="city"]'), "Sion"),
        await type(page.locator('input[name="branchName"]'), "Sion Centre"),
        await type(page.locator('input[name="branchCity"]'), "Sion"),
        await type(page.locator('input[name="firstName"]'), "Chloé"),
        await type(page.locator('input[name="lastName"]'), "Girard"),
        await type(page.locator('input[name="email"]'), "chloe.girard@"),
      ];
      await page.locator('input[name="password"]').fill(PASSWORD);
      await page.locator('input[name="confirmPassword"]').fill(PASSWORD);
      await page.locator('input[name="terms"]').check();
      return kept;
    },
    submit: (page) => page.getByTestId("register-agency-submit"),
    field: (page) => page.locator('input[name="email"]'),
    message: "validation.email",
  },
  {
    name: "my information, identity: a phone number that is none",
    user: "candidate",
    path: "/mes-informations",
    fill: async (page) => [
      await type(identity(page).getByTestId("field-fatherName"), "Jean Muller"),
      await type(identity(page).getByTestId("field-phone"), "12"),
    ],
    submit: (page) => page.getByTestId("save-identity"),
    field: (page) => identity(page).getByTestId("field-phone"),
    message: "profile:validation.phone",
  },
  {
    name: "my information, address: a place that does not exist",
    user: "candidate",
    path: "/mes-informations",
    fill: async (page) => [
      await type(page.getByTestId("form-address").getByTestId("field-street"), "Rue du Stand 12"),
      await type(page.getByTestId("locality-input"), "Qxzwvkj"),
    ],
    submit: (page) => page.getByTestId("save-address"),
    field: (page) => page.getByTestId("locality-input"),
    message: "validation.place_unknown",
  },
  {
    name: "mobility, search criteria: an income of 0",
    user: "candidate",
    path: "/mobility",
    fill: async (page) => {
      const form = page.getByTestId("form-criteria");
      return [
        await choose(form.getByTestId("field-occupancyRate"), "80"),
        await type(form.getByTestId("field-income"), "0"),
      ];
    },
    submit: (page) => page.getByTestId("save-criteria"),
    field: (page) => page.getByTestId("form-criteria").getByTestId("field-income"),
    message: "validation.number_range",
  },
  {
    name: "mobility, new search profile: no name",
    user: "candidate",
    path: "/mobility",
    fill: async (page) => [await type(page.getByTestId("field-profile-name"), "")],
    submit: (page) => page.getByTestId("form-profile-create").locator("button[type=submit]"),
    field: (page) => page.getByTestId("field-profile-name"),
    message: "validation.required",
  },
  {
    name: "profile, new training: no diploma",
    user: "candidate",
    path: "/profil",
    fill: async (page) => [
      await type(trainingForm(page).getByTestId("field-school"), "HES-SO Valais"),
      await type(trainingForm(page).getByTestId("field-year"), "2019"),
    ],
    submit: (page) => trainingForm(page).getByTestId("save-training"),
    field: (page) => trainingForm(page).getByTestId("field-diploma"),
    message: "validation.required",
  },
  {
    name: "profile, new experience: an end before the start",
    user: "candidate",
    path: "/profil",
    fill: async (page) => {
      const form = experienceForm(page);
      const kept = [
        await type(form.getByTestId("field-jobTitle"), "Cariste"),
        await type(form.getByTestId("field-company"), "Logistique Léman SA"),
      ];
      await form.getByTestId("field-startDate").fill("2024-03-01");
      await form.getByTestId("field-endDate").fill("2024-01-15");
      return kept;
    },
    submit: (page) => experienceForm(page).getByTestId("save-experience"),
    field: (page) => experienceForm(page).getByTestId("field-endDate"),
    message: "validation.end_after_start",
  },
  {
    name: "job search, save the search: a blank name",
    user: "fresh candidate",
    path: "/rechercher-un-emploi?q=cariste",
    fill: async (page) => {
      await page.getByTestId("save-search").locator("summary").click();
      await page.getByTestId("save-search-name").fill("   ");
      return [];
    },
    submit: (page) => page.getByTestId("save-search-submit"),
    field: (page) => page.getByTestId("save-form").locator('input[name="name"]'),
    message: "validation.required",
  },
  {
    name: "my saved searches, rename: an empty name",
    user: "fresh candidate",
    path: async (server, email) => {
      await server.domain.engagement.saveSearch(await actor(server, email), {
        name: "Cariste Genève",
        query: "q=cariste",
        idempotencyKey: randomUUID(),
      });
      return "/ma-recherche";
    },
    fill: async (page) => {
      await page.getByTestId("rename").locator("summary").click();
      return [await type(page.getByTestId("rename").locator('input[name="name"]'), "")];
    },
    submit: (page) => page.getByTestId("rename-submit"),
    field: (page) => page.getByTestId("rename").locator('input[name="name"]'),
    message: "validation.required",
  },
  {
    name: "settings, password: a confirmation that differs",
    user: "fresh candidate",
    path: "/parametres",
    fill: async (page) => [
      await type(passwordForm(page).locator('input[name="oldPassword"]'), PASSWORD),
      await type(passwordForm(page).locator('input[name="password"]'), "Brand-New-2027"),
      await type(passwordForm(page).locator('input[name="confirmPassword"]'), "Brand-New-2028"),
    ],
    submit: (page) => page.getByTestId("submit-password"),
    field: (page) => passwordForm(page).locator('input[name="confirmPassword"]'),
    message: "validation.passwords_differ",
  },
  {
    name: "settings, email: a confirmation that differs",
    user: "fresh candidate",
    path: "/parametres",
    fill: async (page) => [
      await type(emailForm(page).locator('input[name="email"]'), "nouvelle.adresse@example.test"),
      await type(emailForm(page).locator('input[name="confirmEmail"]'), "autre.adresse@example.test"),
      await type(emailForm(page).locator('input[name="currentPassword"]'), PASSWORD),
    ],
    submit: (page) => page.getByTestId("submit-email"),
    field: (page) => emailForm(page).locator('input[name="confirmEmail"]'),
    message: "validation.emails_differ",
  },
  {
    name: "settings, deactivate the account: a reason too short",
    user: "fresh candidate",
    path: "/parametres",
    fill: async (page) => [await type(page.locator('form#deactivate [name="reason"]'), "ok")],
    submit: (page) => page.getByTestId("submit-deactivate"),
    field: (page) => page.locator('form#deactivate [name="reason"]'),
    message: "validation.required",
  },
  {
    name: "new order: no places",
    user: "client",
    path: "/mes-commandes/nouvelle",
    fill: async (page) => {
      const form = orderForm(page);
      const kept = [
        await type(form.getByLabel(fr("orders:form.title")), "Renfort inventaire"),
        await choose(form.getByLabel(fr("orders:form.profession")), "packer"),
        await type(form.getByLabel(fr("orders:form.places")), "0"),
        await type(form.getByLabel(fr("orders:form.description")), "Inventaire annuel."),
      ];
      await form.getByLabel(fr("orders:form.startDate")).fill(inDays(20));
      await form.getByLabel(fr("orders:form.endDate")).fill(inDays(30));
      await page.getByTestId("order-place-input").pressSequentially("Meyr");
      await page.getByTestId("order-place-options").locator('[data-locality-id="CH-1217-meyrin"]').click();
      return kept;
    },
    submit: (page) => page.getByTestId("order-submit"),
    field: (page) => orderForm(page).getByLabel(fr("orders:form.places")),
    message: "validation.number_range",
  },
  {
    name: "agency dashboard, invite: a malformed email",
    user: "consultantGe",
    path: "/tableau-bord-agence",
    fill: async (page) => {
      const form = inviteForm(page);
      return [
        await type(form.locator('input[name="email"]'), "collegue@"),
        await choose(form.locator('select[name="role"]'), "COLLABORATOR"),
        await type(form.locator('input[name="firstName"]'), "Noé"),
        await type(form.locator('input[name="lastName"]'), "Favre"),
      ];
    },
    submit: (page) => page.getByTestId("invite-submit"),
    field: (page) => inviteForm(page).locator('input[name="email"]'),
    message: "validation.email",
  },
  {
    name: "agency dashboard, logo: no file chosen",
    user: "consultantGe",
    path: "/tableau-bord-agence",
    fill: async () => [],
    submit: (page) => page.getByTestId("logo-submit"),
    field: (page) => page.getByTestId("logo-file"),
    message: "validation.logo_required",
  },
  {
    name: "reply templates, new template: an unknown placeholder",
    user: "consultantGe",
    path: "/candidatures/modeles",
    fill: async (page) => {
      const create = page.getByTestId("create-template");
      if ((await create.getAttribute("open")) === null) await create.locator("summary").click();
      const form = templateForm(page);
      return [
        await type(form.getByLabel(fr("applications:templates.fields.name")), `Relance ${uniqueWord()}`),
        await choose(form.getByLabel(fr("applications:templates.fields.purpose")), "interview"),
        await choose(form.getByLabel(fr("applications:templates.fields.language")), "fr"),
        await type(form.getByLabel(fr("applications:templates.fields.subject")), "Entretien pour « {{ad}} »"),
        await type(form.getByLabel(fr("applications:templates.fields.body")), "Bonjour {{prenom}},\nvenez nous voir."),
      ];
    },
    submit: (page) => page.getByTestId("create-template-submit"),
    field: (page) => templateForm(page).getByLabel(fr("applications:templates.fields.body")),
    message: [
      "applications:templates.unknown_placeholder",
      { placeholders: "{{candidate}}, {{ad}}, {{agency}}, {{consultant}}" },
    ],
  },
  {
    name: "planning list, new shift: a day that does not exist",
    user: "consultantGe",
    path: async (server) => {
      ({ placementId } = await mission(server, await server.freshAccount("CANDIDATE", PASSWORD, null, "forms")));
      return `/planification?mode=list&date=${inTwoWeeks}`;
    },
    fill: async (page) => {
      const form = planningForm(page);
      return [
        await choose(form.getByTestId("create-placementId"), placementId),
        await type(form.getByTestId("create-day"), "31/02/2031"),
        await type(form.getByTestId("create-note"), "Entrée côté quai"),
      ];
    },
    submit: (page) => page.getByTestId("create-submit"),
    field: (page) => planningForm(page).getByTestId("create-day"),
    message: "planning:planning_day_invalid",
  },
  {
    name: "platform admin, reject an agency: a reason too short",
    user: "admin",
    path: async (server) => {
      pendingAgency = `Intérim Douteux ${uniqueWord()}`;
      await server.domain.agencies.registerAgency(SYSTEM_ACTOR, {
        name: pendingAgency,
        country: "CH",
        city: "Sion",
        approved: false,
      });
      return "/agences-a-valider";
    },
    fill: async (page) => [await type(agencyRow(page).getByTestId("reject-reason"), "no")],
    submit: (page) => agencyRow(page).getByTestId("reject"),
    field: (page) => agencyRow(page).getByTestId("reject-reason"),
    message: "validation.required",
  },
  {
    name: "support, contact form: no topic",
    user: "client",
    path: "/support",
    fill: async (page) => [await type(contactForm(page).locator("textarea[name=message]"), "Un relevé manque")],
    submit: (page) => contactForm(page).getByTestId("contact-submit"),
    field: (page) => contactForm(page).locator("select[name=topic]"),
    message: "support:errors.topicRequired",
  },
];

for (const c of CASES) {
  test(`${c.name}: the message on the field, what was typed kept`, async ({ page, signIn, server }) => {
    let email = "";
    if (c.user === "fresh candidate") {
      email = await server.freshAccount("CANDIDATE", PASSWORD, null, "forms");
      await login(page, email, { password: PASSWORD, accountType: "0", expectPath: "/tableau-de-bord" });
    }
    const target = typeof c.path === "string" ? c.path : await c.path(server, email);
    if (c.user === "visitor" || c.user === "fresh candidate") await page.goto(target);
    else await signIn(c.user, target);
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");

    const kept = await c.fill(page);
    await c.submit?.(page).click();
    const [key, params] = typeof c.message === "string" ? [c.message, {}] : c.message;
    await expect(messagesOf(c.field(page)).filter({ hasText: fr(key, params) })).toBeVisible();
    for (const [field, value] of kept) await expect(field).toHaveValue(value);
  });
}
