import type { Page } from "@playwright/test";
import { expect, test, type DemoUser } from "../fixtures";
import { LANGUAGES } from "../support/i18n";
import type { Actor } from "../../../server/modules/identity/contract";
import { layoutProblems, untranslated, untranslatedHtml } from "../support/layout-checks";

/**
 * Every built screen holds on phones and laptops in every language (issue 16): each role's menu
 * pages, one page of each kind of detail reached from them, and the public pages, at 360, 390,
 * 1,280 and 1,366 px in the five languages (see below). A page fails on sideways scroll, an element out of
 * the screen or a text out of its box, a raw translation key or `{{`, another language than the
 * one chosen, or a not-found page.
 *
 * Pages are reached as a person reaches them (issue 27): by clicking the menu's link, or the link
 * on the page that lists them, so the browser navigates on its own (a namespace it did not load
 * showed raw keys there while a reload was right); a page no link leads to is loaded by its URL.
 * In French each page is then checked as the server renders it (its HTML, fetched with the page's cookies).
 *
 * French is checked at the four widths; the other languages at the narrowest width of each layout
 * (360 px for phones, 1,280 px for laptops: 390 and 1,366 px share their breakpoints and have more
 * room, so what holds at the narrower one holds there too), which halves the run's layout checks.
 */
const WIDTHS = [1366, 1280, 390, 360] as const;
const widthsFor = (lng: string) => (lng === "fr" ? WIDTHS : ([1280, 360] as const));
const shownWidths = (lng: string) =>
  widthsFor(lng)
    .toSorted((a, b) => a - b)
    .map((w) => w.toLocaleString("en"))
    .join(", ");
