import { expect, it } from "vitest";
import { appHarness } from "../support/harness";
import { waitFor } from "../support/wait";

// behind a trusted local proxy, so a forwarded remote address can be simulated
const app = appHarness({ TRUST_PROXY: "loopback" });

it("a reset requested through the app is mailed by the job (kept for /dev/mails without SMTP)", async () => {
  const res = await fetch(`${app.url}/forgot-password?_data=routes%2F_public%2B%2Fforgot-password`, {
    method: "POST",
    body: new URLSearchParams({ email: "candidate@demo.test" }),
  });
  expect(res.status).toBe(200);
  expect(await res.json()).toMatchObject({ sent: true });
  const mail = await waitFor(
    async () =>
      (
        await app.db.sql<
          { status: string }[]
        >`select status from mail_outbox where recipient = 'candidate@demo.test' and status = 'kept'`
      )[0],
    {
      // the job's latency is not the point here (see the bench); a loaded machine can take seconds
      timeout: 30_000,
      message: "the mail job",
    },
  );
  expect(mail.status).toBe("kept");
  const viewer = await fetch(`${app.url}/dev/mails`);
  expect(viewer.status).toBe(200);
  expect(await viewer.text()).toContain("/set-password/");
});

it("the mail viewer answers only the local machine", async () => {
  expect((await fetch(`${app.url}/dev/mails`, { headers: { "x-forwarded-for": "203.0.113.9" } })).status).toBe(404);
  expect((await fetch(`${app.url}/dev/mails`, { headers: { "x-forwarded-for": "127.0.0.1" } })).status).toBe(200);
});
