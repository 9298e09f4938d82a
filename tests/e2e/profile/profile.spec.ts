import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures";
import { tr } from "../support/i18n";
import { login } from "../support/login";

const PASSWORD = "Profil.Test-2026";
const profileFr = JSON.parse(fs.readFileSync(path.resolve("public/locales/fr/profile.json"), "utf8")) as Record<
  string,
  Record<string, string>
>;
const p = (key: string) =>
  key.split(".").reduce<unknown>((n, k) => (n as Record<string, unknown>)[k], profileFr) as string;

async function freshCandidate(
  page: Page,
  server: { freshAccount: (role: "CANDIDATE", password: string) => Promise<string> },
  path: string,
) {
  const email = await server.freshAccount("CANDIDATE", PASSWORD);
  await login(page, email, { password: PASSWORD, accountType: "0", expectPath: "/tableau-de-bord" });
  await page.goto(path);
}

const percent = (page: Page) => page.getByTestId("completion-percent");

test("filling each section makes the completion rise, up to the dashboard", async ({ page, server }) => {
  await freshCandidate(page, server, "/mes-informations");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await expect(percent(page)).toHaveText("0%");

  const identity = page.getByTestId("form-identity");
  await identity.getByTestId("field-civility").selectOption("ms");
  await identity.getByTestId("field-birthDate").fill("1991-02-03");
  await identity.getByTestId("field-nationality").selectOption("CH");
  await identity.getByTestId("field-phone").fill("079 123 45 67");
  await identity.getByTestId("field-workPermit").selectOption("PERMIS_TRAVAIL_AUCUNE_AUTORISATION");
  await page.getByTestId("save-identity").click();
  await expect(percent(page)).toHaveText("14%");
  await expect(page.getByTestId("field-phone")).toHaveValue("+41791234567");

  await page.getByTestId("field-street").fill("Rue du Rhône 1");
  await page.getByTestId("locality-input").fill("1204 Gen");
  await page.getByTestId("locality-option").first().click();
  await page.getByTestId("save-address").click();
  await expect(percent(page)).toHaveText("29%");
  await expect(page.getByTestId("address-canton")).toHaveText("Genève");

  await page.goto("/mobility");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await page.getByTestId("choice-cook").check();
  await page.getByTestId("field-availability").selectOption("immediate");
  await page.getByTestId("field-contractType").selectOption("temporary");
  await page.getByTestId("save-criteria").click();
  await expect(percent(page)).toHaveText("43%");

  await page.goto("/profil");
  await page.getByTestId("language-row").first().getByTestId("field-languages[0].code").selectOption("fr");
  await page.getByTestId("language-row").first().getByTestId("field-languages[0].spoken").selectOption("native");
  await page.getByTestId("save-languages").click();
  await expect(percent(page)).toHaveText("57%");

  const training = page.getByTestId("training-new");
  await training.getByTestId("field-school").fill("EHL");
  await training.getByTestId("field-diploma").fill("CFC");
  await training.getByTestId("save-training").click();
  await expect(percent(page)).toHaveText("71%");
  await expect(page.getByTestId("training-entry")).toHaveCount(1);

  const experience = page.getByTestId("experience-new");
  await experience.getByTestId("field-jobTitle").fill("Cuisinière");
  await experience.getByTestId("field-company").fill("Hôtel du Lac");
  await experience.getByTestId("field-startDate").fill("2020-01-01");
  await experience.getByTestId("save-experience").click();
  await expect(percent(page)).toHaveText("86%");

  await page.getByTestId("field-aboutMe").fill("Cuisinière motivée.");
  await page.getByTestId("save-about").click();
  await expect(percent(page)).toHaveText("100%");
  await expect(page.getByTestId("history-entry")).toHaveCount(7);

  await page.goto("/tableau-de-bord");
  await expect(percent(page)).toHaveText("100%");
});

test.describe("bad input, checked on the server (without JavaScript)", () => {
  test.use({ javaScriptEnabled: false });

  test("invalid AVS, IBAN and phone are refused on their fields, the input kept", async ({ page, server }) => {
    await freshCandidate(page, server, "/mes-informations");
    await page.getByTestId("field-avsNumber").fill("756.1234.5678.90");
    await page.getByTestId("field-iban").fill("CH93 0076 2011 6238 5295 8");
    await page.getByTestId("field-phone").fill("12345");
    await page.getByTestId("save-identity").click();
    const form = page.getByTestId("form-identity");
    await expect(form.getByText(p("validation.avs"))).toBeVisible();
    await expect(form.getByText(p("validation.iban"))).toBeVisible();
    await expect(form.getByText(p("validation.phone"))).toBeVisible();
    await expect(page.getByTestId("field-avsNumber")).toHaveValue("756.1234.5678.90");
    await expect(page.getByTestId("field-iban")).toHaveValue("CH93 0076 2011 6238 5295 8");
    await expect(page.getByTestId("field-phone")).toHaveValue("12345");
  });

  test("an invalid URL and an experience ending before it starts are refused", async ({ page, server }) => {
    await freshCandidate(page, server, "/profil");
    await page.getByTestId("field-linkedin").fill("linkedin.com/in/me");
    await page.getByTestId("save-about").click();
    await expect(page.getByText(p("validation.url"))).toBeVisible();
    await expect(page.getByTestId("field-linkedin")).toHaveValue("linkedin.com/in/me");

    const experience = page.getByTestId("experience-new");
    await experience.getByTestId("field-jobTitle").fill("Magasinier");
    await experience.getByTestId("field-company").fill("Entrepôt SA");
    await experience.getByTestId("field-startDate").fill("2024-05-01");
    await experience.getByTestId("field-endDate").fill("2024-01-31");
    await experience.getByTestId("save-experience").click();
    await expect(page.getByTestId("experience-new").getByText(tr("fr", "validation.end_after_start"))).toBeVisible();
    await expect(page.getByTestId("experience-new").getByTestId("field-jobTitle")).toHaveValue("Magasinier");
    await expect(page.getByTestId("experience-entry")).toHaveCount(0);
  });

  test("a third desired job is refused, the choices kept", async ({ page, server }) => {
    await freshCandidate(page, server, "/mobility");
    for (const job of ["cook", "waiter", "dishwasher"]) await page.getByTestId(`choice-${job}`).check();
    await page.getByTestId("save-criteria").click();
    await expect(page.getByText(p("validation.max_choices").replace("{{maxChoices}}", "2"))).toBeVisible();
    for (const job of ["cook", "waiter", "dishwasher"]) await expect(page.getByTestId(`choice-${job}`)).toBeChecked();
  });
});

test("the Swiss and French variants show their own fields and labels", async ({ signIn, page }) => {
  await signIn("candidate", "/mes-informations");
  await expect(page.getByTestId("variant-CH")).toBeVisible();
  await expect(page.getByLabel(p("fields.avsNumber"))).toBeVisible();
  await expect(page.getByTestId("address-derived")).toContainText(p("fields.npa"));
  await expect(page.getByTestId("address-canton")).toHaveText("Genève");

  await page.context().clearCookies();
  await signIn("candidateFr", "/mes-informations");
  await expect(page.getByTestId("variant-FR")).toBeVisible();
  await expect(page.getByLabel(p("fields.avsNumber"))).toHaveCount(0);
  await expect(page.getByLabel(p("fields.workPermitFR"))).toBeVisible();
  await expect(page.getByTestId("address-department")).toHaveText("69 Rhône");
});
