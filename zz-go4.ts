import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./tests/support/e2e-env";
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
for (const v of ["loop", "preload", "create", "fetch", "none", "loop"]) { const r: string[] = []; for (let i = 0; i < 4; i++) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.addInitScript((v) => ((window as any).__v = v), v);
  await page.goto("http://127.0.0.1:3300/rechercher-un-emploi");
  await page.waitForFunction(() => (window as any).__go !== undefined);
  r.push((await page.evaluate(() => (window as any).__go)).toFixed(1));
  await context.close();
} console.log(v, r.join(" ")); }
await browser.close();
