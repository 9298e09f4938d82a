import type { Locator, Page } from "@playwright/test";
import { isBuilt } from "../../../app/utils/abilities";
import { expect, test, type DemoUser } from "../fixtures";

/**
 * A menu entry by its label; the notifications entry may carry its unread count (the demo data
 * raises some), and a platform admin's Support entry the count of new requests.
 */
const entry = (label: string) =>
  label === "Notifications" || label === "Support" ? new RegExp(`^${label}(\\s|$)`) : label;

/** The spec's menu entry is there when its screen is built, and absent until then (never a dead end). */
async function expectEntry(sidebar: Locator, label: string, path: string) {
  const link = sidebar.getByRole("link", { name: entry(label), exact: true });
  if (isBuilt(path)) await expect(link, label).toBeVisible();
  else await expect(link, label).toHaveCount(0);
}

async function openUserMenu(page: Page) {
  await page.getByTestId("user-menu").click();
  await expect(page.getByTestId("role-label")).toBeVisible();
}

test("a candidate's user menu shows the role label and the profile link, and there is no notifications icon", async ({
  page,
  signIn,
}) => {
  await signIn("candidate");
  await expect(page.getByTestId("notifications-icon")).toHaveCount(0);
  await openUserMenu(page);
  await expect(page.getByTestId("role-label")).toHaveText("Candidat");
  await expect(page.getByTestId("profile-link")).toBeVisible();
  await expect(page.getByTestId("profile-link")).toHaveAttribute("href", "/profil");
  await expect(page.getByTestId("logout")).toHaveText("Déconnexion");
  await page.keyboard.press("Escape"); // the open menu hides the rest of the page from assistive tech
  // the candidate menu of spec section 2
  const sidebar = page.getByTestId("sidebar");
  for (const [label, path] of [
    ["Tableau de bord", "/tableau-de-bord"],
    ["Rechercher un emploi", "/rechercher-un-emploi"],
    ["Mes recherches", "/ma-recherche"],
    ["Mes favoris", "/mes-favoris"],
    ["Retenues", "/candidatures-retenues"],
    ["En attente", "/candidatures-en-attente"],
    ["Refusées", "/candidatures-refusees"],
    ["Missions validées", "/missions-valides"],
    ["Mes propositions", "/mes-propositions"],
    ["Mes informations", "/mes-informations"],
    ["Profil", "/profil"],
    ["Mes documents", "/mes-documents"],
    ["Relevés d'heures", "/fiches-horaires"],
    ["Notifications", "/notifications"],
    ["Sécurité", "/parametres"],
    ["Communication", "/communication"],
    ["Support", "/support"],
  ]) {
    await expectEntry(sidebar, label!, path!);
  }
  await expect(sidebar.getByRole("link", { name: "CVthèque" })).toHaveCount(0);
});

for (const { user, label } of [
  { user: "consultantGe", label: "Consultant" },
  { user: "admin", label: "Admin" },
] satisfies { user: DemoUser; label: string }[]) {
  test(`${label}: the role label, the notifications icon, no profile link, the full agency menu`, async ({
    page,
    signIn,
  }) => {
    await signIn(user);
    await expect(page.getByTestId("notifications-icon")).toBeVisible();
    await expect(page.getByTestId("notifications-icon")).toHaveAttribute("href", "/notifications");
    await openUserMenu(page);
    await expect(page.getByTestId("role-label")).toHaveText(label);
    await expect(page.getByTestId("profile-link")).toHaveCount(0);
    await page.keyboard.press("Escape");
    const sidebar = page.getByTestId("sidebar");
    for (const [label, path] of [
      ["Tableau de bord", "/tableau-bord-agence"],
      ["CVthèque", "/cv-theque"],
      ["Candidatures", "/candidatures"],
      ["Créer une annonce", "/creer-une-annonce"],
      ["Mes annonces", "/mes-annonces"],
      ["Mes commandes", "/mes-commandes"],
      ["Planification", "/planification"],
      ["Mes dossiers", "/mes-dossiers"],
      ["Activités", "/activites-generales"],
      ["Notifications", "/notifications"],
      ["Relevés d'heures", "/releves-heures"],
      ["Documents de l'agence", "/documents"],
      ["Sécurité", "/parametres"],
      ["Communication", "/communication"],
      ["Support", "/support"],
    ]) {
      await expectEntry(sidebar, label!, path!);
    }
    await expect(sidebar.getByRole("link", { name: "Rechercher un emploi" })).toHaveCount(0);
  });
}

/**
 * Managers and clients land on /creer-une-annonce, which is not built yet (404 page without the
 * shell); the security page (/parametres) is open to every role and shows their shell.
 */
const AGENCY_ONLY = [
  ["Tableau de bord", "/tableau-bord-agence"],
  ["Mes annonces", "/mes-annonces"],
  ["CVthèque", "/cv-theque"],
] as const;

test("a client's shell: the Client role label, the notifications icon, no dashboard, ad list or CV library", async ({
  page,
  signIn,
}) => {
  await signIn("client", "/parametres");
  await expect(page.getByTestId("page-title")).toBeVisible();
  await expect(page.getByTestId("notifications-icon")).toBeVisible();
  await openUserMenu(page);
  await expect(page.getByTestId("role-label")).toHaveText("Client");
  await expect(page.getByTestId("profile-link")).toHaveCount(0);
  await page.keyboard.press("Escape");
  const sidebar = page.getByTestId("sidebar");
  for (const [label, path] of [
    ["Créer une annonce", "/creer-une-annonce"],
    ["Mes commandes", "/mes-commandes"],
    ["Candidatures", "/candidatures"],
    ["Planification", "/planification"],
    ["Sécurité", "/parametres"],
    ["Support", "/support"],
  ]) {
    await expectEntry(sidebar, label!, path!);
  }
  for (const [entry] of AGENCY_ONLY)
    await expect(sidebar.getByRole("link", { name: entry, exact: true })).toHaveCount(0);
  // and the pages behind those entries refuse the client
  await page.goto("/tableau-bord-agence");
  await expect(page).toHaveURL((url) => url.pathname === "/not-authorized");
});

test("a manager's shell: the Manager role label and the variant menu with the ad list", async ({ page, signIn }) => {
  await signIn("manager", "/parametres");
  await expect(page.getByTestId("notifications-icon")).toBeVisible();
  await openUserMenu(page);
  await expect(page.getByTestId("role-label")).toHaveText("Manager");
  await expect(page.getByTestId("profile-link")).toHaveCount(0);
  await page.keyboard.press("Escape");
  const sidebar = page.getByTestId("sidebar");
  await expect(sidebar.getByRole("link", { name: "Mes annonces", exact: true })).toBeVisible();
  await expect(sidebar.getByRole("link", { name: "Créer une annonce", exact: true })).toBeVisible();
  await expect(sidebar.getByRole("link", { name: "Tableau de bord", exact: true })).toHaveCount(0);
  await expect(sidebar.getByRole("link", { name: "CVthèque", exact: true })).toHaveCount(0);
});

test("the consultant's menu has the entries the client's lacks, on the same page", async ({ page, signIn }) => {
  await signIn("consultantLyon", "/parametres");
  await expect(page.getByTestId("page-title")).toBeVisible();
  const sidebar = page.getByTestId("sidebar");
  for (const [label, path] of AGENCY_ONLY) await expectEntry(sidebar, label, path);
});
