/**
 * The text of a CV (issue 11): PDF (pdfjs-dist; OCR with tesseract.js, French and English, when
 * the PDF has no text layer), DOCX (mammoth), DOC (word-extractor), ODT (fflate + content.xml) and
 * a photo of a CV (PNG or JPEG, OCR).
 *
 * Bounded (a time limit, a page limit, a text limit, and caps on page size and image pixels
 * checked before anything is decoded) and never throws: a file it cannot read gives a typed
 * failure, so a bad CV never blocks what the person was doing with it. Memory is bounded by where
 * it runs: the parse jobs call it in a child process (cv/sandbox.ts), never in the server's heap.
 * Everything it needs comes from node_modules (OCR language data from @tesseract.js-data/*).
 */
import fs from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { unzipSync } from "fflate";
import type * as CanvasModule from "@napi-rs/canvas";
import type * as PdfJsModule from "pdfjs-dist/legacy/build/pdf.mjs";
import { keepingBuiltins } from "../../../lib/keep-builtins";
import type { CvFailureReason } from "./events";
import { readingOrder } from "./layout";

const require = createRequire(import.meta.url);

export const DOCX_MIME = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
/** What extractText reads: the document types of uploads (events.ts DOCUMENT_TYPES) and DOCX. */
export const CV_TEXT_MIMES = [
  "application/pdf",
  "application/vnd.oasis.opendocument.text",
  "application/x-cfb",
  "application/msword",
  DOCX_MIME,
  "image/png",
  "image/jpeg",
] as const;
const IMAGE_MIMES: readonly string[] = ["image/png", "image/jpeg"];

export interface ExtractOptions {
  /** the whole extraction, OCR included */
  timeoutMs?: number;
  /** text-layer pages read at most (a CV has a few; the rest of a long PDF is ignored) */
  maxPages?: number;
  /** pages recognised at most when the PDF has no text layer (OCR takes about a second a page) */
  ocrPages?: number;
  /** false: no OCR; a scan (a PDF without a text layer, a photo) then fails with "needs_ocr" */
  ocr?: boolean;
  /** told before each page is recognised (OCR takes seconds a page): page 1 of `pages`, … */
  onProgress?: (progress: { page: number; pages: number }) => void;
}

/** needs_ocr: a scan, read by the OCR job (cv/commands.ts) rather than by the parse itself. */
export type ExtractFailure = CvFailureReason | "needs_ocr";
export type ExtractedText =
  | { ok: true; text: string; ocr: boolean; pages: number; truncated: boolean }
  | { ok: false; reason: ExtractFailure; detail: string };

export const EXTRACT_DEFAULTS = { timeoutMs: 30_000, maxPages: 30, ocrPages: 3, ocr: true } as const;
/**
 * Pixels of one image decoded at most (a PDF's image, a photo): 50 megapixels, above a 600 dpi
 * A4 scan (35 MP) and a phone's photo (12 MP), far below a 20,000 × 20,000 bomb (400 MP).
 */
export const MAX_IMAGE_PIXELS = 50_000_000;
/** A page rendered for OCR at most 5,000 points a side after /UserUnit (about 1.75 m; A0 is 3,370). */
export const MAX_PAGE_POINTS = 5_000;
/** Characters kept: far more than any CV, so a huge text cannot slow parsing down. */
export const MAX_TEXT_CHARS = 200_000;
/** Below this many letters per page a PDF counts as scanned (no usable text layer). */
const MIN_LETTERS_PER_PAGE = 20;
/** Uncompressed size of an ODT's content.xml read at most (a zip bomb stops here). */
const MAX_ODT_XML_BYTES = 20 * 1024 * 1024;

class Failure extends Error {
  constructor(
    readonly reason: ExtractFailure,
    detail: string,
  ) {
    super(detail);
  }
}

/** A deadline shared by the steps of one extraction; long loops check it between pages. */
function deadline(ms: number) {
  const end = Date.now() + ms;
  return {
    left: () => end - Date.now(),
    check() {
      if (Date.now() > end) throw new Failure("timeout", `more than ${ms} ms`);
    },
  };
}
type Deadline = ReturnType<typeof deadline>;
type Options = Required<Omit<ExtractOptions, "onProgress">> & Pick<ExtractOptions, "onProgress">;

