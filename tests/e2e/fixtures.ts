import fs from "node:fs";
import path from "node:path";
import { test as base, expect, type BrowserContext, type Cookie, type Page } from "@playwright/test";
import { E2E, E2E_BASE_URL } from "../support/e2e-env";
import { e2eDomain } from "./support/domain";
import { ACCOUNTS, homeOf } from "./support/login";

/**
 * Playwright fixtures: pages signed in as a demo account from the session the "sessions" setup
 * project stored (tests/e2e/sessions.setup.ts signs each account in once through /login), so a
 * test that only needs a signed-in page skips the login form.
 *
 *   test.use({ signedInAs: "consultantGe" });       // `page` and `context` start signed in
 *   await signIn("candidate");                      // the test's own page, on the account's landing page
 *   await signIn("client", "/mes-commandes");       // ...or on that page
 *   const { page } = await signedInPage("admin");   // another browser (own cookies), closed after the test
 *   await server.freshAccount("CANDIDATE", password) // the server's database and domain, per worker
 *
 * The stored sessions are shared by every test running in parallel: a test that signs out, has
 * its sessions revoked, changes a password or email, or disables the account must sign in through
 * the form (its own session) or use a fresh account, never these.
 */

export type DemoUser = keyof typeof ACCOUNTS;
export const DEMO_USERS = Object.keys(ACCOUNTS) as DemoUser[];

/** Where the session of a demo account is stored, per E2E port (the server's database is per port too). */
export const sessionFile = (user: DemoUser) => path.resolve(E2E.sessionsDir, `${user}.json`);

function storedSession(user: DemoUser): string {
  const file = sessionFile(user);
  if (!fs.existsSync(file))
    throw new Error(`no stored session for ${ACCOUNTS[user]}: the "sessions" setup project writes ${file}`);
  return file;
}

/**
 * Opens `path` (the account's landing page by default) and checks the page is there, signed in;
 * with JavaScript, waits for the page to hydrate (as after the login form's client-side redirect).
 */
async function open(page: Page, user: DemoUser, path: string | undefined, javaScriptEnabled: boolean) {
  const target = path ?? homeOf(ACCOUNTS[user]);
  const expected = new URL(target, E2E_BASE_URL).pathname;
  await page.goto(target);
  await expect(page, `${ACCOUNTS[user]} signed in on ${expected}`).toHaveURL((url) => url.pathname === expected);
  if (javaScriptEnabled) await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
}

interface Fixtures {
  /** The demo account `page` and `context` are signed in as (`test.use({ signedInAs })`); none by default. */
  signedInAs: DemoUser | null;
  /** Signs the test's `page` in as that account and opens its landing page (or `path`). */
  signIn: (user: DemoUser, path?: string) => Promise<Page>;
  /** A page in a browser context of its own signed in as that account, on its landing page (or `path`). */
  signedInPage: (user: DemoUser, path?: string) => Promise<{ context: BrowserContext; page: Page }>;
}

interface WorkerFixtures {
  /** The running server's database and domain (./support/domain.ts), one per worker, closed when it ends. */
  server: ReturnType<typeof e2eDomain>;
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  server: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture needs from this pattern
    async ({}, provide) => {
      const server = e2eDomain();
      await provide(server);
      await server.close();
    },
    { scope: "worker" },
  ],
  signedInAs: [null, { option: true }],
  storageState: async ({ signedInAs, storageState }, provide) => {
    await provide(signedInAs ? storedSession(signedInAs) : storageState);
  },
  signIn: async ({ page, javaScriptEnabled }, provide) => {
    await provide(async (user, path) => {
      const { cookies } = JSON.parse(fs.readFileSync(storedSession(user), "utf8")) as { cookies: Cookie[] };
      await page.context().addCookies(cookies);
      await open(page, user, path, javaScriptEnabled !== false);
      return page;
    });
  },
  signedInPage: async ({ browser }, provide) => {
    const contexts: BrowserContext[] = [];
    await provide(async (user, path) => {
      // like a second person's browser: the default viewport, whatever the test's options
      const context = await browser.newContext({
        baseURL: E2E_BASE_URL,
        viewport: { width: 1280, height: 800 },
        storageState: storedSession(user),
      });
      contexts.push(context);
      const page = await context.newPage();
      await open(page, user, path, true);
      return { context, page };
    });
    await Promise.all(contexts.map((context) => context.close()));
  },
});

export { expect };
