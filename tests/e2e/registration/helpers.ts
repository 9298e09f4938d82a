import fs from "node:fs";
import path from "node:path";
import { expect, type Page } from "@playwright/test";
import { submitLogin } from "../support/login";

export const PASSWORD = "Fresh-Start-2026";

type Lng = "fr" | "en" | "de" | "it" | "pt";
const cache = new Map<string, Record<string, unknown>>();

/** A string of public/locales/{lng}/{ns}.json by its dotted key, as the app shows it. */
export function text(
  lng: Lng,
  ns: "register" | "common" | "reference",
  key: string,
  params: Record<string, string | number> = {},
): string {
  const file = `${lng}/${ns}`;
  let dict = cache.get(file);
  if (!dict) {
    dict = JSON.parse(fs.readFileSync(path.resolve("public/locales", `${file}.json`), "utf8")) as Record<
      string,
      unknown
    >;
    cache.set(file, dict);
  }
  const value = key
    .split(".")
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], dict);
  if (typeof value !== "string") throw new Error(`missing translation ${file}:${key}`);
  return value.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name]));
}
export const fr = (key: string, params?: Record<string, string | number>) => text("fr", "register", key, params);

let counter = 0;
/** An address no other run or test uses. */
export const uniqueEmail = (tag: string) =>
  `reg.${tag}.${Date.now()}.${++counter}.${Math.floor(Math.random() * 1e6)}@example.test`;

export interface AccountFields {
  firstName?: string;
  lastName?: string;
  email: string;
  password?: string;
  confirmPassword?: string;
  consents?: boolean;
}

/** Fills the account step (country already chosen) and continues. */
export async function fillAccount(page: Page, fields: AccountFields) {
  const form = page.getByTestId("account-step");
  await form.locator('input[name="firstName"]').fill(fields.firstName ?? "Camille");
  await form.locator('input[name="lastName"]').fill(fields.lastName ?? "Rochat");
  await form.locator('input[name="email"]').fill(fields.email);
  await form.locator('input[name="password"]').fill(fields.password ?? PASSWORD);
  await form.locator('input[name="confirmPassword"]').fill(fields.confirmPassword ?? fields.password ?? PASSWORD);
  if (fields.consents ?? true) {
    await form.getByTestId("consent-terms").check();
    await form.getByTestId("consent-dataProtection").check();
  }
  await form.getByTestId("account-submit").click();
}

/** /register/user, the country, then the account step; waits for the profile step. */
export async function startRegistration(page: Page, country: "CH" | "FR", fields: AccountFields) {
  await page.goto("/register/user");
  await page.getByTestId(`country-${country}`).click();
  await expect(page.getByTestId("chosen-country")).toBeVisible();
  await fillAccount(page, fields);
  await expect(page.getByTestId("profile-step")).toBeVisible();
}

export const pdf = (name = "cv.pdf") => ({
  name,
  mimeType: "application/pdf",
  buffer: Buffer.from("%PDF-1.4\n1 0 obj <</Type /Catalog>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n", "latin1"),
});
export const png = (name = "cv.pdf") => ({
  name,
  mimeType: "application/pdf",
  buffer: Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010806000000", "hex"),
});

/** Fills the profile step: CV (if given), birth date, desired jobs (profession ids). */
export async function fillProfile(
  page: Page,
  { cv, birthDate, jobs }: { cv?: ReturnType<typeof pdf>; birthDate: string; jobs: string[] },
) {
  const form = page.getByTestId("profile-step");
  if (cv) await form.locator('input[name="cv"]').setInputFiles(cv);
  // the date field as the page shows it, in any language (DD/MM/YYYY with JavaScript, the browser's date input without)
  await form.locator('input[autocomplete="bday"]').fill(birthDate);
  for (const job of jobs) await form.getByTestId(`choice-${job}`).check();
}

/** The newest mail to `to` in the local mail viewer, waiting for the outbox job to keep it. */
export async function verificationLink(page: Page, to: string): Promise<string> {
  let href: string | null = null;
  await expect
    .poll(
      async () => {
        await page.goto("/dev/mails");
        const mail = page
          .getByTestId("mail")
          .filter({ has: page.getByTestId("mail-to").getByText(to, { exact: true }) });
        href = (await mail.count()) ? await mail.first().getByTestId("mail-link").first().getAttribute("href") : null;
        return href;
      },
      { timeout: 15_000, message: `a mail to ${to}` },
    )
    .toBeTruthy();
  return new URL(href!).pathname;
}

/** Follows the verification link, then signs in with the candidate toggle: the candidate dashboard. */
export async function verifyAndSignIn(page: Page, email: string, password = PASSWORD) {
  const link = await verificationLink(page, email);
  expect(link).toMatch(/^\/verify-email\//);
  await page.goto(link);
  await expect(page.getByTestId("email-verified")).toBeVisible();
  await page.goto("/login");
  await submitLogin(page, email, { password, accountType: "0" });
  await expect(page).toHaveURL((url) => url.pathname === "/tableau-de-bord");
}
