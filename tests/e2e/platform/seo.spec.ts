import { expect, test } from "../fixtures";
import { LANGUAGES, tr } from "../support/i18n";

/** Every public page has its own title and description, in the visitor's language (issue 14, item 3). */
const PAGES = [
  { path: "/login", key: "login" },
  { path: "/register/user", key: "registerUser" },
  { path: "/register/agency", key: "registerAgency" },
  { path: "/forgot-password", key: "forgotPassword" },
  { path: "/rechercher-un-emploi", key: "jobSearch" },
  { path: "/rechercher-un-emploi?q=peintre", key: "jobSearchQuery" },
];

for (const lng of LANGUAGES) {
  test(`the public pages' titles and descriptions in ${lng}`, async ({ page }) => {
    for (const { path, key } of PAGES) {
      await page.goto(`${path}${path.includes("?") ? "&" : "?"}lng=${lng}`);
      const text = (part: "title" | "description") => tr(lng, `seo.${key}.${part}`).replace("{{q}}", "peintre");
      await expect(page, path).toHaveTitle(`${text("title")} · Missio`);
      await expect(page.locator('meta[name="description"]'), path).toHaveAttribute("content", text("description"));
    }
  });
}

/** One-time links: described, in the visitor's language, and kept out of search engines (even a forged one). */
const ONE_TIME = [
  { path: "/set-password/forged-token", key: "setPassword" },
  { path: "/verify-email/forged-token", key: "verifyEmail" },
  { path: "/restore-email/forged-token", key: "restoreEmail" },
];

test("one-time links have a description and are not indexed", async ({ page }) => {
  for (const lng of ["fr", "de"] as const) {
    for (const { path, key } of ONE_TIME) {
      await page.goto(`${path}?lng=${lng}`);
      await expect(page, path).toHaveTitle(`${tr(lng, `seo.${key}.title`)} · Missio`);
      await expect(page.locator('meta[name="description"]'), path).toHaveAttribute(
        "content",
        tr(lng, `seo.${key}.description`),
      );
      await expect(page.locator('meta[name="robots"]'), path).toHaveAttribute("content", "noindex");
    }
  }
});
