import type { Page } from "@playwright/test";
import { expect, test, type DemoUser } from "../fixtures";
import { LANGUAGES } from "../support/i18n";
import { layoutProblems, untranslated } from "../support/layout-checks";

/**
 * Every built screen holds on phones and laptops in every language (issue 16): each role's menu
 * pages, one page of each kind of detail reached from them, and the public pages, at 360, 390,
 * 1,280 and 1,366 px in the five languages. A page fails on sideways scroll, an element out of
 * the screen or a text out of its box, a raw translation key, another language than the one
 * chosen, or a not-found page.
 */
const WIDTHS = [1366, 1280, 390, 360] as const;
const PUBLIC = [
  "/login",
  "/register/user",
  "/register/agency",
  "/forgot-password",
  "/rechercher-un-emploi",
  "/rechercher-un-emploi?q=peintre",
];
/** the detail pages worth one visit each: the first link of each kind met on the way */
const DETAIL = /^\/(candidatures|releves-heures|fiches-horaires|mes-commandes|mes-annonces|job)\/[^?#]+$/;
const ROLES: (DemoUser | "visitor")[] = ["visitor", "candidate", "consultantGe", "client", "admin"];

async function settle(page: Page) {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

for (const role of ROLES) {
  for (const lng of LANGUAGES) {
    test(`${role} in ${lng}: every screen holds at 360, 390, 1,280 and 1,366 px`, async ({ page, signIn }) => {
      test.setTimeout(180_000);
      await page.setViewportSize({ width: WIDTHS[0], height: 900 });
      let paths: string[];
      if (role === "visitor") {
        paths = [...PUBLIC];
      } else {
        await signIn(role);
        const menu = await page
          .getByTestId("sidebar")
          .getByRole("navigation")
          .getByRole("link")
          .evaluateAll((links) => links.map((a) => a.getAttribute("href")!));
        paths = [new URL(page.url()).pathname, ...menu];
      }
      const first = paths[0]!;
      await page.goto(`${first}${first.includes("?") ? "&" : "?"}lng=${lng}`);

      const problems: string[] = [];
      const seen = new Set<string>();
      const kinds = new Set<string>();
      // the list grows with the detail pages found on the way
      for (let i = 0; i < paths.length; i++) {
        const path = paths[i]!;
        if (seen.has(path)) continue;
        seen.add(path);
        await page.setViewportSize({ width: WIDTHS[0], height: 900 });
        const response = await page.goto(path);
        const detail = DETAIL.exec(path)?.[1];
        if (response?.status() !== 200 && detail) {
          // another test running meanwhile may have deleted it (an ad, an order): take the next of its kind
          kinds.delete(detail);
          continue;
        }
        if (response?.status() !== 200) problems.push(`${path}: status ${response?.status()}`);
        await expect(page.locator("html"), path).toHaveAttribute("lang", lng);
        for (const key of await untranslated(page)) problems.push(`${path}: raw text "${key}"`);
        for (const href of await page
          .locator("main a[href^='/']")
          .evaluateAll((as) => as.map((a) => a.getAttribute("href")!))) {
          const kind = DETAIL.exec(href)?.[1];
          if (kind && !kinds.has(kind) && !seen.has(href)) {
            kinds.add(kind);
            paths.push(href);
          }
        }
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 900 });
          await settle(page);
          for (const problem of await layoutProblems(page)) problems.push(`${path} at ${width} px: ${problem}`);
        }
      }
      expect(problems).toEqual([]);
    });
  }
}