/** Rejects when the deadline passes (the libraries without a cancel hook are left to finish alone). */
function within<T>(d: Deadline, work: Promise<T>, onTimeout?: () => void): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => {
        onTimeout?.();
        reject(new Failure("timeout", "time limit reached"));
      },
      Math.max(0, d.left()),
    );
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** Text as the parser wants it: NFC, \n line ends, no control characters, bounded. */
export function cleanText(raw: string): { text: string; truncated: boolean } {
  const text = raw
    .normalize("NFC")
    .replace(/\r\n?/g, "\n")
    // eslint-disable-next-line no-control-regex
    .replace(/[\u000b\u000c]/g, "\n")
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000e-\u001f\u007f\u00ad\ufeff]/g, "")
    .replace(/[ \t\u00a0]+\n/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
  return text.length > MAX_TEXT_CHARS
    ? { text: text.slice(0, MAX_TEXT_CHARS), truncated: true }
    : { text, truncated: false };
}

const letters = (s: string) => (s.match(/\p{L}/gu) ?? []).length;

/**
 * The text of a document whose type was read from its content (checkDocument in server/lib/uploads.ts).
 * Never throws: an unreadable, encrypted, empty or too slow file gives `{ ok: false, reason }`.
 */
export async function extractText(
  bytes: Uint8Array,
  mime: string,
  options: ExtractOptions = {},
): Promise<ExtractedText> {
  const opts = { ...EXTRACT_DEFAULTS, ...options };
  const d = deadline(opts.timeoutMs);
  try {
    if (bytes.byteLength === 0) throw new Failure("unreadable", "empty file");
    let result: { text: string; ocr: boolean; pages: number; truncated?: boolean };
    if (IMAGE_MIMES.includes(mime)) mime = "image";
    switch (mime) {
      case "application/pdf":
        result = await pdfText(bytes, opts, d);
        break;
      case DOCX_MIME:
        result = { text: await within(d, docxText(bytes)), ocr: false, pages: 0 };
        break;
      case "application/x-cfb":
      case "application/msword":
        result = { text: await within(d, docText(bytes)), ocr: false, pages: 0 };
        break;
      case "application/vnd.oasis.opendocument.text":
        result = { text: odtText(bytes), ocr: false, pages: 0 };
        break;
      case "image":
        if (!opts.ocr) throw new Failure("needs_ocr", "a photo of a CV");
        result = { text: await ocrImages([() => photoForOcr(bytes)], opts, d), ocr: true, pages: 1 };
        break;
      default:
        throw new Failure("unsupported_type", mime);
    }
    const clean = cleanText(result.text);
    if (letters(clean.text) === 0)
      throw new Failure("no_text", result.ocr ? "OCR found no text" : "no text in the document");
    return {
      ok: true,
      text: clean.text,
      ocr: result.ocr,
      pages: result.pages,
      truncated: clean.truncated || Boolean(result.truncated),
    };
  } catch (error) {
    if (error instanceof Failure) return { ok: false, reason: error.reason, detail: error.message };
    return { ok: false, reason: "unreadable", detail: error instanceof Error ? error.message : String(error) };
  }
}

// ---- PDF -----------------------------------------------------------------------------------

type PdfJs = typeof PdfJsModule;
type PdfDocument = Awaited<ReturnType<PdfJs["getDocument"]>["promise"]>;
type PdfPage = Awaited<ReturnType<PdfDocument["getPage"]>>;

let pdfjsModule: Promise<PdfJs> | null = null;
// the legacy build: the one pdf.js supports on Node (the modern one wants Node 22 built-ins).
// Its worker is loaded with it (it sets globalThis.pdfjsWorker, which pdf.js then runs in this
// thread) so that both load their polyfills here, where the process's built-ins are kept.
const loadPdfJs = () =>
  (pdfjsModule ??= keepingBuiltins(async () => {
    const [pdfjs] = await Promise.all([
      import("pdfjs-dist/legacy/build/pdf.mjs"),
      import("pdfjs-dist/legacy/build/pdf.worker.mjs"),
    ]);
    return pdfjs;
  }));
const pdfjsDir = () => path.dirname(require.resolve("pdfjs-dist/package.json"));

