// pdf.js's worker ships without types; text.ts only loads it (it registers itself as globalThis.pdfjsWorker)
declare module "pdfjs-dist/legacy/build/pdf.worker.mjs" {
  export const WorkerMessageHandler: unknown;
}
