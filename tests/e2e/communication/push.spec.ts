import type { Page } from "@playwright/test";
import { randomBytes, randomUUID } from "node:crypto";
import { expect, test } from "../fixtures";
import { submitLogin } from "../support/login";
import type { e2eDomain } from "../support/domain";

/**
 * Issue 31, /communication's push section (ADR 0050) at 360 px: a person's devices are listed and
 * removed with a plain form (no JavaScript); the "enable push on this device" button exists only
 * where a script found the browser able to take pushes and notifications not blocked (the headless
 * browser blocks them whatever is granted: the button's own path is not driven here, ADR 0050). Fresh accounts, as the other tests of the page.
 */
const PASSWORD = "Solid-Pass-2026";
const ANDROID =
  "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36";

async function freshCandidate(page: Page, server: ReturnType<typeof e2eDomain>) {
  const email = `push.${Date.now()}${Math.floor(Math.random() * 1e4)}@demo.test`;
  const id = await server.domain.identity.registerUser({
    email,
    password: PASSWORD,
    firstName: "Alex",
    lastName: "Tester",
    role: "CANDIDATE",
    locale: "fr",
    country: "CH",
    agencyId: null,
    clientId: null,
    verified: true,
  });
  await page.goto("/login");
  await submitLogin(page, email, { password: PASSWORD, accountType: "0" });
  await expect(page).not.toHaveURL(/\/login/);
  return { id, role: "CANDIDATE" as const, agencyId: null, clientId: null };
}

test.describe("at 360 px", () => {
  test.use({ viewport: { width: 360, height: 780 } });

  test("with JavaScript, notifications blocked in the browser: the page says so instead of offering the button", async ({
    page,
    server,
  }) => {
    await freshCandidate(page, server);
    await page.goto("/communication");
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await expect(page.getByTestId("push-devices")).toContainText("Aucun appareil ne reçoit de notifications push.");
    // the headless browser can take pushes but blocks notifications, whatever is granted to it
    expect(
      await page.evaluate(() => [
        "serviceWorker" in navigator && "PushManager" in window && "Notification" in window,
        Notification.permission,
      ]),
    ).toEqual([true, "denied"]);
    await expect(page.getByTestId("push-denied")).toHaveText(
      "Les notifications sont bloquées pour ce site dans les réglages de votre navigateur",
    );
    await expect(page.getByTestId("enable-push")).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the person's devices are listed and one is removed by a plain form; no button that needs a script", async ({
      page,
      server,
    }) => {
      const me = await freshCandidate(page, server);
      await server.domain.notifications.savePushSubscription(
        me,
        {
          endpoint: `https://push.example/send/${randomUUID()}`,
          p256dh: randomBytes(65).toString("base64url"),
          auth: randomBytes(16).toString("base64url"),
        },
        { userAgent: ANDROID, deviceKey: randomBytes(32).toString("base64url") },
      );
      await page.goto("/communication");
      await expect(page.getByTestId("push-device")).toHaveCount(1);
      await expect(page.getByTestId("push-device")).toContainText("Chrome · Android");
      await expect(page.getByTestId("enable-push")).toHaveCount(0);
      await page.getByTestId("remove-push-device").click();
      await expect(page).toHaveURL(/\/communication\?push=removed$/);
      await expect(page.getByTestId("push-removed")).toHaveText("L’appareil ne reçoit plus de notifications push");
      await expect(page.getByTestId("push-device")).toHaveCount(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    });
  });
});
