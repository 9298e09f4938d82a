import { expect, type Page } from "@playwright/test";

/** The link of the newest mail to `to`, as a person would find it in the mail viewer (/dev/mails). */
export async function mailLink(page: Page, to: string): Promise<string> {
  let href: string | null = null;
  await expect
    .poll(
      async () => {
        await page.goto("/dev/mails");
        const mail = page
          .getByTestId("mail")
          .filter({ has: page.getByTestId("mail-to").getByText(to, { exact: true }) })
          .first();
        href = (await mail.count()) ? await mail.getByTestId("mail-link").first().getAttribute("href") : null;
        return href;
      },
      { timeout: 10_000, message: `a mail to ${to}` },
    )
    .toBeTruthy();
  return new URL(href!).pathname;
}

/** How many mails went to `to` so far. */
export async function mailCount(page: Page, to: string): Promise<number> {
  await page.goto("/dev/mails");
  return page
    .getByTestId("mail")
    .filter({ has: page.getByTestId("mail-to").getByText(to, { exact: true }) })
    .count();
}
