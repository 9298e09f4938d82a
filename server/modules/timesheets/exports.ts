import { ddmmyyyy } from "../../lib/days";
/**
 * Exports of a selection of sheets (spec "export"): one row per sheet with its candidate, client,
 * mission, week, status, hours per day of the week, total, paid hours per pay rule (one column per
 * rule key met in the selection), extra hours and costs; headers in the reader's language.
 *
 * - CSV (csv-stringify): UTF-8 with a BOM so Excel reads accents, `;` between fields (the French
 *   and Swiss Excel habit, whose list separator is `;`), decimals with a comma except in English;
 *   hours in decimal hours; a text starting with = + - @ gets a leading ' so Excel never runs it.
 * - XLSX (exceljs): numbers as numbers (hours in decimal hours, amounts in the sheet's currency),
 *   the header row frozen and filterable.
 * - PDF (pdfkit): A4 landscape, a title (agency, filters, date), hours as h:mm like the screens,
 *   pay rules and costs in one cell each so the table stays readable; the header is repeated on
 *   every page, pages numbered. The font is Liberation Sans (pdfjs-dist ships it, SIL OFL), so
 *   names in any Latin, Greek or Cyrillic script print as typed.
 */
import { createRequire } from "node:module";
import path from "node:path";
import { stringify } from "csv-stringify/sync";
import ExcelJS from "exceljs";
import { DateTime } from "luxon";
import PDFDocument from "pdfkit";
import type { DecideContext } from "../../event-store/decider";
import type { Db } from "../../event-store/types";
import { isUuid } from "../../lib/contract";
import { AppError } from "../../lib/errors";
import { isCandidate, isPlatformAdmin, type Actor } from "../identity/contract";
import { currencyOf } from "../missions/contract";
import { addDaysTo, isDay, mondayOf, ZONES } from "../planning/contract";
import {
  paidDays,
  PAY_CATEGORIES,
  partyOf,
  payRuleText,
  TIMESHEET_STATUSES,
  workedMinutes,
  type DayEntry,
  type ExportFormat,
} from "./contract";
import { payOf, type TimesheetFilters, type TimesheetRow } from "./queries";

/** The reader's translations of the timesheets namespace. */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

type Kind = "text" | "hours" | "money" | "km";
/** Where a column goes in the PDF: a column of its own (sheet, day, total) or folded into the pay or costs cell. */
type Group = "sheet" | "day" | "total" | "pay" | "currency" | "cost";
interface Column {
  header: string;
  kind: Kind;
  group: Group;
}
/** Hours in minutes, money in cents: each format writes them its way. */
type Cell = string | number;
export interface ExportTable {
  columns: Column[];
  rows: Cell[][];
}

const COSTS = ["mealFees", "miscCosts", "parking", "travelFees"] as const satisfies readonly (keyof DayEntry)[];
/** Monday first, as the week: the keys of `weekday.<n>` (0 is Sunday). */
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 0];
const sum = (days: DayEntry[], f: (d: DayEntry) => number) => days.reduce((n, d) => n + f(d), 0);

/** Paid minutes per rule key of each sheet, and the rules in a stable order (category, rate, key) with their headers. */
function payByRule(sheets: TimesheetRow[], t: Translate) {
  const rules = new Map<string, { header: string; order: [number, number, string] }>();
  const perSheet = sheets.map((s) => {
    const minutes = new Map<string, number>();
    for (const line of payOf(s).lines) {
      minutes.set(line.rule, (minutes.get(line.rule) ?? 0) + line.minutes);
      if (!rules.has(line.rule)) {
        const text = payRuleText(line.rule, line.label, line.ratePct);
        rules.set(line.rule, {
          header: t(text.key, text.params),
          order: [PAY_CATEGORIES.indexOf(line.category), line.ratePct, line.rule],
        });
      }
    }
    return minutes;
  });
  const order = [...rules.entries()].sort(
    ([, a], [, b]) => a.order[0] - b.order[0] || a.order[1] - b.order[1] || a.order[2].localeCompare(b.order[2]),
  );
  return { rules: order.map(([rule, r]) => ({ rule, header: r.header })), perSheet };
}

