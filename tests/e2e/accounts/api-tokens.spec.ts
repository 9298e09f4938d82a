import fs from "node:fs";
import { expect, test } from "../fixtures";
import { login } from "../support/login";

/** The page's words in French (the api namespace). */
const fr = JSON.parse(fs.readFileSync("public/locales/fr/api.json", "utf8")) as { tokens: Record<string, string> };

const PASSWORD = "Compte.Test-2026";

test("the security page lists the applications signed in through the API and revokes one", async ({ page, server }) => {
  const email = await server.freshAccount("CANDIDATE", PASSWORD);
  // an application signs in through the API (no browser involved)
  const signIn = async (clientName: string) => {
    const res = await page.request.post("/api/v1/token", {
      form: { grant_type: "password", email, password: PASSWORD, client_name: clientName },
    });
    expect(res.status()).toBe(200);
    return (await res.json()) as { access_token: string };
  };
  const phone = await signIn("Mon téléphone");
  await signIn("Ma montre");
  const me = (token: string) => page.request.get("/api/v1/me", { headers: { authorization: `Bearer ${token}` } });
  expect((await me(phone.access_token)).status()).toBe(200);

  await login(page, email, { password: PASSWORD, accountType: "0", expectPath: "/tableau-de-bord" });
  await page.goto("/parametres");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  const section = page.getByTestId("api-tokens");
  await expect(section.getByRole("heading")).toHaveText(fr.tokens.title!);
  const rows = section.getByTestId("api-token");
  await expect(rows).toHaveCount(2);
  const row = rows.filter({ hasText: "Mon téléphone" });
  await row.getByTestId("revoke-api-token").click();
  await expect(page.getByTestId("api-token-revoked")).toHaveText(fr.tokens.revoked!);
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText("Ma montre");
  // the application's token no longer opens anything
  expect((await me(phone.access_token)).status()).toBe(401);
});
