import { expect, test } from "../fixtures";
import { adsDomain, uniqueWord } from "../search/helpers";
import { ACCOUNTS } from "../support/login";
import { sampleAdFields } from "../../support/missions";
import { addDaysTo, mondayOf } from "../../../server/modules/planning/contract";

// Issue "Timesheets", first slice: the candidate enters a week (saved as typed), validates it;
// the consultant validates; the client company validates (final) and the candidate sees it live.

let ads: ReturnType<typeof adsDomain>;
test.beforeAll(() => {
  ads = adsDomain();
});
test.afterAll(async () => {
  await ads?.close();
});

test("a week entered by the candidate is validated by the agency, then by the client, and the candidate sees it live", async ({
  signIn,
  signedInPage,
}) => {
  test.setTimeout(90_000);
  const [ge, client, lea] = await Promise.all([
    ads.actor(ACCOUNTS.consultantGe),
    ads.actor(ACCOUNTS.client),
    ads.actor(ACCOUNTS.candidate),
  ]);
  expect(client.agencyId).toBe(ge.agencyId);
  const title = `Préparateur ${uniqueWord()}`;
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
  await ads.domain.placements.acceptProposal(lea, proposalId);
  // the mission starts a week from now: this week has no day of it; the past four weeks neither
  const week = mondayOf(addDaysTo(new Date().toISOString().slice(0, 10), 14));
  const tuesday = addDaysTo(week, 1);

  const candidate = await signIn("candidate", "/fiches-horaires");
  // weeks to open run up to this one: open the one of the mission through its page
  const [placement] = await ads.sql<{ id: string }[]>`select id from rm_placements where ad_id = ${adId}`;
  const id = await ads.domain.timesheets.openTimesheet(lea, { placementId: placement!.id, week });
  await candidate.goto(`/fiches-horaires/${id}`);
  await expect(candidate.locator("html")).toHaveAttribute("data-live", "connected");
  const row = candidate.locator(`[data-testid="day-row"][data-day="${tuesday}"]`);
  await row.getByTestId("field-start1").fill("08:00");
  await row.getByTestId("field-end1").fill("17:30");
  await row.getByTestId("field-breakMin").fill("60");
  await expect(row).toHaveAttribute("data-save", "saved");
  // an impossible break is refused on its field, the input kept
  const wednesday = candidate.locator(`[data-testid="day-row"][data-day="${addDaysTo(week, 2)}"]`);
  await wednesday.getByTestId("field-start1").fill("08:00");
  await wednesday.getByTestId("field-end1").fill("10:00");
  await wednesday.getByTestId("field-breakMin").fill("180");
  await expect(wednesday).toHaveAttribute("data-save", "refused");
  await expect(wednesday.getByRole("alert")).toContainText("La pause doit être plus courte");
  await expect(wednesday.getByTestId("field-breakMin")).toHaveValue("180");
  await expect(wednesday.getByTestId("field-start1")).toHaveValue("08:00");
  await expect(wednesday.getByTestId("field-end1")).toHaveValue("10:00");
  await wednesday.getByTestId("field-breakMin").fill("15");
  await expect(wednesday).toHaveAttribute("data-save", "saved");
  // what was saved is there after a reload, with the week's pay
  await candidate.reload();
  await expect(row.getByTestId("field-end1")).toHaveValue("17:30");
  await expect(candidate.getByTestId("week-total")).toContainText("10:15");
  await expect(candidate.getByTestId("pay-line").first()).toBeVisible();
  await candidate.getByTestId("submit-week").click();
  await expect(candidate.getByTestId("timesheet")).toHaveAttribute("data-status", "employee_validated");
  await expect(candidate.locator("html")).toHaveAttribute("data-live", "connected");

  const consultant = (await signedInPage("consultantGe", `/releves-heures?week=${week}`)).page;
  await consultant.locator(`[data-testid="sheet-row"][data-id="${id}"]`).getByTestId("do-validate_agency").click();
  await expect(consultant.locator(`[data-testid="sheet-row"][data-id="${id}"]`)).toHaveAttribute(
    "data-status",
    "agency_validated",
  );

  const company = (await signedInPage("client", `/releves-heures?week=${week}`)).page;
  await company.locator(`[data-testid="sheet-row"][data-id="${id}"]`).getByTestId("pick-sheet").check();
  await company.getByTestId("bulk-validate").click();
  await expect(company.locator(`[data-testid="sheet-row"][data-id="${id}"]`)).toHaveAttribute(
    "data-status",
    "client_validated",
  );
  await expect(company.locator(`[data-testid="sheet-row"][data-id="${id}"]`).getByTestId("pick-sheet")).toHaveCount(0);
  // the candidate's open page follows without a reload
  await expect(candidate.getByTestId("timesheet")).toHaveAttribute("data-status", "client_validated");
  await expect(candidate.getByTestId("timesheet-status")).toContainText("Validé par le client");
});