/** The selection as one table, the same for the three formats. */
export function exportTable(sheets: TimesheetRow[], t: Translate): ExportTable {
  const { rules, perSheet } = payByRule(sheets, t);
  const columns: Column[] = [
    ...["candidate", "client", "mission", "week", "status"].map((k): Column => ({
      header: t(`export.${k}`),
      kind: "text",
      group: "sheet",
    })),
    ...WEEKDAYS.map((n): Column => ({ header: t(`weekday.${n}`), kind: "hours", group: "day" })),
    { header: t("export.total"), kind: "hours", group: "total" },
    ...rules.map((r): Column => ({ header: r.header, kind: "hours", group: "pay" })),
    { header: t("export.training"), kind: "hours", group: "pay" },
    { header: t("export.travel"), kind: "hours", group: "pay" },
    { header: t("export.currency"), kind: "text", group: "currency" },
    ...COSTS.map((k): Column => ({ header: t(`day.${k}`), kind: "money", group: "cost" })),
    { header: t("day.mileageKm"), kind: "km", group: "cost" },
  ];
  const rows = sheets.map((s, i): Cell[] => {
    // hours as paid: less the client's reductions
    const byDay = new Map(paidDays(s.days, s.reductions ?? []).map((d) => [d.day, d]));
    const perDay = WEEKDAYS.map((_, offset) => {
      const d = byDay.get(addDaysTo(s.week, offset));
      return d ? workedMinutes(d) : 0;
    });
    return [
      s.candidateName,
      s.clientName ?? "",
      s.adTitle,
      ddmmyyyy(s.week),
      t(`status.${s.status}`),
      ...perDay,
      perDay.reduce((a, b) => a + b, 0),
      ...rules.map((r) => perSheet[i]!.get(r.rule) ?? 0),
      sum(s.days, (d) => d.trainingMin),
      sum(s.days, (d) => d.travelMin),
      currencyOf(s.country),
      ...COSTS.map((k) => sum(s.days, (d) => d[k])),
      sum(s.days, (d) => d.mileageKm),
    ];
  });
  return { columns, rows };
}

const decimalHours = (minutes: number) => Math.round((minutes / 60) * 100) / 100;
const hhmm = (minutes: number) => `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, "0")}`;
const amount = (cents: number) => cents / 100;

/** Excel runs a cell starting with one of these as a formula: such a text gets a leading quote. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Two decimals, with a comma except in English (the separator Excel expects in fr, de, it and pt). */
const decimal = (n: number, lng: string) => (lng === "en" ? n.toFixed(2) : n.toFixed(2).replace(".", ","));

export function toCsv(table: ExportTable, lng: string): Uint8Array {
  const cell = (value: Cell, kind: Kind) => {
    if (typeof value === "string") return FORMULA_START.test(value) ? `'${value}` : value;
    return kind === "hours"
      ? decimal(decimalHours(value), lng)
      : kind === "money"
        ? decimal(amount(value), lng)
        : String(value);
  };
  const rows = table.rows.map((r) => r.map((v, i) => cell(v, table.columns[i]!.kind)));
  return new TextEncoder().encode(
    stringify([table.columns.map((c) => c.header), ...rows], {
      delimiter: ";",
      bom: true,
      record_delimiter: "windows",
    }),
  );
}

export async function toXlsx(table: ExportTable, title: string[], sheetName: string): Promise<Uint8Array> {
  const book = new ExcelJS.Workbook();
  book.title = title[0]!;
  book.subject = title.slice(1).join(" · ");
  const sheet = book.addWorksheet(sheetName.replace(/[[\]:*?/\\]/g, " ").slice(0, 31), {
    views: [{ state: "frozen", ySplit: 1 }],
  });
  sheet.columns = table.columns.map((c) => ({
    header: c.header,
    width: c.kind === "text" ? 24 : Math.max(10, Math.min(30, c.header.length + 2)),
    style: c.kind === "hours" || c.kind === "money" ? { numFmt: "0.00" } : {},
  }));
  for (const r of table.rows)
    sheet.addRow(
      r.map((v, i) =>
        typeof v === "string"
          ? v
          : table.columns[i]!.kind === "hours"
            ? decimalHours(v)
            : table.columns[i]!.kind === "money"
              ? amount(v)
              : v,
      ),
    );
  sheet.getRow(1).font = { bold: true };
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: table.columns.length } };
  return new Uint8Array(await book.xlsx.writeBuffer());
}

const require = createRequire(import.meta.url);
const fontDir = () => path.join(path.dirname(require.resolve("pdfjs-dist/package.json")), "standard_fonts");

/**
 * The PDF: the text columns, the seven days and the total as columns of their own; the pay rules
 * ("Normal hours 38:00") and the costs (only those entered) each folded into one cell.
 */
