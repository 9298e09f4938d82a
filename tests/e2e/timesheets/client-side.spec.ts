import { expect, test } from "../fixtures";
import { adsDomain, uniqueWord } from "../search/helpers";
import { ACCOUNTS } from "../support/login";
import { sampleAdFields } from "../../support/missions";
import { addDaysTo, mondayOf } from "../../../server/modules/planning/contract";
import { emptyDay, type DayEntry } from "../../../server/modules/timesheets/contract";

// Issue "Timesheets", the client's side: the emailed login-free link, a verification going back
// and forth, "not performed", a reduction disputed and answered with an adjustment sheet.

let ads: ReturnType<typeof adsDomain>;
test.beforeAll(() => {
  ads = adsDomain();
});
test.afterAll(async () => {
  await ads?.close();
});

const day = (d: string, over: Partial<DayEntry> = {}): DayEntry => ({
  ...emptyDay(d),
  ranges: [{ startMin: 480, endMin: 1020 }],
  breakMin: 60,
  ...over,
});

/** The demo candidate's week on a new mission of the Geneva client, entered Monday to Friday and submitted; validated by the agency unless told otherwise. */
async function sheetFor(weeksAhead: number, { agencyValidates = true } = {}) {
  const [ge, client, lea] = await Promise.all([
    ads.actor(ACCOUNTS.consultantGe),
    ads.actor(ACCOUNTS.client),
    ads.actor(ACCOUNTS.candidate),
  ]);
  const title = `Magasinier ${uniqueWord()}`;
  const adId = await ads.domain.missions.createAd(ge, {
    fields: sampleAdFields({ title, questions: [], places: 2 }),
    clientId: client.clientId,
    publish: true,
  });
  const proposalId = await ads.domain.placements.propose(ge, {
    adId,
    candidateIds: [lea.id],
    mode: "first",
    places: 1,
    expiresAt: new Date(Date.now() + 86_400_000),
    message: "",
  });
  const [placementId] = await ads.domain.placements.acceptProposal(lea, proposalId);
  const week = mondayOf(addDaysTo(new Date().toISOString().slice(0, 10), 7 * weeksAhead));
  const id = await ads.domain.timesheets.openTimesheet(lea, { placementId: placementId!, week });
  for (let n = 0; n < 5; n++)
    await ads.domain.timesheets.saveTimesheetDay(lea, { timesheetId: id, entry: day(addDaysTo(week, n)) });
  const version = async () => (await ads.domain.timesheets.timesheet(lea, id))!.version;
  await ads.domain.timesheets.moveTimesheet(lea, { timesheetId: id, version: await version(), action: "submit" });
  if (agencyValidates)
    await ads.domain.timesheets.moveTimesheet(ge, {
      timesheetId: id,
      version: await version(),
      action: "validate_agency",
    });
  return { id, week, title };
}

test("the client validates the week from the emailed link without signing in, once; the candidate's page shows it live", async ({
  signIn,
  browser,
}) => {
  test.setTimeout(90_000);
  // a week no other journey uses: the link validates all of that week's waiting sheets of the company
  const { id, week } = await sheetFor(6);
  await ads.domain.timesheets.remindClients();
  const ddmm = week.split("-").reverse().join("/");
  const [mail] = await ads.sql<
    { params: Record<string, string> }[]
  >`select params from mail_outbox where recipient = ${ACCOUNTS.client} and template = 'timesheetsToValidate'
      and params->>'week' = ${ddmm} order by created_at desc limit 1`;
  const link = new URL(mail!.params.link!).pathname;

  const candidate = await signIn("candidate", `/fiches-horaires/${id}`);
  await expect(candidate.locator("html")).toHaveAttribute("data-live", "connected");
  await expect(candidate.getByTestId("timesheet")).toHaveAttribute("data-status", "agency_validated");

  // a browser that never signed in
  const outside = await browser.newContext({ locale: "fr-CH" });
  try {
    const page = await outside.newPage();
    await page.goto(link);
    await expect(page.getByTestId("client-link")).toBeVisible();
    await expect(page.locator('[data-testid="link-sheet"][data-status="agency_validated"]').first()).toBeVisible();
    await page.getByTestId("link-validate").click();
    await expect(page.getByTestId("link-done")).toBeVisible();
    // the candidate's open page follows without a reload
    await expect(candidate.getByTestId("timesheet")).toHaveAttribute("data-status", "client_validated");
    // no session came with it: the back office is still closed to this browser
    await page.goto("/releves-heures");
    await expect(page).toHaveURL(/\/login/);
    // the link works once
    await page.goto(link);
    await expect(page.getByTestId("link-problem")).toHaveAttribute("data-state", "timesheet_link_used");
  } finally {
    await outside.close();
  }
});