const PUBLIC = [
  "/login",
  "/register/user",
  "/register/agency",
  "/forgot-password",
  "/rechercher-un-emploi",
  "/rechercher-un-emploi?q=peintre",
  "/support",
];
/** the detail pages worth one visit each: the first link of each kind met on the way (a candidate's file: /cv-theque/{id}) */
const DETAIL =
  /^\/(candidatures|releves-heures|fiches-horaires|mes-commandes|mes-annonces|mes-dossiers\/presentations|mes-dossiers|job|cv-theque|support)\/([^/?#]+)[^?#]*$/;
/** pages no menu lists, visited where a page links to them (the candidate file links the plain list) */
const LINKED = new Set(["/old-cv-theque", "/support/faq/nouvelle", "/parametres/consentements"]);
/** pages with a query, visited once where a page links to them: a pair's merge comparison (ADR 0039; the demo's pair) */
const LINKED_ONCE = [/^\/cv-theque\/doublons\/fusion\?first=[0-9a-f-]{36}&second=[0-9a-f-]{36}$/];
/** what an agency consultant must have seen: the CV library, a candidate's file, the plain list, the duplicates (issue 28) */
const AGENCY_SCREENS = [
  /^\/cv-theque$/,
  /^\/cv-theque\/[0-9a-f-]{36}$/,
  /^\/old-cv-theque$/,
  /^\/cv-theque\/doublons$/,
  /^\/cv-theque\/doublons\/fusion\?/,
  /^\/mes-dossiers\/presentations$/,
  /^\/mes-dossiers\/presentations\/[0-9a-f-]{36}$/,
];
/** a detail's kind: its list, and its name when it is a page of its own (/candidatures/modeles) rather than an id */
const kindOf = (href: string) => {
  const m = DETAIL.exec(href);
  // a named page (/mes-dossiers/presentations) is not of its list's kind nor of its own details' kind
  return m && (/^[a-z]+$/.test(m[2]!) ? `${m[1]}:${m[2]}` : m[1]);
};
/**
 * A presentation dossier of the Geneva agency (issue 29): its page is reached from the dossiers'
 * list, and the client's login-free page (its link is shown once, on no page) is a public page.
 */
test.beforeAll(async ({ server }) => {
  const [me] = await server.sql<{ id: string; role: Actor["role"]; agencyId: string }[]>`
    select id, role, agency_id as "agencyId" from rm_users where email = 'consultant.ge@demo.test'`;
  const consultant: Actor = { id: me!.id, role: me!.role, agencyId: me!.agencyId, clientId: null };
  const [pick] = await server.sql<{ candidateId: string; clientId: string }[]>`
    select a.candidate_id as "candidateId", (select client_id from rm_users where email = 'client@demo.test') as "clientId"
    from rm_applications a where a.agency_id = ${consultant.agencyId} and a.withdrawn_at is null limit 1`;
  const p = server.domain.presentations;
  const id = await p.buildPresentation(consultant, {
    title: "Journey",
    clientId: pick!.clientId,
    language: "fr",
    anonymised: true,
    alias: "initials",
    showEmployers: false,
    candidates: [
      {
        candidateId: pick!.candidateId,
        include: true,
        sections: ["summary", "experiences", "trainings", "languages"],
        documentIds: [],
        comment: "",
      },
    ],
  });
  PUBLIC.push(new URL(await p.issuePresentationLink(consultant, id)).pathname);
});

const ROLES: (DemoUser | "visitor")[] = ["visitor", "candidate", "consultantGe", "client", "admin"];

async function settle(page: Page) {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** The page shown is `path`'s, with every translation it uses loaded (the root says so). */
async function translated(page: Page, path: string) {
  const pathname = new URL(path, "http://x").pathname;
  await expect(page.locator("html"), path).toHaveAttribute("data-translated", pathname);
}

/** Clicks a link to `path` on the page shown, if there is one; true once its page is shown. */
async function click(page: Page, path: string): Promise<boolean> {
  const link = page.locator(`a[href="${path}"]`).filter({ visible: true }).first();
  if ((await link.count()) === 0) return false;
  await link.click();
  await translated(page, path);
  return true;
}

/**
 * Reaches `path` by a link on the page shown, else on the page it was found on (`from`, a menu
 * page), else by its URL. The HTTP status when it was loaded; a click shows the error page instead.
 */
async function reach(page: Page, path: string, from: string | undefined): Promise<number> {
  if ((await click(page, path)) || (from && (await click(page, from)) && (await click(page, path))))
    return (await page.getByTestId("error-title").count()) > 0 ? 404 : 200;
  const response = await page.goto(path);
  await translated(page, path);
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  return response?.status() ?? 0;
}

for (const role of ROLES) {
  for (const lng of LANGUAGES) {
    test(`${role} in ${lng}: every screen holds at ${shownWidths(lng)} px`, async ({ page, signIn }) => {
      test.setTimeout(180_000);
      const widths = widthsFor(lng);
      await page.setViewportSize({ width: widths[0], height: 900 });
      let paths: string[];
      if (role === "visitor") {
        paths = [...PUBLIC];
      } else {
        await signIn(role);
        const menu = await page
          .getByTestId("sidebar")
          .getByRole("navigation")
          .getByRole("link")
          .evaluateAll((links) => links.map((a) => a.getAttribute("href")!));
        paths = [new URL(page.url()).pathname, ...menu];
      }
      const first = paths[0]!;
      const opened = await page.goto(`${first}${first.includes("?") ? "&" : "?"}lng=${lng}`);
      await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");

      const problems: string[] = [];
      const seen = new Set<string>([first]);
      const kinds = new Set<string>();
      /** the pages checked (answered 200) */
      const shown = new Set<string>();
      /** where each detail page was found */
      const foundOn = new Map<string, string>();
      // the list grows with the detail pages found on the way
      for (let i = 0; i < paths.length; i++) {
        const path = paths[i]!;
        if (i > 0 && seen.has(path)) continue;
        seen.add(path);
        await page.setViewportSize({ width: widths[0], height: 900 });
        const status = i === 0 ? (opened?.status() ?? 0) : await reach(page, path, foundOn.get(path));
        const detail = kindOf(path);
        if (status !== 200 && detail) {
          // another test running meanwhile may have deleted it (an ad, an order): take the next of its kind
          kinds.delete(detail);
          continue;
        }
        if (status !== 200) problems.push(`${path}: status ${status}`);
        else shown.add(path);
        await expect(page.locator("html"), path).toHaveAttribute("lang", lng);
        for (const key of await untranslated(page)) problems.push(`${path}: raw text "${key}"`);
        for (const href of await page
          .locator("main a[href^='/']")
          .evaluateAll((as) => as.map((a) => a.getAttribute("href")!))) {
          const kind = kindOf(href);
          if (kind && !kinds.has(kind) && !seen.has(href)) {
            kinds.add(kind);
            paths.push(href);
            foundOn.set(href, path);
            // the library's bulk "add to a folder" is a form's GET: no link leads to it (ADR 0045)
            if (kind === "cv-theque" && role === "consultantGe")
              paths.push(`/mes-dossiers/ajouter?id=${href.split("/")[2]}`);
          } else if (
            (LINKED.has(href) || LINKED_ONCE.some((r) => r.test(href) && !paths.some((p) => r.test(p)))) &&
            !paths.includes(href)
          ) {
            paths.push(href);
            foundOn.set(href, path);
          }
        }
        for (const width of widths) {
          await page.setViewportSize({ width, height: 900 });
          await settle(page);
          for (const problem of await layoutProblems(page)) problems.push(`${path} at ${width} px: ${problem}`);
        }
        if (lng === "fr") {
          // as the server renders it: its HTML, with the page's cookies (a reload in the browser
          // cost ~50 s over the run for the same check)
          const response = await page.request.get(path);
          if (response.status() !== 200) problems.push(`${path} server-rendered: status ${response.status()}`);
          for (const key of untranslatedHtml(await response.text()))
            problems.push(`${path} server-rendered: raw text "${key}"`);
        }
      }
      expect(problems).toEqual([]);
      if (role === "consultantGe")
        for (const screen of AGENCY_SCREENS)
          expect(
            [...shown].some((p) => screen.test(p)),
            String(screen),
          ).toBe(true);
    });
  }
}
