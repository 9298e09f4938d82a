import fs from "node:fs";
import path from "node:path";
import { deflateSync } from "node:zlib";
import { expect, type Locator, type Page } from "@playwright/test";

type Namespace = "ads" | "common" | "places" | "reference" | "orders" | "search";
const cache = new Map<string, Record<string, unknown>>();

/** A French string of public/locales/fr/{ns}.json by its dotted key, as the app shows it. */
export function fr(ns: Namespace, key: string, params: Record<string, string | number> = {}): string {
  let dict = cache.get(ns);
  if (!dict) {
    dict = JSON.parse(fs.readFileSync(path.resolve("public/locales/fr", `${ns}.json`), "utf8")) as Record<
      string,
      unknown
    >;
    cache.set(ns, dict);
  }
  const value = key
    .split(".")
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], dict);
  if (typeof value !== "string") throw new Error(`missing translation fr:${ns}:${key}`);
  return value.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name]));
}

/** A day (YYYY-MM-DD) as date fields show it once the page runs: DD/MM/YYYY. */
export const dayText = (day: string) => day.split("-").reverse().join("/");

/** YYYY-MM-DD, `days` from today (UTC, like the app's form defaults). */
export const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer) {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real (tiny, 4×3 RGB) PNG file, built here so the server's content check sees a true image. */
export function pngFile(name = "cover.png") {
  const width = 4;
  const height = 3;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, truecolour, deflate, no filter, no interlace
  const rows = Buffer.concat(
    Array.from({ length: height }, (_, y) =>
      Buffer.from([0, ...Array.from({ length: width }, (_, x) => [40 * x, 80 * y, 200]).flat()]),
    ),
  );
  const buffer = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
  return { name, mimeType: "image/png", buffer };
}

/** A text file wearing an image's name and type: the server must refuse it by its content. */
export const fakePng = (name = "photo.png") => ({
  name,
  mimeType: "image/png",
  buffer: Buffer.from("Ceci n'est pas une image.\n", "utf8"),
});

/** Types into the place field and picks the suggestion for that locality, like a person with a mouse. */
export async function choosePlace(page: Page, typed: string, localityId: string) {
  const input = page.getByTestId("place-input");
  await input.fill("");
  await input.pressSequentially(typed);
  const option = page.getByTestId("place-options").locator(`[data-locality-id="${localityId}"]`);
  await expect(option).toBeVisible({ timeout: 10_000 });
  await option.click();
  await expect(page.getByTestId("place-id")).toHaveValue(localityId);
}

/** Writes the description in the rich-text editor (JavaScript), waiting for it to be ready. */
export async function writeDescription(page: Page, text: string) {
  const editor = page.getByTestId("description-editor");
  await expect(editor).toBeVisible();
  await editor.click();
  await page.keyboard.type(text);
  await expect(editor).toContainText(text);
}

/** Waits until the ad form hydrated (the editor and the question button exist only with JavaScript). */
export async function formReady(page: Page) {
  await expect(page.getByTestId("description-editor")).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId("question-add")).toBeVisible();
}

/** /mes-annonces filtered on a text, through the page's own filter form. */
export async function filterMyAds(page: Page, text: string) {
  if (new URL(page.url()).pathname !== "/mes-annonces") await page.goto("/mes-annonces");
  await page.getByTestId("filter-q").fill(text);
  await page.getByTestId("filter-submit").click();
  await expect(page).toHaveURL((url) => url.pathname === "/mes-annonces" && url.searchParams.get("q") === text);
}

/** The list row of an ad, by its number. */
export const adRow = (page: Page, id: number): Locator => page.locator(`[data-testid="ad-row"][data-ad-id="${id}"]`);

/** The errors shown with a field of the ad form (`field-{name}` test id): the alert beside its input. */
/** A field's messages: in the field's own grid (a date field's input sits in a box of its own inside it). */
export const fieldErrors = (page: Page, name: string): Locator =>
  page
    .getByTestId(`field-${name}`)
    .locator("xpath=ancestor::div[contains(concat(' ', normalize-space(@class), ' '), ' grid ')][1]")
    .getByRole("alert");

/** No raw translation key (validation.xxx, form.xxx...) shows anywhere in the locator. */
export async function expectNoRawKeys(locator: Locator) {
  await expect(locator).not.toContainText(/\b(validation|errors|form|list|states)\.[a-z_]+/);
  await expect(locator).not.toContainText(
    /\b(ad_end_date_passed|announcement_not_found|failed_operation|not_authorized)\b/,
  );
}

/**
 * Opens a list row's action menu (the row's "Actions: …" button, once the page hydrated) and
 * returns the open menu; its entries keep their test ids (action-edit, order-to-validated...).
 */
export async function openRowMenu(row: Locator): Promise<Locator> {
  const page = row.page();
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  const trigger = row.getByTestId("row-actions");
  await expect(trigger).toHaveAttribute("aria-label", /.+/);
  await trigger.click();
  const menu = page.getByRole("menu");
  await expect(menu).toBeVisible();
  return menu;
}

/** Chooses one entry (by test id) of a list row's action menu. */
export async function rowAction(row: Locator, testId: string) {
  const menu = await openRowMenu(row);
  await menu.getByTestId(testId).click();
}
