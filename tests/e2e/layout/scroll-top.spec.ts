import { expect, test } from "../fixtures";

// A small window, so the agency dashboard (its lists stacked below 1024 px) is taller than it.
test.use({ viewport: { width: 800, height: 400 } });

test("the scroll-to-top button appears beyond 300 px of scrolling and brings the page back up", async ({
  page,
  signIn,
}) => {
  await signIn("consultantGe");
  await expect(page.getByTestId("team")).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight), {
      message: "the page must be able to scroll beyond 300 px",
    })
    .toBeGreaterThan(320);

  await expect(page.getByTestId("scroll-top")).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 250));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(250);
  await expect(page.getByTestId("scroll-top")).toHaveCount(0);

  await page.evaluate(() => window.scrollTo(0, 310));
  await expect(page.getByTestId("scroll-top")).toBeVisible();

  await page.getByTestId("scroll-top").click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(page.getByTestId("scroll-top")).toHaveCount(0);
});

test.describe("on a laptop", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("at the bottom of the ad form, the scroll-to-top button leaves the publish button free", async ({
    page,
    signIn,
  }) => {
    await signIn("consultantGe", "/creer-une-annonce");
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(page.getByTestId("scroll-top")).toBeVisible();
    const publish = (await page.getByTestId("submit-publish").boundingBox())!;
    const arrow = (await page.getByTestId("scroll-top").boundingBox())!;
    const overlaps =
      publish.x < arrow.x + arrow.width &&
      arrow.x < publish.x + publish.width &&
      publish.y < arrow.y + arrow.height &&
      arrow.y < publish.y + publish.height;
    expect(overlaps, `publish ${JSON.stringify(publish)}, scroll-to-top ${JSON.stringify(arrow)}`).toBe(false);
    // and it takes a click
    await page.getByTestId("submit-publish").click({ trial: true });
  });
});