export async function toPdf(table: ExportTable, title: string[], t: Translate, lng: string): Promise<Uint8Array> {
  const doc = new PDFDocument({
    size: "A4",
    layout: "landscape",
    margin: 28,
    bufferPages: true,
    info: { Title: title[0]! },
  });
  doc.registerFont("body", path.join(fontDir(), "LiberationSans-Regular.ttf"));
  doc.registerFont("bold", path.join(fontDir(), "LiberationSans-Bold.ttf"));
  const chunks: Uint8Array[] = [];
  doc.on("data", (c: Uint8Array) => chunks.push(c));
  const done = new Promise<void>((resolve) => doc.on("end", resolve));

  const { columns } = table;
  const at = (group: Group) => columns.flatMap((c, i) => (c.group === group ? [i] : []));
  const [sheetCols, dayCols, [totalCol], payCols, [currencyCol], costCols] = [
    at("sheet"),
    at("day"),
    at("total"),
    at("pay"),
    at("currency"),
    at("cost"),
  ];
  const layout = [
    ...sheetCols.map((i, n) => ({
      header: columns[i]!.header,
      width: [88, 70, 80, 46, 58][n]!,
      align: "left" as const,
    })),
    ...dayCols.map((i) => ({ header: columns[i]!.header, width: 27, align: "right" as const })),
    { header: columns[totalCol!]!.header, width: 32, align: "right" as const },
    { header: t("export.pay"), width: 0, align: "left" as const },
    { header: t("export.costs"), width: 0, align: "left" as const },
  ];
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  // the pay and costs cells share what the columns leave (about 130 and 105 points)
  const rest = width - layout.reduce((n, c) => n + c.width, 0);
  layout[layout.length - 2]!.width = Math.round(rest * 0.55);
  layout[layout.length - 1]!.width = rest - Math.round(rest * 0.55);
  const entered = (r: Cell[], cols: number[]) => cols.filter((i) => (r[i] as number) > 0);
  const costText = (r: Cell[], i: number) =>
    columns[i]!.kind === "money" ? `${decimal(amount(r[i] as number), lng)} ${r[currencyCol!]}` : String(r[i]);
  const cells = table.rows.map((r) => [
    ...sheetCols.map((i) => String(r[i])),
    ...dayCols.map((i) => ((r[i] as number) > 0 ? hhmm(r[i] as number) : "")),
    hhmm(r[totalCol!] as number),
    entered(r, payCols)
      .map((i) => `${columns[i]!.header}: ${hhmm(r[i] as number)}`)
      .join("\n"),
    entered(r, costCols)
      .map((i) => `${columns[i]!.header}: ${costText(r, i)}`)
      .join("\n"),
  ]);

  const size = 7.5;
  const pad = 3;
  const heightOf = (row: string[], font: string) => {
    doc.font(font).fontSize(size);
    return (
      Math.max(...row.map((text, i) => doc.heightOfString(text || " ", { width: layout[i]!.width - 2 * pad }))) +
      2 * pad
    );
  };
  const drawRow = (row: string[], font: string, shade: boolean) => {
    const h = heightOf(row, font);
    const y = doc.y;
    if (shade) doc.rect(left, y, width, h).fill("#eeeeee");
    doc.fillColor("#000000").font(font).fontSize(size);
    let x = left;
    row.forEach((text, i) => {
      doc.text(text, x + pad, y + pad, { width: layout[i]!.width - 2 * pad, align: layout[i]!.align });
      x += layout[i]!.width;
    });
    doc
      .moveTo(left, y + h)
      .lineTo(left + width, y + h)
      .lineWidth(0.5)
      .strokeColor("#999999")
      .stroke();
    doc.x = left;
    doc.y = y + h;
  };
  const header = layout.map((c) => c.header);
  const bottom = () => doc.page.height - doc.page.margins.bottom - 14;

  doc.font("bold").fontSize(14).text(title[0]!, left, doc.page.margins.top);
  doc.font("body").fontSize(9);
  for (const line of title.slice(1)) doc.text(line);
  doc.moveDown(0.8);
  drawRow(header, "bold", true);
  if (!cells.length)
    doc
      .font("body")
      .fontSize(size)
      .text(t("list.empty"), left, doc.y + pad);
  for (const row of cells) {
    if (doc.y + heightOf(row, "body") > bottom()) {
      doc.addPage();
      drawRow(header, "bold", true);
    }
    drawRow(row, "body", false);
  }

  const pages = doc.bufferedPageRange();
  for (let i = 0; i < pages.count; i++) {
    doc.switchToPage(pages.start + i);
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0; // the footer sits in the margin: no new page for it
    doc.font("body").fontSize(7).fillColor("#555555");
    doc.text(
      `${title[0]} · ${t("export.page", { page: i + 1, pages: pages.count })}`,
      left,
      doc.page.height - margin + 8,
      { width, align: "right" },
    );
    doc.page.margins.bottom = margin;
  }
  doc.end();
  await done;
  return new Uint8Array(Buffer.concat(chunks));
}

