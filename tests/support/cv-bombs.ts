/**
 * Hostile CVs, generated in the tests (issue 27): small files that cost gigabytes to read. Each is
 * a hand-written PDF (pdf-lib cannot write these) with a correct cross-reference table.
 */
import zlib from "node:zlib";

/** A PDF of the given objects (object n is objects[n - 1]), its first object the catalog. */
function pdfOf(objects: (string | Buffer)[]): Uint8Array {
  const parts: Buffer[] = [Buffer.from("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n", "latin1")];
  const offsets: number[] = [];
  let length = parts[0]!.length;
  for (const [i, body] of objects.entries()) {
    offsets.push(length);
    const chunk = Buffer.concat([
      Buffer.from(`${i + 1} 0 obj\n`),
      typeof body === "string" ? Buffer.from(body, "latin1") : body,
      Buffer.from("\nendobj\n"),
    ]);
    parts.push(chunk);
    length += chunk.length;
  }
  const xref = [
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`,
    ...offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`),
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`,
  ].join("");
  parts.push(Buffer.from(xref, "latin1"));
  return new Uint8Array(Buffer.concat(parts));
}

const stream = (dict: string, data: Buffer) =>
  Buffer.concat([Buffer.from(`<< ${dict} /Length ${data.length} >>\nstream\n`), data, Buffer.from("\nendstream")]);

/** `mb` megabytes of `fill` (a byte or a pattern), deflated twice (a filter chain): kilobytes that inflate to `mb`. */
async function inflatingTo(mb: number, fill: number | string, tail = ""): Promise<Buffer> {
  const chunk = Buffer.alloc(1024 * 1024, fill);
  const deflate = zlib.createDeflate({ level: 9 });
  const out: Buffer[] = [];
  deflate.on("data", (b: Buffer) => out.push(b));
  const done = new Promise((resolve) => deflate.on("end", resolve));
  for (let i = 0; i < mb; i++) if (!deflate.write(chunk)) await new Promise((r) => deflate.once("drain", r));
  deflate.end(Buffer.from(tail, "latin1"));
  await done;
  return zlib.deflateSync(Buffer.concat(out), { level: 9 });
}

const catalog = (pages: string) => [
  `<< /Type /Catalog /Pages 2 0 R >>`,
  `<< /Type /Pages /Kids [${pages}] /Count 1 >>`,
];

/** One page whose content stream inflates to `mb` megabytes of spaces (the 1.5 GB PDF). */
export async function contentBombPdf(mb: number): Promise<Uint8Array> {
  return pdfOf([
    ...catalog("3 0 R"),
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>`,
    stream("/Filter [/FlateDecode /FlateDecode]", await inflatingTo(mb, 0x20)),
  ]);
}

/**
 * A slow PDF of bounded memory (the file that ran past its time limit): one page drawing
 * a form `times` times, the form `mb` megabytes of path operators and one letter, so that pdf.js
 * inflates and parses it again at each drawing (a form with text is not cached as empty).
 */
export async function slowPdf(times: number, mb: number): Promise<Uint8Array> {
  return pdfOf([
    ...catalog("3 0 R"),
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /XObject << /Fm1 5 0 R >> >> /Contents 4 0 R >>`,
    stream("", Buffer.from("/Fm1 Do\n".repeat(times))),
    stream(
      "/Type /XObject /Subtype /Form /BBox [0 0 595 842] /Resources << /Font << /F1 6 0 R >> >> /Filter [/FlateDecode /FlateDecode]",
      await inflatingTo(mb, "0 0 m 1 1 l\n", "BT /F1 1 Tf (x) Tj ET\n"),
    ),
    `<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>`,
  ]);
}

/** A scan: one page drawing a `side` × `side` grey image (no text layer, so it goes to OCR). */
export async function hugeImagePdf(side: number): Promise<Uint8Array> {
  const mb = Math.ceil((side * side) / (1024 * 1024));
  return pdfOf([
    ...catalog("3 0 R"),
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /XObject << /Im1 5 0 R >> >> /Contents 4 0 R >>`,
    stream("", Buffer.from("q 595 0 0 842 0 0 cm /Im1 Do Q")),
    stream(
      `/Type /XObject /Subtype /Image /Width ${side} /Height ${side} /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter [/FlateDecode /FlateDecode]`,
      await inflatingTo(mb, 0xff),
    ),
  ]);
}

/** A scan-like page (a drawing, no text) of A4 × `unit` each way through /UserUnit. */
export function userUnitPdf(unit: number): Uint8Array {
  return pdfOf([
    ...catalog("3 0 R"),
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /UserUnit ${unit} /Contents 4 0 R >>`,
    stream("", Buffer.from("0.5 g 50 50 495 742 re f")),
  ]);
}
