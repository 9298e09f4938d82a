import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { expect, test, type Browser } from "@playwright/test";
import { startApp } from "../../../server/app";
import { loadEnv } from "../../../server/env";
import { createLogger } from "../../../server/lib/logger";
import { E2E, E2E_DATABASE_URL } from "../../support/e2e-env";
import { startOidcProvider, type TestOidcProvider } from "../../support/oidc-provider";
import { ACCOUNTS } from "../support/login";

/**
 * Social login in a real browser. The shared e2e server runs without providers, so this file
 * starts its own: a test OpenID provider and a second web process of the app (as a scaled-out
 * deployment would run) on the e2e server's database and search engine, configured for it.
 */
let provider: TestOidcProvider;
let app: Awaited<ReturnType<typeof startApp>>;

// one app process for the file: its tests run in order in one worker
test.describe.configure({ mode: "default", timeout: 60_000 });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  provider = await startOidcProvider();
  const env = loadEnv({
    NODE_ENV: "production",
    ROLE: "web",
    PORT: "0",
    HOST: "127.0.0.1",
    LOG_LEVEL: "warn",
    SEED_DEMO: "false",
    OIDC_GOOGLE_ISSUER: provider.issuer,
    OIDC_GOOGLE_CLIENT_ID: provider.clientId,
    OIDC_GOOGLE_CLIENT_SECRET: provider.clientSecret,
  });
  const meiliKey = fs.readFileSync(path.resolve(E2E.dataDir, "meili/master-key"), "utf8").trim();
  app = await startApp({
    env,
    logger: createLogger("warn"),
    infra: {
      databaseUrl: E2E_DATABASE_URL,
      meiliUrl: `http://127.0.0.1:${E2E.meiliPort}`,
      meiliKey,
      sessionSecret: randomBytes(24).toString("hex"),
      secureCookies: false,
    },
  });
  provider.redirectUris.add(`${app.url}/auth/google/callback`);
  // the first request loads the server build: not part of any test's time
  expect((await fetch(`${app.url}/login`)).status).toBe(200);
});

test.afterAll(async () => {
  await app?.close();
  await provider?.stop();
});

async function pageOn(browser: Browser, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ baseURL: app.url, javaScriptEnabled });
  return { context, page: await context.newPage() };
}

for (const javaScriptEnabled of [true, false]) {
  test(`social login follows the account toggle (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({
    browser,
  }) => {
    const { context, page } = await pageOn(browser, javaScriptEnabled);
    try {
      // the agency side: a consultant lands on the agency dashboard
      await page.goto("/login");
      const agency = page.getByTestId("account-type-1");
      await page.locator("label", { has: agency }).click();
      await expect(agency).toBeChecked();
      await page.getByRole("link", { name: "Continuer avec Google" }).click();
      await expect(page.getByRole("heading", { name: "Test identity provider" })).toBeVisible();
      await page.getByLabel("Email", { exact: true }).fill(ACCOUNTS.consultantGe);
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page).toHaveURL((url) => url.pathname === "/tableau-bord-agence");
      await expect(page.getByTestId("page-title")).toContainText("Camille");

      // a candidate's email with the agency toggle: the form login's wrong-account-type modal
      await context.clearCookies();
      await page.goto("/login");
      await page.locator("label", { has: agency }).click();
      await page.getByRole("link", { name: "Continuer avec Google" }).click();
      await page.getByLabel("Email", { exact: true }).fill(ACCOUNTS.candidate);
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page.getByTestId("wrong-account-type")).toBeVisible();
      await expect(page.getByText("Mauvais type de compte")).toBeVisible();

      // the candidate side (the default toggle): the candidate dashboard
      await page.goto("/login");
      await page.getByRole("link", { name: "Continuer avec Google" }).click();
      await page.getByLabel("Email", { exact: true }).fill(ACCOUNTS.candidate);
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page).toHaveURL((url) => url.pathname === "/tableau-de-bord");
      await expect(page.getByTestId("page-title")).toContainText("Léa");
    } finally {
      await context.close();
    }
  });
}
