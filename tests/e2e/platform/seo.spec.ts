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
