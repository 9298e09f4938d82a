import { randomBytes } from "node:crypto";
import ExcelJS from "exceljs";
import { beforeAll, describe, expect, it } from "vitest";
import { AppError, appHarness, extractText, SYSTEM_ACTOR, type Actor } from "../support/harness";
import { pdfBytes, pdfOfSize, pngBytes } from "../support/documents";
import { sampleAdFields } from "../support/missions";
import { loginCookie } from "../support/test-app";
import { addDaysTo, mondayOf } from "../../server/modules/planning/contract";
import { emptyDay } from "../../server/modules/timesheets/contract";

/**
 * The agency side of timesheets over HTTP, on the demo data: the client's signed report attached
 * to a sheet and read only by the sheet's people, and the exports of a selection (CSV, XLSX, PDF)
 * that never show another tenant's sheets.
 */
const app = appHarness();
const tag = randomBytes(3).toString("hex");
const week = mondayOf(addDaysTo(new Date().toISOString().slice(0, 10), 14));
const PASSWORD = "Solid-Pass-2026";
let cookies: Record<"ge" | "client" | "lea" | "lyon" | "hugo" | "otherClient" | "admin", string>;
let ge: Actor, lyon: Actor, lea: Actor, hugo: Actor, client: Actor;
/** Léa's sheet (Geneva, its demo client company), Hugo's (Geneva, no client) and Hugo's at Lyon. */
let leaSheet: string, hugoSheet: string, lyonSheet: string;
const titles = { lea: `Préparateur ${tag}`, hugo: `Cariste ${tag}`, lyon: `Magasinier ${tag}` };

async function actor(email: string): Promise<Actor> {
  const [row] = await app.db.sql<
    { id: string; role: Actor["role"]; agency_id: string | null; client_id: string | null }[]
  >`
    select id, role, agency_id, client_id from rm_users where email = ${email}`;
  return { id: row!.id, role: row!.role, agencyId: row!.agency_id, clientId: row!.client_id };
}

/** A validated mission of `owner`'s agency for `who`, and its sheet of the week. */
async function sheetOf(owner: Actor, who: Actor, title: string, clientId: string | null) {
  const s = app.services;
  const adId = await s.missions.createAd(owner, {
    fields: sampleAdFields({ title, questions: [], places: 2 }),
    clientId,
    publish: true,
  });
  const proposalId = await s.placements.propose(owner, {
    adId,
    candidateIds: [who.id],
    mode: "first",
    places: 1,
    expiresAt: new Date(Date.now() + 86_400_000),
    message: "",
  });
  const [placementId] = await s.placements.acceptProposal(who, proposalId);
  return s.timesheets.openTimesheet(who, { placementId: placementId!, week });
}

const get = (path: string, cookie: string) => fetch(`${app.url}${path}`, { headers: { cookie }, redirect: "manual" });
function upload(cookie: string, timesheetId: string, file: { name: string; bytes: Uint8Array; type?: string }) {
  const body = new FormData();
  body.set("intent", "report");
  body.set("timesheetId", timesheetId);
  body.set("file", new File([new Uint8Array(file.bytes)], file.name, { type: file.type ?? "application/pdf" }));
  return fetch(`${app.url}/releves-heures`, { method: "POST", body, headers: { cookie }, redirect: "manual" });
}
const reportOf = async (id: string) =>
  (
    await app.db.sql<
      { report: { name: string; mime: string; size: number } | null }[]
    >`select report from rm_timesheets where id = ${id}`
  )[0]!.report;
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => (e instanceof AppError ? e.key : Promise.reject(e)),
  );

