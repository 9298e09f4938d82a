import fs from "node:fs";
import path from "node:path";
import { test as setup } from "@playwright/test";
import { DEMO_USERS, sessionFile } from "./fixtures";
import { ACCOUNTS, login } from "./support/login";

// Each demo account signs in once per run, through the real login form, and its session (cookie)
// is stored for the tests' `signedInAs`, `signIn` and `signedInPage` fixtures (./fixtures.ts).
for (const user of DEMO_USERS) {
  setup(`${ACCOUNTS[user]} signs in once for the other tests`, async ({ page }) => {
    await login(page, ACCOUNTS[user]);
    fs.mkdirSync(path.dirname(sessionFile(user)), { recursive: true });
    await page.context().storageState({ path: sessionFile(user) });
  });
}
