import type { Page } from "@playwright/test";

/**
 * Holds the page's scripts back, as on a slow connection: until `release()` the page is the
 * server's HTML and the browser's own forms. Returns `release`.
 */
export async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/build/**/*.js", async (route) => {
    await held;
    await route.continue().catch(() => undefined); // a request of a page already left
  });
  return release;
}