beforeAll(async () => {
  const emails = [
    "consultant.ge@demo.test",
    "consultant.lyon@demo.test",
    "candidate@demo.test",
    "candidate.fr@demo.test",
    "client@demo.test",
  ];
  [ge, lyon, lea, hugo, client] = (await Promise.all(emails.map(actor))) as [Actor, Actor, Actor, Actor, Actor];
  // a client user of another company of the same agency: the agency's sheets for the demo client are not theirs
  const otherCompany = await app.services.agencies.addClientCompany(SYSTEM_ACTOR, {
    agencyId: ge.agencyId!,
    name: `Autre client ${tag}`,
    city: "Genève",
  });
  const otherEmail = `other.client.${tag}@example.test`;
  await app.services.identity.registerUser({
    email: otherEmail,
    password: PASSWORD,
    firstName: "Otto",
    lastName: "Autre",
    locale: "fr",
    role: "CLIENT",
    country: null,
    agencyId: ge.agencyId,
    clientId: otherCompany,
    verified: true,
  });

  leaSheet = await sheetOf(ge, lea, titles.lea, client.clientId);
  hugoSheet = await sheetOf(ge, hugo, titles.hugo, null);
  lyonSheet = await sheetOf(lyon, hugo, titles.lyon, null);
  const tuesday = addDaysTo(week, 1);
  // Tuesday 08:00–17:30 less an hour's break: 8:30 worked, with a meal and parking
  await app.services.timesheets.saveTimesheetDay(lea, {
    timesheetId: leaSheet,
    entry: {
      ...emptyDay(tuesday),
      ranges: [{ startMin: 480, endMin: 1050 }],
      breakMin: 60,
      mealFees: 1850,
      parking: 500,
      mileageKm: 12,
    },
  });
  await app.services.timesheets.saveTimesheetDay(hugo, {
    timesheetId: hugoSheet,
    entry: { ...emptyDay(tuesday), ranges: [{ startMin: 420, endMin: 720 }], breakMin: 0 },
  });
  await app.services.timesheets.saveTimesheetDay(hugo, {
    timesheetId: lyonSheet,
    entry: { ...emptyDay(tuesday), ranges: [{ startMin: 780, endMin: 1020 }], breakMin: 0 },
  });

  const [g, c, l, y, h, o, a] = await Promise.all([
    loginCookie(app.url, "consultant.ge@demo.test", false),
    loginCookie(app.url, "client@demo.test", false),
    loginCookie(app.url, "candidate@demo.test", true),
    loginCookie(app.url, "consultant.lyon@demo.test", false),
    loginCookie(app.url, "candidate.fr@demo.test", true),
    loginCookie(app.url, otherEmail, false, PASSWORD),
    loginCookie(app.url, "admin@demo.test", false),
  ]);
  cookies = { ge: g, client: c, lea: l, lyon: y, hugo: h, otherClient: o, admin: a };
}, 120_000);