test("a check asked by the client goes back to the candidate and comes back; the agency marks another week not performed, with its reason", async ({
  signIn,
  signedInPage,
}) => {
  test.setTimeout(90_000);
  const { id, week } = await sheetFor(3);
  const company = (await signedInPage("client", `/releves-heures/${id}`)).page;
  await company.getByTestId("open-request_verification").click();
  await company.getByTestId("reason-request_verification").fill("Vendredi: départ à 16 h ?");
  await company.getByTestId("do-request_verification").click();
  await expect(company.getByTestId("sheet")).toHaveAttribute("data-status", "verification");

  const candidate = await signIn("candidate", `/fiches-horaires/${id}`);
  await expect(candidate.getByTestId("verification-comment")).toContainText("Vendredi: départ à 16 h ?");
  const friday = candidate.locator(`[data-testid="day-row"][data-day="${addDaysTo(week, 4)}"]`);
  await friday.getByTestId("field-end1").fill("16:00");
  await expect(friday).toHaveAttribute("data-save", "saved");
  await candidate.getByTestId("submit-week").click();
  await expect(candidate.getByTestId("timesheet")).toHaveAttribute("data-status", "employee_validated");

  const consultant = (await signedInPage("consultantGe", `/releves-heures?week=${week}`)).page;
  const row = consultant.locator(`[data-testid="sheet-row"][data-id="${id}"]`);
  await row.getByTestId("do-validate_agency").click();
  await expect(row).toHaveAttribute("data-status", "agency_validated");
  await expect(row).toContainText("39:00");

  const other = await sheetFor(4, { agencyValidates: false });
  await consultant.goto(`/releves-heures?week=${other.week}`);
  const otherRow = consultant.locator(`[data-testid="sheet-row"][data-id="${other.id}"]`);
  await otherRow.getByTestId("open-not_performed").click();
  await otherRow.getByTestId("reason-not_performed").fill("Chantier annulé par le client");
  await otherRow.getByTestId("do-not_performed").click();
  await expect(otherRow).toHaveAttribute("data-status", "not_performed");
  await expect(otherRow).toContainText("Chantier annulé par le client");
});

test("the client reduces hours with a comment; the candidate disputes; the agency answers with a corrected adjustment sheet", async ({
  signIn,
  signedInPage,
}) => {
  test.setTimeout(120_000);
  const { id, week } = await sheetFor(5);
  const tuesday = addDaysTo(week, 1);
  const company = (await signedInPage("client", `/releves-heures/${id}`)).page;
  await company.getByTestId("open-reduce").click();
  // more than was worked is refused on its field, the input kept
  await company.getByTestId(`cut-${tuesday}`).fill("9");
  await company.getByTestId("reason-reduce").fill("Parti plus tôt mardi");
  await company.getByTestId("do-reduce").click();
  await expect(company.getByTestId(`error-cut.${tuesday}`)).toBeVisible();
  await expect(company.getByTestId("sheet")).toHaveAttribute("data-status", "agency_validated");
  await company.getByTestId(`cut-${tuesday}`).fill("1:30");
  await company.getByTestId("reason-reduce").fill("Parti plus tôt mardi");
  await company.getByTestId("do-reduce").click();
  await expect(company.getByTestId("sheet")).toHaveAttribute("data-status", "client_validated");
  await expect(company.locator(`[data-testid="sheet-day"][data-day="${tuesday}"]`).getByTestId("paid")).toHaveText(
    "6:30",
  );

  const candidate = await signIn("candidate", `/fiches-horaires/${id}`);
  await expect(candidate.getByTestId("reductions")).toContainText("Parti plus tôt mardi");
  await expect(candidate.locator(`[data-testid="reduction"][data-day="${tuesday}"]`)).toContainText("1:30");
  await candidate.getByTestId("open-dispute").click();
  await candidate.getByTestId("reason-dispute").fill("J'ai badgé à 17 h");
  await candidate.getByTestId("do-dispute").click();
  await expect(candidate.getByTestId("disputed-notice")).toBeVisible();
  await expect(candidate.getByTestId("dispute")).toHaveAttribute("data-state", "open");
  await expect(candidate.getByTestId("open-dispute")).toHaveCount(0);

  const consultant = (await signedInPage("consultantGe", "/releves-heures?disputed=1")).page;
  const row = consultant.locator(`[data-testid="sheet-row"][data-id="${id}"]`);
  await expect(row.getByTestId("dispute-badge")).toHaveAttribute("data-state", "open");
  await row.getByTestId("open-sheet").click();
  // the history says who reduced and who disputed, and why
  await consultant.getByTestId("sheet-history").locator("summary").click();
  await expect(consultant.locator('[data-testid="history-entry"][data-kind="reduce"]')).toContainText(
    "Parti plus tôt mardi",
  );
  await expect(consultant.locator('[data-testid="history-entry"][data-kind="dispute"]')).toContainText(
    "J'ai badgé à 17 h",
  );
  await consultant.getByTestId("open-adjust").click();
  await consultant.getByTestId("reason-adjust").fill("Badge: 17:00");
  await consultant.getByTestId("do-adjust").click();
  // the adjustment sheet: the days as paid, waiting for the agency's correction and validation
  await expect(consultant.getByTestId("adjusts")).toBeVisible();
  await expect(consultant.getByTestId("sheet")).toHaveAttribute("data-status", "employee_validated");
  const tue = consultant.locator(`[data-testid="sheet-day"][data-day="${tuesday}"]`);
  await expect(tue.getByTestId("paid")).toHaveText("6:30");
  await tue.getByTestId("open-correct").click();
  await tue.getByTestId("correct-end1").fill("17:00");
  await tue.getByTestId("reason-correct").fill("Badge: 17:00");
  await tue.getByTestId("do-correct").click();
  await expect(consultant.locator(`[data-testid="sheet-day"][data-day="${tuesday}"]`).getByTestId("paid")).toHaveText(
    "8:00",
  );
  await expect(consultant.getByTestId("adjustment-difference")).toContainText("+1:30");
  await consultant.getByTestId("do-validate").click();
  await expect(consultant.getByTestId("sheet")).toHaveAttribute("data-status", "agency_validated");

  // the candidate's sheet shows the dispute answered by the adjustment
  await candidate.reload();
  await expect(candidate.getByTestId("dispute")).toHaveAttribute("data-state", "adjusted");
  await expect(candidate.getByTestId("adjustment-link")).toHaveCount(1);
});
