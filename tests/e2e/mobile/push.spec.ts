import { expect, test } from "../fixtures";
import { adsDomain, uniqueWord } from "../search/helpers";
import { ACCOUNTS } from "../support/login";
import { pdfBytes } from "../../support/documents";
import { CHROMIUM_ARGS, CHROMIUM_PATH, E2E_BASE_URL } from "../../support/e2e-env";
import { STATUS } from "../../../server/modules/applications/contract";
import { pushPayload } from "../../../server/modules/notifications/push";

// Issue 31: a status change reaches the candidate's phone as a notification. The server's side
// (the notifier's job, VAPID, encryption, a push service) is tested against a local push service
// (tests/integration/push.int.test.ts); here the push service's delivery is Chromium's own
// (DevTools' deliverPushMessage) into the app's service worker, which shows it.

// the headless shell refuses notifications even when granted: the whole browser shows them
test.use({
  serviceWorkers: "allow",
  viewport: { width: 390, height: 844 },
  isMobile: true,
  launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
});

let ads: ReturnType<typeof adsDomain>;
test.beforeAll(() => {
  ads = adsDomain();
});
test.afterAll(async () => {
  await ads?.close();
});

test("a status change pushed to the candidate's phone shows as a notification leading to her applications", async ({
  signIn,
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await context.grantPermissions(["notifications"], { origin: E2E_BASE_URL });
  await signIn("candidate", "/tableau-de-bord");
  const cdp = await context.newCDPSession(page);
  const registrations = new Promise<string>((resolve) =>
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations: r }) => {
      const mine = r.find((x) => x.scopeURL.startsWith(E2E_BASE_URL) && !x.isDeleted);
      if (mine) resolve(mine.registrationId);
    }),
  );
  await cdp.send("ServiceWorker.enable");
  await page.evaluate(() => navigator.serviceWorker.ready);
  const registrationId = await registrations;

  // the agency retains her application: the notifier raises the notice the push carries
  const [ge, lea] = await Promise.all([ads.actor(ACCOUNTS.consultantGe), ads.actor(ACCOUNTS.candidate)]);
  const title = `Carreleur ${uniqueWord()}`;
  const adId = await ads.publish(ACCOUNTS.consultantGe, { title, questions: [] });
  const applicationId = await ads.domain.applications.apply(lea, {
    adId,
    source: "S01",
    answers: [],
    message: "",
    cv: { kind: "upload", name: "cv.pdf", bytes: pdfBytes() },
  });
  await ads.domain.applications.changeStatus(ge, applicationId, { to: STATUS.retained });
  // the undo window has passed (the job that tells the candidate)
  const [stream] = await ads.sql<{ version: number }[]>`
    select max(stream_version)::int as version from events where stream_id = ${`application-${applicationId}`}`;
  await ads.domain.applications.notifyStatus(applicationId, stream!.version);
  type Row = { kind: string; params: Record<string, string | number>; link: string | null };
  const retained = async () =>
    (
      await ads.sql<Row[]>`
        select kind, params, link from rm_notifications
        where user_id = ${lea.id} and link = '/candidatures-retenues' and params->>'title' = ${title}`
    )[0];
  await expect.poll(async () => Boolean(await retained()), { timeout: 20_000 }).toBe(true);
  const n = (await retained())!;
  const payload = await pushPayload(n, "fr", E2E_BASE_URL);

  await cdp.send("ServiceWorker.deliverPushMessage", {
    origin: E2E_BASE_URL,
    registrationId,
    data: JSON.stringify(payload),
  });
  await expect
    .poll(
      () =>
        page.evaluate(async () =>
          (await (await navigator.serviceWorker.ready).getNotifications()).map((x) => ({
            title: x.title,
            body: x.body,
          })),
        ),
      { timeout: 10_000 },
    )
    .toEqual([{ title: payload.title, body: payload.body }]);
  expect(payload.body).not.toBe("");
  expect(payload.url).toBe(`${E2E_BASE_URL}${n.link ?? "/notifications"}`);
});