describe("the client's signed report", () => {
  it("is attached by the agency as a PDF or an image, checked by its content; a refusal is told on the field", async () => {
    expect((await upload(cookies.ge, leaSheet, { name: "rapport-semaine.pdf", bytes: pdfBytes("signé") })).status).toBe(
      302,
    );
    expect(await reportOf(leaSheet)).toMatchObject({ name: "rapport-semaine.pdf", mime: "application/pdf" });
    // a photo of the signed paper replaces it
    expect(
      (await upload(cookies.ge, leaSheet, { name: "rapport.png", bytes: pngBytes(), type: "image/png" })).status,
    ).toBe(302);
    expect(await reportOf(leaSheet)).toMatchObject({
      name: "rapport.png",
      mime: "image/png",
      size: pngBytes().byteLength,
    });

    // a text file named .pdf: refused on the file field, in the reader's language; the report stays
    const fake = await upload(cookies.ge, leaSheet, {
      name: "faux.pdf",
      bytes: new TextEncoder().encode("not a pdf at all, only text"),
    });
    expect(fake.status).toBe(400);
    const page = await fake.text();
    expect(page).toContain('data-testid="report-error"');
    expect(page).toContain("Le rapport signé doit être un vrai fichier PDF, JPEG, PNG ou WebP");
    expect(await reportOf(leaSheet)).toMatchObject({ name: "rapport.png" });
    // over the upload limit: the size message
    const big = await upload(cookies.ge, leaSheet, { name: "gros.pdf", bytes: pdfOfSize(2 * 1024 * 1024 + 1) });
    expect(big.status).toBe(413);
    expect(await big.text()).toContain("Le fichier dépasse la limite de 2 Mo");
    // the service refuses the same way, with the key on the field
    const err = await app.services.timesheets
      .attachTimesheetReport(ge, {
        timesheetId: leaSheet,
        upload: { name: "faux.pdf", bytes: new TextEncoder().encode("text") },
      })
      .catch((e: AppError) => e);
    expect(err).toMatchObject({ key: "timesheet_report_type", field: "file" });

    // only the agency attaches it: the client company reads it, another agency does not even see the sheet
    expect(
      await refusal(
        app.services.timesheets.attachTimesheetReport(client, {
          timesheetId: leaSheet,
          upload: { name: "r.pdf", bytes: pdfBytes() },
        }),
      ),
    ).toBe("not_authorized");
    expect(
      await refusal(
        app.services.timesheets.attachTimesheetReport(lyon, {
          timesheetId: leaSheet,
          upload: { name: "r.pdf", bytes: pdfBytes() },
        }),
      ),
    ).toBe("timesheet_not_found");
    expect(await reportOf(leaSheet)).toMatchObject({ name: "rapport.png" });
  });

  it("is downloaded by the sheet's agency, client company and candidate; anyone else gets 404", async () => {
    await upload(cookies.ge, hugoSheet, { name: "hugo.pdf", bytes: pdfBytes("hugo") });
    for (const who of ["ge", "client", "lea", "admin"] as const) {
      const res = await get(`/releves-heures/${leaSheet}/rapport`, cookies[who]);
      expect(res.status, who).toBe(200);
      expect(res.headers.get("content-type"), who).toBe("image/png");
      expect(Buffer.from(await res.arrayBuffer()).equals(pngBytes()), who).toBe(true);
    }
    for (const who of ["lyon", "otherClient", "hugo"] as const)
      expect((await get(`/releves-heures/${leaSheet}/rapport`, cookies[who])).status, who).toBe(404);
    // Hugo reads his own sheet's report; the demo client's users do not (the sheet has no client company)
    expect((await get(`/releves-heures/${hugoSheet}/rapport`, cookies.hugo)).status).toBe(200);
    expect((await get(`/releves-heures/${hugoSheet}/rapport`, cookies.client)).status).toBe(404);
    // a sheet without a report, or no sheet at all
    expect((await get(`/releves-heures/${lyonSheet}/rapport`, cookies.lyon)).status).toBe(404);
    expect((await get(`/releves-heures/not-a-uuid/rapport`, cookies.ge)).status).toBe(404);
    // the page shows the link on the row
    expect(await (await get(`/releves-heures?week=${week}`, cookies.ge)).text()).toContain(
      `href="/releves-heures/${leaSheet}/rapport"`,
    );
  });
});

