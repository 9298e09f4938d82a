import fs from "node:fs";
import path from "node:path";
import { expect, test } from "../fixtures";
import { adsDomain, uniqueWord } from "../search/helpers";
import { ACCOUNTS } from "../support/login";

// Issue "Proposals": a consultant proposes a mission from an application; the candidate, whose
// proposals page is open, sees it arrive live, accepts, and both sides see the validated mission.
// Two browsers, the real server and its socket.

const t = (key: string, params: Record<string, string | number> = {}) => {
  const dict = JSON.parse(fs.readFileSync(path.resolve("public/locales/fr/placements.json"), "utf8")) as Record<
    string,
    unknown
  >;
  const value = key
    .split(".")
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], dict);
  if (typeof value !== "string") throw new Error(`missing fr:placements:${key}`);
  return value.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name]));
};

let ads: ReturnType<typeof adsDomain>;
test.beforeAll(() => {
  ads = adsDomain();
});
test.afterAll(async () => {
  await ads?.close();
});

test("a consultant proposes a mission from an application; the candidate accepts it live and both see the validated mission", async ({
  signIn,
  signedInPage,
}) => {
  test.setTimeout(90_000);
  const title = `Grutier ${uniqueWord()}`;
  const adId = await ads.publish(ACCOUNTS.consultantGe, { title, questions: [] });
  const applicationId = await ads.domain.applications.apply(await ads.actor(ACCOUNTS.candidate), {
    adId,
    source: "S01",
    answers: [],
    message: "",
    cv: { kind: "registered" },
  });

  // the candidate's proposals are open before anything is proposed
  const candidate = await signIn("candidate", "/mes-propositions");
  await expect(candidate.getByTestId("my-proposals")).toBeVisible();
  await expect(candidate.locator("html")).toHaveAttribute("data-live", "connected");
  const proposal = candidate.getByTestId("proposal").filter({ hasText: title });
  await expect(proposal).toHaveCount(0);

  // the consultant proposes the application's ad (the default), first to accept, one place
  const consultant = (await signedInPage("consultantGe", `/candidatures/${applicationId}`)).page;
  const form = consultant.getByTestId("propose-mission");
  await expect(form.getByTestId("propose-ad")).toHaveValue(String(adId));
  await form.getByTestId("propose-mode-first").check();
  await form.getByTestId("propose-places").fill("1");
  await form.getByTestId("propose-message").fill("Chantier aux Acacias, EPI fournis");
  await form.getByTestId("propose-submit").click();
  await expect(form.getByTestId("proposal-sent")).toContainText(t("propose.sent"));

  // no reload on the candidate's side: the proposal arrives, with a toast
  await expect(proposal).toBeVisible();
  await expect(proposal).toHaveAttribute("data-response", "pending");
  await expect(proposal.getByTestId("proposal-message")).toHaveText("Chantier aux Acacias, EPI fournis");
  await expect(candidate.getByText(t("toast.new", { title, agency: await agencyName() }))).toBeVisible();
  await proposal.getByTestId("accept-proposal").click();
  await expect(candidate.getByTestId("accepted-notice")).toContainText(t("mine.placedNotice"));
  await expect(proposal).toHaveAttribute("data-response", "chosen");

  // the consultant's proposals page: filled, the candidate on mission, the validated mission listed
  await consultant.goto("/candidatures/propositions");
  const agencyProposal = consultant.getByTestId("agency-proposal").filter({ hasText: title });
  await expect(agencyProposal).toHaveAttribute("data-status", "filled");
  await expect(agencyProposal.getByTestId("proposal-candidate")).toHaveAttribute("data-response", "chosen");
  await expect(consultant.getByTestId("agency-mission").filter({ hasText: title })).toBeVisible();
  await consultant.goto(`/candidatures/${applicationId}`);
  await expect(consultant.getByTestId("application-details")).toHaveAttribute("data-status", "6");

  // the candidate's validated missions
  await candidate.getByRole("link", { name: t("mine.toMissions") }).click();
  await expect(candidate).toHaveURL((url) => url.pathname === "/missions-valides");
  await expect(candidate.getByTestId("mission").filter({ hasText: title })).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the consultant proposes in pick mode and picks; the candidate accepts, all with plain forms", async ({
    signIn,
  }) => {
    const title = `Coffreur ${uniqueWord()}`;
    const adId = await ads.publish(ACCOUNTS.consultantGe, { title, questions: [] });
    const applicationId = await ads.domain.applications.apply(await ads.actor(ACCOUNTS.candidate), {
      adId,
      source: "S01",
      answers: [],
      message: "",
      cv: { kind: "registered" },
    });

    const page = await signIn("consultantGe", `/candidatures/${applicationId}`);
    const form = page.getByTestId("propose-mission");
    await form.getByTestId("propose-mode-pick").check();
    await form.getByTestId("propose-submit").click();
    // the browser lands on the proposals page with the outcome
    await expect(page).toHaveURL((url) => url.pathname === "/candidatures/propositions");
    await expect(page.getByTestId("proposal-sent")).toContainText(t("propose.sent"));

    await signIn("candidate", "/mes-propositions");
    const proposal = page.getByTestId("proposal").filter({ hasText: title });
    await proposal.getByTestId("accept-proposal").click();
    await expect(page.getByTestId("accepted-notice")).toContainText(t("mine.acceptedNotice"));
    await expect(page.getByTestId("proposal").filter({ hasText: title }).getByTestId("waiting-pick")).toBeVisible();

    await signIn("consultantGe", "/candidatures/propositions");
    const agencyProposal = page.getByTestId("agency-proposal").filter({ hasText: title });
    await agencyProposal.getByTestId("choose-candidate").click();
    await expect(page.getByTestId("proposal-done")).toContainText(t("agency.done.choose"));
    await expect(page.getByTestId("agency-proposal").filter({ hasText: title })).toHaveAttribute(
      "data-status",
      "filled",
    );
    await expect(page.getByTestId("agency-mission").filter({ hasText: title })).toBeVisible();
  });
});

async function agencyName() {
  const [row] = await ads.sql<
    { name: string }[]
  >`select ag.name from rm_users u join rm_agencies ag on ag.id = u.agency_id where u.email = ${ACCOUNTS.consultantGe}`;
  return row!.name;
}