async function pdfText(bytes: Uint8Array, opts: Options, d: Deadline) {
  const pdfjs = await loadPdfJs();
  // pdf.js takes ownership of (detaches) the buffer it is given: a copy keeps the caller's intact
  const task = pdfjs.getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    // images over the cap are not decoded (renderPage refuses the scan); warnings tell it
    maxImageSize: MAX_IMAGE_PIXELS,
    canvasMaxAreaInBytes: MAX_IMAGE_PIXELS * 4,
    verbosity: opts.ocr ? 1 : 0,
    // fonts for rendering scanned pages come from the package, never from a network
    standardFontDataUrl: `${pdfjsDir()}/standard_fonts/`,
  });
  let doc: PdfDocument;
  try {
    doc = await within(d, task.promise, () => void task.destroy());
  } catch (error) {
    if (error instanceof Failure) throw error;
    const name = (error as { name?: string }).name;
    if (name === "PasswordException") throw new Failure("encrypted", "the PDF needs a password");
    throw new Failure("unreadable", (error as Error).message ?? String(error));
  }
  try {
    const pages = Math.min(doc.numPages, opts.maxPages);
    const texts: string[] = [];
    for (let n = 1; n <= pages; n++) {
      d.check();
      const page = await within(d, doc.getPage(n));
      texts.push(await within(d, pageText(page)));
      page.cleanup();
    }
    const text = texts.join("\n\n");
    if (letters(text) >= MIN_LETTERS_PER_PAGE * Math.min(pages, 3))
      return { text, ocr: false, pages: doc.numPages, truncated: doc.numPages > pages };
    // no usable text layer: a scan
    if (!opts.ocr) throw new Failure("needs_ocr", "the PDF has no text layer");
    const scanned = Array.from(
      { length: Math.min(doc.numPages, opts.ocrPages) },
      (_, i) => () => renderPage(doc, i + 1, d),
    );
    const ocrText = await ocrImages(scanned, opts, d);
    return { text: ocrText, ocr: true, pages: doc.numPages, truncated: doc.numPages > opts.ocrPages };
  } finally {
    await doc.destroy().catch(() => undefined);
  }
}

/** A page's text, its lines in reading order (columns read one after the other: ./layout.ts). */
async function pageText(page: PdfPage): Promise<string> {
  const content = await page.getTextContent();
  return readingOrder(content.items.filter((i) => "str" in i)).join("\n");
}

// ---- OCR -----------------------------------------------------------------------------------

const OCR_LANGS = ["fra", "eng"] as const;

/**
 * tesseract.js reads `<langPath>/<lang>.traineddata.gz` from one folder, and each language comes
 * in a package of its own: a folder of links to the packages' files (made once) joins them.
 */
async function languageFolder(): Promise<string> {
  const dir = path.join(os.tmpdir(), "missio-tessdata-4.0.0_best_int");
  await fs.mkdir(dir, { recursive: true });
  for (const lang of OCR_LANGS) {
    // best_int: the integer LSTM models, the ones tesseract.js picks for LSTM-only recognition
    const source = require.resolve(`@tesseract.js-data/${lang}/4.0.0_best_int/${lang}.traineddata.gz`);
    const link = path.join(dir, `${lang}.traineddata.gz`);
    const current = await fs.readlink(link).catch(() => null);
    if (current === source) continue;
    await fs.rm(link, { force: true });
    await fs.symlink(source, link).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== "EEXIST") throw error;
    });
  }
  return dir;
}

/** A scanned page as a PNG for OCR, about 200 dpi; refused before rendering when the page is huge. */
async function renderPage(doc: PdfDocument, n: number, d: Deadline): Promise<Buffer> {
  let canvasLib: typeof CanvasModule;
  try {
    canvasLib = await import("@napi-rs/canvas");
  } catch (error) {
    throw new Failure("no_text", `scanned PDF, pages cannot be rendered for OCR: ${(error as Error).message}`);
  }
  const page = await within(d, doc.getPage(n));
  // view × /UserUnit is the page's real size (a page of UserUnit 20 is 20 times A4 each way)
  const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = page.view;
  const side = Math.max(Math.abs(x1 - x0), Math.abs(y1 - y0)) * (page.userUnit || 1);
  if (!(side <= MAX_PAGE_POINTS)) throw new Failure("page_too_large", `page ${n} is ${Math.round(side)} points`);
  const base = page.getViewport({ scale: 1 });
  // about 200 dpi on A4: enough for tesseract, small enough to stay quick
  const viewport = page.getViewport({ scale: Math.min(2.8, 1650 / Math.max(base.width, 1)) });
  const canvas = canvasLib.createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
  const context = canvas.getContext("2d");
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, canvas.width, canvas.height);
  const removed = await imagesRemovedBy(() =>
    within(
      d,
      page.render({
        canvas: canvas as unknown as HTMLCanvasElement,
        canvasContext: context as unknown as CanvasRenderingContext2D,
        viewport,
      }).promise,
    ),
  );
  page.cleanup();
  if (removed) throw new Failure("image_too_large", `page ${n} draws an image over ${MAX_IMAGE_PIXELS} pixels`);
  return canvas.toBuffer("image/png");
}

/**
 * Whether pdf.js left out an image over maxImageSize while `work` ran: it says so only by a
 * warning (even with stopAtErrors the page renders without it), and an OCR of the rest would
 * quietly miss the CV. The extraction runs alone in its child process, so no other file's
 * warning is counted.
 */
