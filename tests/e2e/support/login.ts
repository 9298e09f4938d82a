import { expect, type Page } from "@playwright/test";

/** Every demo account shares this password (db/seed/demo.ts). */
export const DEMO_PASSWORD = "Demo-Pass-2026";

export const ACCOUNTS = {
  candidate: "candidate@demo.test",
  candidateFr: "candidate.fr@demo.test",
  consultantGe: "consultant.ge@demo.test",
  consultantGe2: "consultant.ge2@demo.test",
  consultantLyon: "consultant.lyon@demo.test",
  admin: "admin@demo.test",
  manager: "manager@demo.test",
  client: "client@demo.test",
} as const;

const CANDIDATES: string[] = [ACCOUNTS.candidate, ACCOUNTS.candidateFr];

/** The login toggle value of an account: 0 candidate, 1 agency (spec section 6). */
export function accountTypeOf(email: string): "0" | "1" {
  return CANDIDATES.includes(email) ? "0" : "1";
}

/** Where each role lands after login (spec section 4 "Login outcomes"). */
export function homeOf(email: string): string {
  if (CANDIDATES.includes(email)) return "/tableau-de-bord";
  if (email === ACCOUNTS.manager || email === ACCOUNTS.client) return "/creer-une-annonce";
  return "/tableau-bord-agence";
}

export interface FillLoginOptions {
  password?: string;
  /** the toggle to choose; by default the one matching the account */
  accountType?: "0" | "1";
}

/**
 * Fills and submits the login form of the page currently showing it. The toggle radios are
 * visually hidden inside their labels, so the label is clicked, like a person would.
 */
export async function submitLogin(page: Page, email: string, options: FillLoginOptions = {}) {
  const type = options.accountType ?? accountTypeOf(email);
  const radio = page.getByTestId(`account-type-${type}`);
  await page.locator("label", { has: radio }).click();
  await expect(radio).toBeChecked();
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(options.password ?? DEMO_PASSWORD);
  await page.getByTestId("login-submit").click();
}

/**
 * Opens /login (or `path`, which should lead there), signs in through the form and waits for the
 * landing page. A test that only needs a signed-in demo account uses the fixtures of
 * ../fixtures.ts (stored sessions) instead.
 */
export async function login(
  page: Page,
  email: string,
  options: FillLoginOptions & { path?: string; expectPath?: string } = {},
) {
  await page.goto(options.path ?? "/login");
  await submitLogin(page, email, options);
  const expected = options.expectPath ?? homeOf(email);
  await expect(page).toHaveURL((url) => url.pathname === expected);
  // a form sent before /login hydrated lands on a page loaded afresh: a click before it hydrates
  // is the browser's own (the user menu did not open). With JavaScript off Remix's context never runs.
  const hydrates = await page
    .evaluate(() => typeof (window as { __remixContext?: unknown }).__remixContext === "object")
    .catch(() => false);
  if (hydrates) await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
}

/** Waits until the page's Socket.IO connection is up (app/hooks/use-live.tsx). */
export async function waitForLive(page: Page) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.dataset.live), { timeout: 10_000 })
    .toBe("connected");
}
