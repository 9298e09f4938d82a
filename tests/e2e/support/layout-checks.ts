import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { PLACEHOLDERS } from "../../../server/modules/applications/contract";

/**
 * What a person sees go wrong on a page, measured in the browser: the page scrolls sideways, an
 * element sticks out on the right (outside a scroll box of its own), or a text overflows its box.
 */
export async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const name = (e: Element) =>
      `${e.tagName.toLowerCase()}${(e as HTMLElement).dataset.testid ? `[${(e as HTMLElement).dataset.testid}]` : ""} "${(e.textContent ?? "").trim().slice(0, 40)}"`;
    const width = window.innerWidth;
    const scrollWidth = document.documentElement.scrollWidth;
    if (scrollWidth > width) problems.push(`the page scrolls sideways (${scrollWidth} px wide)`);
    /** inside a box that scrolls or clips by itself (a wide table), or hidden from sight */
    const contained = (e: Element) => {
      for (let p = e.parentElement; p && p !== document.body; p = p.parentElement) {
        const o = getComputedStyle(p).overflowX;
        if (o !== "visible") return true;
      }
      return false;
    };
    for (const e of document.querySelectorAll("body *")) {
      const style = getComputedStyle(e);
      // hidden from sight: screen-reader text, folded content (a closed details element's body)
      if (
        style.display === "none" ||
        style.visibility === "hidden" ||
        e.closest(".sr-only, [aria-hidden=true], option, script, style, details:not([open]) > :not(summary)")
      )
        continue;
      const box = e.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (box.right > width + 1 && !contained(e))
        problems.push(`off-screen: ${name(e)} ends at ${Math.round(box.right)} px`);
      else if (
        e.children.length === 0 &&
        style.overflowX === "visible" &&
        e.scrollWidth > e.clientWidth + 1 &&
        e.clientWidth > 0 &&
        !contained(e)
      )
        problems.push(`text wider than its box: ${name(e)} (${e.scrollWidth} > ${e.clientWidth} px)`);
    }
    return [...new Set(problems)].slice(0, 10);
  });
}

let keys: Set<string> | null = null;

/** Every translation key of the app (dotted, plural suffixes removed): shown as such, one is untranslated. */
function translationKeys(): Set<string> {
  if (keys) return keys;
  keys = new Set();
  const dir = path.resolve("public/locales/fr");
  const walk = (node: unknown, prefix: string) => {
    if (typeof node === "string") {
      const key = prefix.replace(/_(zero|one|two|few|many|other)$/, "");
      // single words ("title") could be ordinary text; dotted paths and snake_case codes cannot
      if (key.includes(".") || key.includes("_")) keys!.add(key);
      return;
    }
    for (const [k, v] of Object.entries(node as Record<string, unknown>)) walk(v, prefix ? `${prefix}.${k}` : k);
  };
  for (const file of fs.readdirSync(dir)) walk(JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")), "");
  return keys;
}

/** Translation keys or template placeholders the page shows as text. */
export async function untranslated(page: Page): Promise<string[]> {
  return untranslatedText(await page.evaluate(() => document.body.innerText + " " + document.title));
}

/**
 * The same for a page as the server sends it (its HTML): the text outside scripts and styles, so
 * a server render is checked without loading and hydrating it in the browser again.
 */
export function untranslatedHtml(html: string): string[] {
  const text = html
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1>/gi, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
  return untranslatedText(text);
}

function untranslatedText(text: string): string[] {
  const known = translationKeys();
  const found = (text.match(/[A-Za-z0-9_]+(?:\.[A-Za-z0-9_]+)*/g) ?? []).filter((token) => known.has(token));
  // the merge fields a consultant writes in a mail ({{candidate}}) are shown as such on purpose
  const mergeFields = new Set(PLACEHOLDERS.map((p) => `{{${p}}}`));
  const placeholders = (text.match(/\{\{[^}]*\}\}/g) ?? []).filter((p) => !mergeFields.has(p));
  return [...new Set([...found, ...placeholders])];
}
