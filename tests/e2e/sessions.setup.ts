import fs from "node:fs";
import path from "node:path";
import { expect, test as setup } from "@playwright/test";
import { DEMO_USERS, sessionFile } from "./fixtures";
import { ACCOUNTS, DEMO_PASSWORD, accountTypeOf } from "./support/login";

// Each demo account signs in once per run and its session (cookie) is stored for the tests'
// `signedInAs`, `signIn` and `signedInPage` fixtures (./fixtures.ts). The login form is posted
// as the browser posts it without JavaScript; the form itself is tested in auth/*.spec.ts.
for (const user of DEMO_USERS) {
  setup(`${ACCOUNTS[user]} signs in once for the other tests`, async ({ request }) => {
    const response = await request.post("/login", {
      form: { email: ACCOUNTS[user], password: DEMO_PASSWORD, is_candidate: accountTypeOf(ACCOUNTS[user]) },
      maxRedirects: 0,
    });
    expect(response.status(), await response.text()).toBe(302);
    fs.mkdirSync(path.dirname(sessionFile(user)), { recursive: true });
    await request.storageState({ path: sessionFile(user) });
  });
}
