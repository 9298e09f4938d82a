import { expect, test } from "../fixtures";
import { uniqueWord } from "../search/helpers";
import type { Actor } from "../../../server/modules/identity/contract";

/**
 * Presentation dossiers in Chromium (issue 29, ADR 0044): a Geneva consultant builds an
 * anonymised dossier from a favourite folder, creates the client's link, and the client opens it
 * in a browser of their own without signing in, in the dossier's language, sees no name, and
 * answers; the answer arrives live on the consultant's dossier page and as a notification.
 */
test.use({ signedInAs: "consultantGe" });

test("an anonymised dossier from a folder, answered by the client without signing in, arrives live", async ({
  page,
  browser,
  server,
}) => {
  test.setTimeout(120_000);
  const [me] = await server.sql<{ id: string; role: Actor["role"]; agencyId: string }[]>`
    select id, role, agency_id as "agencyId" from rm_users where email = 'consultant.ge@demo.test'`;
  const consultant: Actor = { id: me!.id, role: me!.role, agencyId: me!.agencyId, clientId: null };
  const candidates = await server.sql<{ id: string; firstName: string; lastName: string }[]>`
    select distinct on (u.id) u.id, u.first_name as "firstName", u.last_name as "lastName" from rm_applications a
    join rm_users u on u.id = a.candidate_id and u.enabled
    where a.agency_id = ${consultant.agencyId} and a.withdrawn_at is null order by u.id limit 2`;
  const [client] = await server.sql<{ name: string }[]>`
    select c.name from rm_client_companies c join rm_users u on u.client_id = c.id where u.email = 'client@demo.test'`;
  const name = `Caristes ${uniqueWord()}`;
  const folderId = await server.domain.folders.createFolder(consultant, {
    name,
    description: "",
    visibility: "agency",
  });
  await server.domain.folders.addToFolder(
    consultant,
    folderId,
    candidates.map((c) => c.id),
  );

  // from the folder to the builder: anonymised by default, the client's language English
  await page.goto(`/mes-dossiers/${folderId}`);
  await page.getByTestId("folder-present").click();
  await expect(page.getByTestId("dossier-candidate")).toHaveCount(2);
  await page.getByTestId("dossier-client").selectOption({ label: client!.name });
  await page.getByTestId("dossier-language").selectOption("en");
  await expect(page.getByTestId("dossier-anonymised")).toBeChecked();
  await page.getByTestId("build-submit").click();
  await expect(page.getByTestId("page-title")).toHaveText(name);
  await expect(page.getByTestId("presentation-member")).toHaveCount(2);
  await expect(page.locator("html")).toHaveAttribute("data-live", "connected");

  await page.getByTestId("link-issue").click();
  const url = await page.getByTestId("fresh-link-url").inputValue();
  expect(url).toMatch(/\/presentations\/lien\/[\w-]+$/);
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));

  // the client, in a browser of their own, signed in as nobody
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const client_ = await context.newPage();
  await client_.goto(url);
  await expect(client_.getByTestId("client-dossier")).toBeVisible();
  await expect(client_.getByTestId("client-candidate")).toHaveCount(2);
  await expect(client_.getByTestId("answer-submit").first()).toHaveText("Save my answer");
  const shown = await client_.getByTestId("client-dossier").innerText();
  for (const c of candidates) {
    expect(shown).not.toContain(c.lastName);
    expect(shown).not.toContain(`${c.firstName} `);
  }
  const first = client_.getByTestId("client-candidate").first();
  await first.getByTestId("answer-meeting").check();
  await first.getByRole("textbox").fill("Tuesday morning?");
  await first.getByTestId("answer-submit").click();
  await expect(first.getByTestId("answer-saved")).toBeVisible();

  // live on the consultant's page (no reload), then among their notifications
  await expect(page.getByTestId("presentation-member").first()).toHaveAttribute("data-answer", "meeting");
  await expect(page.getByTestId("presentation-member").first()).toContainText("Tuesday morning?");
  await expect(page.getByTestId("presentation-status")).toHaveText("Répondu");
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  await expect(page.getByTestId("presentation-history")).toContainText("Candidat 1 : Souhaite un entretien");
  await page.goto("/notifications");
  await expect(page.getByText("Un client souhaite rencontrer le candidat 1 d'un dossier").first()).toBeVisible();
  await context.close();
});
