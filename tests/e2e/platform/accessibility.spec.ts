import { axeViolations, VIEWPORTS } from "../../support/axe";
import { expect, test } from "../fixtures";

/**
 * axe-core finds nothing on the public pages, on a phone and on a desktop (issue 14, item 4):
 * the pages people arrive on from a search engine, signed out. The benchmark (npm run bench,
 * section 11) reports the same rules next to Lighthouse's scores.
 */
const SEARCH = "/rechercher-un-emploi?q=cariste&placeId=CH-1201-geneve&placeText=Gen%C3%A8ve";
const PAGES = ["/login", "/register/user", "/register/agency", "/forgot-password", "/rechercher-un-emploi", SEARCH];

for (const [screen, options] of Object.entries(VIEWPORTS)) {
  test.describe(screen, () => {
    test.use(options);

    test(`the public pages have no axe violation on a ${screen}`, async ({ page }) => {
      // a demo ad, once the search engine has indexed the demo data
      let ad: string | null = null;
      await expect(async () => {
        await page.goto(SEARCH);
        ad = await page.getByTestId("result-title").first().getAttribute("href", { timeout: 500 });
      }).toPass({ timeout: 15_000 });
      for (const path of [...PAGES, ad!]) {
        await page.goto(path);
        await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
        expect(await axeViolations(page), path).toEqual([]);
      }
    });
  });
}
