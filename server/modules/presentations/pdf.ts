import { createRequire } from "node:module";
import path from "node:path";
import PDFDocument from "pdfkit";
import sharp from "sharp";
import type { ClientDossier } from "./view";

const require = createRequire(import.meta.url);
const fontDir = () => path.join(path.dirname(require.resolve("pdfjs-dist/package.json")), "standard_fonts");

/** Labels in the dossier's language (the route translates them). */
export type PdfLabel = (key: string, values?: Record<string, string | number>) => string;

/**
 * The dossier's PDF: the agency's logo and name, the client, then one block per candidate. It
 * renders only the client's view model (view.ts), so it cannot show what anonymity removed.
 * Logos are stored as WebP, which pdfkit cannot draw: turned into a PNG here.
 */
export async function presentationPdf(view: ClientDossier, logo: Buffer | null, t: PdfLabel): Promise<Uint8Array> {
  const doc = new PDFDocument({ size: "A4", margin: 48, bufferPages: true, info: { Title: view.title } });
  doc.registerFont("body", path.join(fontDir(), "LiberationSans-Regular.ttf"));
  doc.registerFont("bold", path.join(fontDir(), "LiberationSans-Bold.ttf"));
  const chunks: Uint8Array[] = [];
  doc.on("data", (c: Uint8Array) => chunks.push(c));
  const done = new Promise<void>((resolve) => doc.on("end", resolve));
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;

  if (logo) {
    const png = await sharp(logo)
      .png()
      .toBuffer()
      .catch(() => null);
    if (png) doc.image(png, left, doc.y, { fit: [120, 48] });
  }
  doc
    .font("bold")
    .fontSize(9)
    .fillColor("#555555")
    .text(view.agencyName, left, doc.page.margins.top, { width, align: "right" });
  doc.y = doc.page.margins.top + 60;
  doc.fillColor("#000000").font("bold").fontSize(18).text(view.title, left);
  doc
    .font("body")
    .fontSize(10)
    .text(t("pdf.for", { client: view.companyName }));
  doc.moveDown();

  const heading = (text: string) => doc.moveDown(0.4).font("bold").fontSize(10).text(text).font("body").fontSize(9.5);
  for (const c of view.candidates) {
    if (doc.y > doc.page.height - 200) doc.addPage();
    doc
      .moveTo(left, doc.y)
      .lineTo(left + width, doc.y)
      .lineWidth(0.5)
      .strokeColor("#999999")
      .stroke();
    doc.moveDown(0.5).font("bold").fontSize(13).text(c.label);
    const facts = [c.place, c.ageBand ? t(`ageBands.${c.ageBand}`) : null, c.email, c.phone].filter(Boolean);
    doc.font("body").fontSize(9.5).text(facts.join(" · "));
    if (c.comment) {
      heading(t("sections.comment"));
      doc.text(c.comment);
    }
    if (c.summary) {
      heading(t("sections.summary"));
      doc.text(c.summary);
    }
    if (c.experiences?.length) {
      heading(t("sections.experiences"));
      for (const e of c.experiences)
        doc.text(
          `${[e.jobTitle, e.company, e.place].filter(Boolean).join(" · ")} (${e.from}${e.to ? ` – ${e.to}` : ""})`,
        );
    }
    if (c.trainings?.length) {
      heading(t("sections.trainings"));
      for (const tr of c.trainings) doc.text([tr.diploma, tr.school, tr.year].filter(Boolean).join(" · "));
    }
    if (c.languages?.length) {
      heading(t("sections.languages"));
      doc.text(c.languages.map((l) => [l.code.toUpperCase(), l.spoken].filter(Boolean).join(" ")).join(", "));
    }
    if (c.documents?.length) {
      heading(t("sections.documents"));
      doc.text(c.documents.map((d) => t(`documents:categories.${d}`)).join(", "));
    }
    doc.moveDown();
  }

  const pages = doc.bufferedPageRange();
  for (let i = 0; i < pages.count; i++) {
    doc.switchToPage(pages.start + i);
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font("body").fontSize(7).fillColor("#555555");
    doc.text(`${view.agencyName} · ${i + 1}/${pages.count}`, left, doc.page.height - margin + 16, {
      width,
      align: "right",
    });
    doc.page.margins.bottom = margin;
  }
  doc.end();
  await done;
  return new Uint8Array(Buffer.concat(chunks));
}
