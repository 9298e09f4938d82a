import { expect, test } from "@playwright/test";
import { watchCsp } from "../support/csp";

test("pages send security headers and satisfy their own content security policy", async ({ page }) => {
  const violations = await watchCsp(page);
  const response = await page.goto("/login");
  const headers = response!.headers();
  expect(headers["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[^']+'/);
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["x-request-id"]).toBeTruthy();
  expect(headers["x-powered-by"]).toBeUndefined();

  await page.getByLabel("E-mail").fill("consultant.ge@demo.test");
  await page.getByText("Agence", { exact: true }).click();
  await page.getByLabel("Mot de passe").fill("Demo-Pass-2026");
  await page.getByTestId("login-submit").click();
  await expect(page).toHaveURL(/\/tableau-bord-agence$/);
  // the page hydrated (scripts ran under the nonce) and its socket connected (connect-src)
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset.live)).toBe("connected");
  await page.getByTestId("user-menu").click();
  await expect(page.getByTestId("role-label")).toBeVisible();
  expect(violations).toEqual([]);
});

test("the health endpoint reports database, search, jobs and processors", async ({ request }) => {
  const res = await request.get("/healthz");
  expect(res.status()).toBe(200);
  const body = await res.json();
  expect(body).toMatchObject({ ok: true, database: "ok", search: "ok", jobs: "ok" });
  expect(body.processors).toEqual(
    expect.arrayContaining([expect.objectContaining({ name: "realtime", running: true })]),
  );
});