async function imagesRemovedBy(work: () => Promise<unknown>): Promise<boolean> {
  const original = console.warn;
  let removed = false;
  console.warn = (...args: unknown[]) => {
    if (String(args[0]).includes("Image exceeded maximum allowed size")) removed = true;
  };
  try {
    await work();
  } finally {
    console.warn = original;
  }
  return removed;
}

/** A photo of a CV as tesseract wants it: its size checked from the header before decoding, upright, grey. */
async function photoForOcr(bytes: Uint8Array): Promise<Buffer> {
  const sharp = (await import("sharp")).default;
  let meta: { width?: number; height?: number };
  try {
    meta = await sharp(bytes).metadata();
  } catch (error) {
    throw new Failure("unreadable", (error as Error).message);
  }
  const pixels = (meta.width ?? 0) * (meta.height ?? 0);
  if (!pixels) throw new Failure("unreadable", "an image without dimensions");
  if (pixels > MAX_IMAGE_PIXELS) throw new Failure("image_too_large", `${meta.width} × ${meta.height} pixels`);
  // rotate(): a phone's photo is often stored sideways with an EXIF orientation
  return sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS }).rotate().greyscale().png().toBuffer();
}

/** Recognises the pages one by one (each made when its turn comes), telling the progress. */
async function ocrImages(pages: (() => Promise<Buffer>)[], opts: Options, d: Deadline): Promise<string> {
  const { createWorker, OEM } = await import("tesseract.js");
  const langPath = await languageFolder();
  // cacheMethod "none": nothing written beside the language data, nothing fetched
  const worker = await within(
    d,
    createWorker([...OCR_LANGS], OEM.LSTM_ONLY, {
      langPath,
      gzip: true,
      cacheMethod: "none",
      logger: () => undefined,
      errorHandler: () => undefined,
    }),
  );
  try {
    const texts: string[] = [];
    for (const [i, image] of pages.entries()) {
      d.check();
      opts.onProgress?.({ page: i + 1, pages: pages.length });
      const png = await image();
      const { data } = await within(d, worker.recognize(png), () => void worker.terminate());
      texts.push(data.text);
    }
    return texts.join("\n\n");
  } finally {
    await worker.terminate().catch(() => undefined);
  }
}

// ---- Word and OpenDocument -----------------------------------------------------------------

async function docxText(bytes: Uint8Array): Promise<string> {
  const mammoth = (await import("mammoth")).default;
  const { value } = await mammoth.extractRawText({ buffer: Buffer.from(bytes) });
  return value;
}

async function docText(bytes: Uint8Array): Promise<string> {
  const WordExtractor = (await import("word-extractor")).default;
  const doc = await new WordExtractor().extract(Buffer.from(bytes));
  return [
    doc.getHeaders({ includeFooters: false }),
    doc.getBody(),
    doc.getTextboxes({ includeHeadersAndFooters: false, includeBody: true }),
  ]
    .filter((s) => s.trim())
    .join("\n");
}

function odtText(bytes: Uint8Array): string {
  // only content.xml is inflated, and only if it is of sane size
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, { filter: (f) => f.name === "content.xml" && f.originalSize <= MAX_ODT_XML_BYTES });
  } catch (error) {
    throw new Failure("unreadable", `not a readable OpenDocument: ${(error as Error).message}`);
  }
  const xml = files["content.xml"];
  if (!xml) throw new Failure("unreadable", "the OpenDocument has no content.xml");
  return odtXmlToText(new TextDecoder().decode(xml));
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/** The text of an ODT's content.xml: paragraphs and headings on lines of their own. */
export function odtXmlToText(xml: string): string {
  const body = xml.slice(Math.max(0, xml.indexOf("<office:body")));
  return body
    .replace(/<text:s(?:\s+text:c="(\d+)")?\s*\/>/g, (_, n: string | undefined) =>
      " ".repeat(Math.min(Number(n ?? 1), 50)),
    )
    .replace(/<text:tab\s*\/>/g, "\t")
    .replace(/<text:line-break\s*\/>/g, "\n")
    .replace(/<\/text:(?:p|h)>|<text:(?:p|h)\b[^>]*\/>/g, "\n")
    .replace(/<\/table:table-cell>/g, "\t")
    .replace(/<[^>]+>/g, "")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, e: string) => {
      if (e[0] === "#") {
        const code = e[1] === "x" || e[1] === "X" ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "";
      }
      return ENTITIES[e.toLowerCase()] ?? whole;
    });
}
