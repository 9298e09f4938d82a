import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures";
import { e2eDomain } from "../support/domain";
import { ACCOUNTS, login, waitForLive } from "../support/login";
import { SYSTEM_ACTOR } from "../../../server/modules/identity/contract";

/** The domain of the running server's database, used like a second app process would. */
let env: ReturnType<typeof e2eDomain>;

test.beforeAll(() => {
  env = e2eDomain();
});
test.afterAll(async () => {
  await env?.close();
});

async function agencyId(name: string): Promise<string> {
  const rows = await env.sql<{ id: string }[]>`select id from rm_agencies where name = ${name}`;
  expect(rows).toHaveLength(1);
  return rows[0]!.id;
}

/** Marks the document, so a full reload (which would lose the mark) can be told from a live update. */
async function markDocument(page: Page) {
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
}
const sameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);

test("a branch opened on the server appears live for the agency's users and never for another agency", async ({
  signedInPage,
}) => {
  const geneva = await signedInPage("consultantGe");
  const geneva2 = await signedInPage("consultantGe2");
  const lyon = await signedInPage("consultantLyon");
  try {
    for (const { page } of [geneva, geneva2, lyon]) {
      await expect(page).toHaveURL((url) => url.pathname === "/tableau-bord-agence");
      await waitForLive(page);
      await expect(page.getByTestId("live-status")).toHaveText("Mises à jour en direct");
      await markDocument(page);
    }
    await expect(geneva.page.getByTestId("agency-name")).toHaveText("Léman Intérim SA");
    await expect(lyon.page.getByTestId("agency-name")).toHaveText("Rhône Emploi");

    const name = `Carouge ${randomUUID().slice(0, 8)}`;
    await expect(geneva.page.getByTestId("branches")).not.toContainText(name);
    await env.domain.agencies.openBranch(SYSTEM_ACTOR, {
      agencyId: await agencyId("Léman Intérim SA"),
      name,
      city: "Carouge",
    });

    // both Geneva users see it without a reload
    for (const { page } of [geneva, geneva2]) {
      await expect(page.getByTestId("branches")).toContainText(name, { timeout: 10_000 });
      await expect(page.getByTestId("branches").getByText(name)).toBeVisible();
      expect(await sameDocument(page)).toBe(true);
    }

    // Lyon: nothing pushed shows it, and its own data does not contain it either. The marker: a
    // branch opened for Lyon after Geneva's; the server pushes in the log's order, so once Lyon's
    // page shows it, a push of Geneva's branch to it would have come first
    const marker = `Villeurbanne ${randomUUID().slice(0, 8)}`;
    await env.domain.agencies.openBranch(SYSTEM_ACTOR, {
      agencyId: await agencyId("Rhône Emploi"),
      name: marker,
      city: "Villeurbanne",
    });
    await expect(lyon.page.getByTestId("branches")).toContainText(marker, { timeout: 10_000 });
    await expect(lyon.page.getByTestId("branches")).not.toContainText(name);
    await expect(lyon.page.getByTestId("branches")).toContainText("Lyon Part-Dieu");
    expect(await sameDocument(lyon.page)).toBe(true);
    await lyon.page.reload();
    await expect(lyon.page.getByTestId("branches")).toContainText("Lyon Part-Dieu");
    await expect(lyon.page.getByTestId("branches")).not.toContainText(name);
  } finally {
    await Promise.all([geneva.context.close(), geneva2.context.close(), lyon.context.close()]);
  }
});

/** The session id inside the signed `__session` cookie (base64 JSON, then the signature). */
function sessionIdOf(cookieValue: string): string {
  const signed = decodeURIComponent(cookieValue);
  const payload = signed.slice(0, signed.lastIndexOf("."));
  return JSON.parse(Buffer.from(payload, "base64").toString("utf8")) as string;
}

test("a session revoked on the server closes the open page, which goes to /login", async ({ page }) => {
  await login(page, ACCOUNTS.candidateFr);
  await waitForLive(page);
  const cookie = (await page.context().cookies()).find((c) => c.name === "__session");
  expect(cookie).toBeDefined();
  const sessionId = sessionIdOf(cookie!.value);
  // only this browser's session: other tests may be signed in with the same account
  const rows = await env.sql<{ user_id: string }[]>`delete from sessions where id = ${sessionId} returning user_id`;
  expect(rows).toHaveLength(1);
  await env.domain.identity.sessionEnded(sessionId, rows[0]!.user_id, "revoked", "system");
  await expect(page).toHaveURL((url) => url.pathname === "/login", { timeout: 10_000 });
  await expect(page.getByTestId("signed-out")).toBeVisible();
  await expect(page.getByTestId("login-submit")).toBeVisible();
});
