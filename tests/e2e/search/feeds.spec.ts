import { expect, test } from "@playwright/test";
import { FEED_SCHEMAS, validateJson, validateXml } from "../../support/feed-validation";
import { ACCOUNTS } from "../support/login";
import { adsDomain, uniqueWord } from "./helpers";

let ads: ReturnType<typeof adsDomain>;
test.beforeAll(() => {
  ads = adsDomain();
});
test.afterAll(async () => {
  await ads?.close();
});

test("an ad posted to job boards reaches each board's feed, which validates against its format", async ({
  request,
}) => {
  const word = uniqueWord();
  const id = await ads.publish(ACCOUNTS.consultantGe, { title: `Menuisier ${word}`, jobBoards: ["S01", "S02", "S03"] });
  const notPosted = await ads.publish(ACCOUNTS.consultantGe, { title: `Vitrier ${word}`, jobBoards: ["S01"] });

  for (const [code, xsd] of [
    ["S02", FEED_SCHEMAS.indeed],
    ["S03", FEED_SCHEMAS.jobcloud],
  ] as const) {
    const res = await request.get(`/partners/export/${code}/xml`);
    expect(res.status(), code).toBe(200);
    expect(res.headers()["content-type"]).toContain("application/xml");
    const xml = await res.text();
    expect(await validateXml(xml, xsd), code).toEqual([]);
    expect(xml, code).toContain(`/annonce/${id}/${code}`);
    expect(xml, code).not.toContain(`/annonce/${notPosted}/`);
  }

  const res = await request.get("/partners/export/S02/json");
  expect(res.headers()["content-type"]).toContain("application/json");
  const feed = (await res.json()) as { jobs: { title: string; url: string; applyUrl: string }[] };
  expect(validateJson(feed, FEED_SCHEMAS.json)).toEqual([]);
  const job = feed.jobs.find((j) => j.title === `Menuisier ${word}`);
  expect(job?.url).toMatch(new RegExp(`/annonce/${id}/S02$`));
  expect(job?.applyUrl).toMatch(new RegExp(`/job/menuisier-${word}-geneve-${id}/S02/apply$`));

  // the board's link leads to the ad, with the board's source kept on the way to applying
  const page = await request.get(new URL(job!.applyUrl).pathname);
  expect(page.status()).toBe(200);
  expect((await request.get("/partners/export/S42/xml")).status()).toBe(404);
});