test("the hour between two ranges is a break: no warning for 07:00–12:00 and 13:00–18:30", async ({ signIn }) => {
  // issue 27: such a day showed "⚠ Plus de 6 heures sans pause"
  const { id, week } = await ads.missionWeek({ title: `Magasinier ${uniqueWord()}` });
  const page = await signIn("candidate", `/fiches-horaires/${id}`);
  const dayRow = (offset: number) => page.locator(`[data-testid="day-row"][data-day="${addDaysTo(week, offset)}"]`);
  // the same hours in one range and no break: warned
  await dayRow(1).getByTestId("field-start1").fill("07:00");
  await dayRow(1).getByTestId("field-end1").fill("18:30");
  await expect(dayRow(1)).toHaveAttribute("data-save", "saved");
  await dayRow(2).getByTestId("field-start1").fill("07:00");
  await dayRow(2).getByTestId("field-end1").fill("12:00");
  await dayRow(2).getByTestId("field-start2").fill("13:00");
  await dayRow(2).getByTestId("field-end2").fill("18:30");
  await expect(dayRow(2)).toHaveAttribute("data-save", "saved");
  await page.reload();
  await expect(dayRow(2).getByTestId("field-end2")).toHaveValue("18:30");
  await expect(dayRow(1).getByTestId("day-warning")).toContainText(
    "Plus de 9 heures de travail : au moins une heure de pause est due.",
  );
  await expect(dayRow(2).getByTestId("day-warning")).toHaveCount(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a refused day comes back with what was typed and the message on its field", async ({ signIn }) => {
    const [ge, lea] = await Promise.all([ads.actor(ACCOUNTS.consultantGe), ads.actor(ACCOUNTS.candidate)]);
    const adId = await ads.domain.missions.createAd(ge, {
      fields: sampleAdFields({ title: `Cariste ${uniqueWord()}`, questions: [], places: 2 }),
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
    const week = mondayOf(addDaysTo(new Date().toISOString().slice(0, 10), 14));
    const id = await ads.domain.timesheets.openTimesheet(lea, { placementId: placementId!, week });
    const page = await signIn("candidate", `/fiches-horaires/${id}`);
    const row = page.locator(`[data-testid="day-row"][data-day="${addDaysTo(week, 1)}"]`);
    await row.getByTestId("field-start1").fill("08:00");
    await row.getByTestId("field-end1").fill("10:00");
    await row.getByTestId("field-breakMin").fill("180");
    await row.getByRole("button").click();
    const back = page.locator(`[data-testid="day-row"][data-day="${addDaysTo(week, 1)}"]`);
    await expect(back.getByRole("alert")).toContainText("La pause doit être plus courte");
    await expect(back.getByTestId("field-breakMin")).toHaveValue("180");
    await expect(back.getByTestId("field-end1")).toHaveValue("10:00");
  });
});