/** Today (YYYY-MM-DD) where the agencies work: the filename's and the title's date. */
export const exportDay = (now: Date) => DateTime.fromJSDate(now, { zone: ZONES.CH }).toISODate()!;

export const EXPORT_MIME: Record<ExportFormat, string> = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  pdf: "application/pdf",
};

/** The file of a selection in a format, with its title lines (first: the document's title). */
export async function renderExport(
  format: ExportFormat,
  sheets: TimesheetRow[],
  title: string[],
  t: Translate,
  lng: string,
): Promise<Uint8Array> {
  const table = exportTable(sheets, t);
  if (format === "csv") return toCsv(table, lng);
  if (format === "xlsx") return toXlsx(table, title, t("title"));
  return toPdf(table, title, t, lng);
}

export interface ExportRequest {
  format: ExportFormat;
  filters: TimesheetFilters;
  /** the sheets ticked; none: every sheet listed under the filters */
  ids: string[];
  t: Translate;
  lng: string;
}

/**
 * The export query: the sheets the actor's list shows under the filters (the same query, so the
 * same tenancy), or those of them ticked. Agency staff, a client company's users and platform
 * admins; candidates are refused.
 */
export function timesheetExports({
  sql,
  ctx,
  list,
}: {
  sql: Db;
  ctx: DecideContext;
  list: (actor: Actor, f: TimesheetFilters) => Promise<TimesheetRow[]>;
}) {
  /** What the title says of the filters, in words (names looked up inside the actor's agency only). */
  async function filterWords(
    actor: Actor,
    f: TimesheetFilters,
    sheets: TimesheetRow[],
    t: Translate,
  ): Promise<string[]> {
    const words: string[] = [];
    if (f.status && (TIMESHEET_STATUSES as readonly string[]).includes(f.status))
      words.push(`${t("filters.status")}: ${t(`status.${f.status}`)}`);
    if (f.week && isDay(f.week)) words.push(`${t("filters.week")}: ${ddmmyyyy(mondayOf(f.week))}`);
    const client = sheets.find((s) => s.clientId === f.client)?.clientName;
    if (client) words.push(`${t("export.client")}: ${client}`);
    const candidate = sheets.find((s) => s.candidateId === f.candidate)?.candidateName;
    if (candidate) words.push(`${t("export.candidate")}: ${candidate}`);
    if (f.consultant && isUuid(f.consultant)) {
      const [who] = await sql<{ name: string }[]>`select first_name || ' ' || last_name as name from rm_users
        where id = ${f.consultant} and ${isPlatformAdmin(actor) ? sql`true` : sql`agency_id = ${actor.agencyId}`}`;
      if (who) words.push(`${t("export.consultant")}: ${who.name}`);
    }
    return words;
  }

  return {
    async exportTimesheets(
      actor: Actor,
      input: ExportRequest,
    ): Promise<{ bytes: Uint8Array; mime: string; filename: string }> {
      if (isCandidate(actor) || (!partyOf(actor) && !isPlatformAdmin(actor)))
        throw new AppError("forbidden", "not_authorized");
      const { t } = input;
      const listed = await list(actor, input.filters);
      const ticked = new Set(input.ids);
      const sheets = ticked.size ? listed.filter((s) => ticked.has(s.id)) : listed;
      const today = exportDay(ctx.clock.now());
      const agencies = [...new Set(sheets.map((s) => s.agencyName))];
      const [agency] = actor.agencyId
        ? await sql<{ name: string }[]>`select name from rm_agencies where id = ${actor.agencyId}`
        : [];
      const words = await filterWords(actor, input.filters, sheets, t);
      const title = [
        t("export.title", { agency: agency?.name ?? (agencies.length === 1 ? agencies[0] : t("export.allAgencies")) }),
        [
          words.length ? words.join(" · ") : t("export.noFilter"),
          t(ticked.size ? "export.ticked" : "export.count", { count: sheets.length }),
        ].join(" · "),
        t("export.date", { date: ddmmyyyy(today) }),
      ];
      const bytes = await renderExport(input.format, sheets, title, t, input.lng);
      return { bytes, mime: EXPORT_MIME[input.format], filename: `releves-heures-${today}.${input.format}` };
    },
  };
}
