import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures";
import type { e2eDomain } from "../support/domain";
import { tr } from "../support/i18n";
import { ACCOUNTS, login } from "../support/login";

/**
 * Disabled by the agency during a session, without JavaScript (no socket to close the page): the
 * very next request, a click or a form, lands on the login page with the agency's warning.
 */
test.use({ javaScriptEnabled: false });

const PASSWORD = "Compte.Test-2026";

async function signedInColleague(page: Page, server: ReturnType<typeof e2eDomain>) {
  const email = await server.freshAccount("ADMIN_CONSULTANT", PASSWORD, await server.agencyId("Léman Intérim SA"));
  const userId = (await server.domain.identity.credentialsByEmail(email))!.id;
  await login(page, email, { password: PASSWORD, accountType: "1", expectPath: "/tableau-bord-agence" });
  const disable = async () =>
    server.domain.identity.setMemberEnabled(
      (await server.domain.identity.credentialsByEmail(ACCOUNTS.consultantGe))!,
      userId,
      false,
      "Fin de contrat",
    );
  return { disable };
}

async function expectWarning(page: Page) {
  await expect(page).toHaveURL((url) => url.pathname === "/login" && url.searchParams.get("signedOut") === "disabled");
  await expect(page.getByTestId("disabled-by-agency")).toBeVisible();
  await expect(page.getByTestId("disabled-by-agency")).toContainText(
    tr("fr", "login.ACCOUNT_DISABLED_BY_AGENCY.title"),
  );
  await expect(page.getByTestId("disabled-by-agency")).toContainText(tr("fr", "login.ACCOUNT_DISABLED_BY_AGENCY.text"));
}

test("the next click of a person disabled by the agency shows the agency's warning", async ({ page, server }) => {
  const { disable } = await signedInColleague(page, server);
  await disable();
  await page.getByTestId("sidebar").getByRole("link", { name: "Mes annonces", exact: true }).click();
  await expectWarning(page);
});

test("the next form a person disabled by the agency sends shows the agency's warning", async ({ page, server }) => {
  const { disable } = await signedInColleague(page, server);
  await page.goto("/parametres");
  await page.locator('textarea[name="reason"]').fill("Je pars");
  await disable();
  await page.getByTestId("submit-deactivate").click();
  await expectWarning(page);
});
