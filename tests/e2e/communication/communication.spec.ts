import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures";
import { submitLogin } from "../support/login";
import type { e2eDomain } from "../support/domain";
import { unsubscribeToken } from "../../../server/modules/notifications/communication";
import type { Role } from "../../../server/modules/identity/contract";

/**
 * Issue 30, /communication (ADR 0047): a candidate, an agency consultant and a client user each
 * change how a kind of notice reaches them at 360 px; without JavaScript, a bad choice is refused
 * on its field with the rest kept, consent is recorded with its history, and a mail's unsubscribe
 * link works without signing in. Fresh accounts: the demo ones' choices decide other tests' mails.
 */
const PASSWORD = "Solid-Pass-2026";
type Server = ReturnType<typeof e2eDomain>;

/** A fresh account of `role` (client users in the demo client's company), signed in through the form. */
async function freshSignedIn(page: Page, server: Server, role: Role) {
  const [demo] = await server.sql<{ agencyId: string; clientId: string }[]>`
    select agency_id as "agencyId", client_id as "clientId" from rm_users where email = 'client@demo.test'`;
  const email = `comm.${role.toLowerCase()}.${Date.now()}${Math.floor(Math.random() * 1e4)}@demo.test`;
  const id = await server.domain.identity.registerUser({
    email,
    password: PASSWORD,
    firstName: "Alex",
    lastName: "Tester",
    role,
    locale: "fr",
    country: role === "CANDIDATE" ? "CH" : null,
    agencyId: role === "CANDIDATE" ? null : demo!.agencyId,
    clientId: role === "CLIENT" ? demo!.clientId : null,
    verified: true,
  });
  await page.goto("/login");
  await submitLogin(page, email, { password: PASSWORD, accountType: role === "CANDIDATE" ? "0" : "1" });
  await expect(page).not.toHaveURL(/\/login/);
  return id;
}

const radio = (page: Page, kind: string, value: string) =>
  page.locator(`input[name="channels.${kind}"][value="${value}"]`);

test.describe("at 360 px", () => {
  test.use({ viewport: { width: 360, height: 780 } });
  for (const [role, kind, hidden] of [
    ["CANDIDATE", "documents", "activities"],
    ["ADMIN_CONSULTANT", "activities", "documents"],
    ["CLIENT", "timesheets", "planning"],
  ] as const) {
    test(`a ${role} chooses in-app only for ${kind} and German mails; the page fits the phone`, async ({
      page,
      server,
    }) => {
      await freshSignedIn(page, server, role);
      await page.goto("/communication");
      await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
      await expect(page.getByTestId(`kind-${kind}`)).toBeVisible();
      await expect(page.getByTestId(`kind-${hidden}`)).toHaveCount(0);
      await expect(page.getByTestId("mandatory-mails")).toBeVisible();
      await expect(radio(page, kind, "both")).toBeChecked();
      await radio(page, kind, "in_app").check();
      await page.locator('select[name="mailLocale"]').selectOption("de");
      await page.getByTestId("save-preferences").click();
      await expect(page.getByTestId("preferences-saved")).toBeVisible();
      await page.reload();
      await expect(radio(page, kind, "in_app")).toBeChecked();
      await expect(page.locator('select[name="mailLocale"]')).toHaveValue("de");
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    });
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 360, height: 780 } });

  test("a refused choice shows on its field with the rest kept; consent keeps its history; the profile links here", async ({
    page,
    server,
  }) => {
    await freshSignedIn(page, server, "CANDIDATE");
    await page.goto("/communication");
    await radio(page, "alerts", "none").check();
    await page.locator('select[name="mailLocale"]').selectOption("it");
    // a value no form offers (a forged or outdated page): refused where it was chosen
    await radio(page, "proposals", "mail").evaluate((el) => ((el as HTMLInputElement).value = "pigeon"));
    await radio(page, "proposals", "pigeon").check();
    await page.getByTestId("save-preferences").click();
    await expect(page.getByTestId("kind-proposals").getByRole("alert")).toHaveText("Ce choix n'est pas disponible.");
    await expect(radio(page, "alerts", "none")).toBeChecked();
    await expect(page.locator('select[name="mailLocale"]')).toHaveValue("it");
    await radio(page, "proposals", "mail").check();
    await page.getByTestId("save-preferences").click();
    await expect(page.getByTestId("preferences-saved")).toBeVisible();
    await expect(radio(page, "alerts", "none")).toBeChecked();

    await expect(page.getByTestId("marketing-history")).toHaveCount(0);
    await page.getByTestId("marketing-form").locator('input[value="yes"]').check();
    await page.getByTestId("save-marketing").click();
    await expect(page.getByTestId("marketing-saved")).toBeVisible();
    await page.getByTestId("marketing-form").locator('input[value="no"]').check();
    await page.getByTestId("save-marketing").click();
    await expect(page.getByTestId("marketing-history").locator("li")).toHaveText([
      /Consentement retiré/,
      /Consentement donné/,
    ]);

    await page.goto("/profil");
    await page.getByTestId("profile-communication-link").click();
    await expect(page).toHaveURL(/\/communication$/);
  });

  test("a mail's unsubscribe link asks, then stops that kind's mails, signed out; a forged one is refused; the mail client's one-click POST works", async ({
    browser,
    server,
  }) => {
    const signedIn = await browser.newPage();
    const userId = await freshSignedIn(signedIn, server, "CANDIDATE");
    const [alerts, proposals] = await server.sql.begin(async (tx) => [
      await unsubscribeToken(tx, userId, "alerts"),
      await unsubscribeToken(tx, userId, "proposals"),
    ]);
    // signed out: a browser of its own
    const page = await browser.newPage({ javaScriptEnabled: false });
    await page.goto(`/communication/desabonnement/${alerts}`);
    await expect(page.getByTestId("unsubscribe")).toContainText("Alertes (recherches enregistrées)");
    await page.getByTestId("submit-unsubscribe").click();
    await expect(page.getByTestId("unsubscribed")).toBeVisible();

    const forged = await page.goto(`/communication/desabonnement/${alerts.slice(0, -2)}xx`);
    expect(forged!.status()).toBe(404);
    await expect(page.getByTestId("unsubscribe-invalid")).toBeVisible();

    const oneClick = await page.request.post(`/communication/desabonnement/${proposals}`, {
      form: { "List-Unsubscribe": "One-Click" },
    });
    expect(oneClick.status()).toBe(200);

    await signedIn.goto("/communication");
    await expect(radio(signedIn, "alerts", "in_app")).toBeChecked();
    await expect(radio(signedIn, "proposals", "in_app")).toBeChecked();
    await expect(radio(signedIn, "applications", "both")).toBeChecked();
    await Promise.all([page.close(), signedIn.close()]);
  });
});