describe("the exports", () => {
  it("CSV: the listed sheets of the agency, translated headers, hours per day and per rule, costs; UTF-8 with BOM and ;", async () => {
    const res = await get(`/releves-heures/export?format=csv&week=${week}`, cookies.ge);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="releves-heures-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...rows] = new TextDecoder()
      .decode(bytes.slice(3))
      .trim()
      .split("\r\n")
      .map((l) => l.split(";"));
    expect(header!.slice(0, 13)).toEqual([
      "Candidat",
      "Client",
      "Mission",
      "Semaine du",
      "Statut",
      "Lun",
      "Mar",
      "Mer",
      "Jeu",
      "Ven",
      "Sam",
      "Dim",
      "Total (h)",
    ]);
    expect(header).toEqual(
      expect.arrayContaining(["Heures normales", "Frais de repas", "Parking", "Kilomètres", "Devise"]),
    );
    const col = (name: string) => header!.indexOf(name);
    const lea = rows.find((r) => r[col("Mission")] === titles.lea)!;
    expect(lea[col("Candidat")]).toBe("Léa Müller");
    expect([
      lea[col("Mar")],
      lea[col("Total (h)")],
      lea[col("Heures normales")],
      lea[col("Frais de repas")],
      lea[col("Parking")],
      lea[col("Kilomètres")],
      lea[col("Devise")],
    ]).toEqual(["8,50", "8,50", "8,50", "18,50", "5,00", "12", "CHF"]);
    expect(rows.map((r) => r[col("Mission")])).toContain(titles.hugo);
    // another agency's sheet never appears
    expect(rows.map((r) => r[col("Mission")])).not.toContain(titles.lyon);

    // English headers and decimals for an English reader; only the sheet ticked
    const en = await (
      await get(`/releves-heures/export?format=csv&week=${week}&sheet=${hugoSheet}&lng=en`, cookies.ge)
    ).text();
    const enLines = en
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(enLines[0]).toMatch(
      /^Candidate;Client;Mission;Week of;Status;Mon;Tue;Wed;Thu;Fri;Sat;Sun;Total \(h\);Normal hours;/,
    );
    expect(enLines).toHaveLength(2);
    expect(enLines[1]).toContain(`;${titles.hugo};`);
    expect(enLines[1]).toContain(";5.00;");
  });

  it("XLSX: numbers as numbers; a client user exports their company's sheets only", async () => {
    const res = await get(`/releves-heures/export?format=xlsx&week=${week}&lng=de`, cookies.client);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(/filename="releves-heures-\d{4}-\d{2}-\d{2}\.xlsx"/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await res.arrayBuffer());
    const sheet = book.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const rows = Array.from({ length: sheet.rowCount - 1 }, (_, i) =>
      (sheet.getRow(i + 2).values as unknown[]).slice(1),
    );
    // in the reader's language
    expect(header.slice(0, 3)).toEqual(["Kandidat", "Kunde", "Einsatz"]);
    const missions = rows.map((r) => r[header.indexOf("Einsatz")]);
    expect(missions).toContain(titles.lea);
    expect(missions).not.toContain(titles.hugo);
    expect(missions).not.toContain(titles.lyon);
    const lea = rows.find((r) => r[header.indexOf("Einsatz")] === titles.lea)!;
    expect([
      lea[header.indexOf("Kandidat")],
      lea[header.indexOf("Di")],
      lea[header.indexOf("Total (h)")],
      lea[header.indexOf("Parkieren")],
    ]).toEqual(["Léa Müller", 8.5, 8.5, 5]);
  });

  it("PDF: a titled table whose text names the candidates; Lyon's export has Lyon's sheets only", async () => {
    const res = await get(`/releves-heures/export?format=pdf&week=${week}`, cookies.ge);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    const text = await extractText(new Uint8Array(await res.arrayBuffer()), "application/pdf", { ocr: false });
    expect(text.ok).toBe(true);
    const words = text.ok ? text.text.replace(/\s+/g, " ") : "";
    const [agency] = await app.db.sql<{ name: string }[]>`select name from rm_agencies where id = ${ge.agencyId}`;
    expect(words).toContain(`Relevés d'heures – ${agency!.name}`);
    expect(words).toContain("Léa Müller");
    expect(words).toContain("Hugo Martin");
    expect(words).toContain(titles.lea);
    expect(words).toContain("8:30");
    expect(words).not.toContain(titles.lyon);

    const lyonPdf = await get(`/releves-heures/export?format=pdf&week=${week}`, cookies.lyon);
    const lyonText = await extractText(new Uint8Array(await lyonPdf.arrayBuffer()), "application/pdf", { ocr: false });
    const lyonWords = lyonText.ok ? lyonText.text.replace(/\s+/g, " ") : "";
    expect(lyonWords).toContain(titles.lyon);
    expect(lyonWords).not.toContain(titles.lea);
    expect(lyonWords).not.toContain("Léa Müller");
  });

  it("is refused to candidates, and a foreign sheet ticked is left out", async () => {
    const res = await get(`/releves-heures/export?format=csv`, cookies.lea);
    expect([res.status, res.headers.get("location")]).toEqual([302, "/not-authorized"]);
    expect(
      await refusal(
        app.services.timesheets.exportTimesheets(lea, { format: "csv", filters: {}, ids: [], t: (k) => k, lng: "fr" }),
      ),
    ).toBe("not_authorized");
    const foreign = await (await get(`/releves-heures/export?format=csv&sheet=${lyonSheet}`, cookies.ge)).text();
    expect(foreign.trim().split("\r\n")).toHaveLength(1);
    expect((await get(`/releves-heures/export?format=doc`, cookies.ge)).status).toBe(404);
  });
});
