/**
 * Reads an untrusted CV in a child process that is killed when it goes past its limits (issue 27):
 * a 1.5 MB PDF inflating to 1.5 GB, a 20,000 × 20,000 scan or a page of /UserUnit 20 used to take
 * gigabytes of the process that also serves the pages and works the jobs. pdf.js, canvas and
 * tesseract hold most of their memory outside V8's heap, so a heap limit alone (a worker's
 * resourceLimits, --max-old-space-size) does not bound them: a watchdog reads the child's resident
 * memory from /proc and kills it past `rssMb`, and a wall clock kills it past `timeoutMs`. Killed,
 * its memory goes back to the system at once, whatever the libraries were doing.
 */
import { fork } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ROOT } from "../../../lib/root";
import type { ExtractOptions, ExtractedText } from "./text";

export interface SandboxLimits {
  /** wall clock of the whole extraction, child start included */
  timeoutMs: number;
  /** resident memory of the child (V8 heap, ArrayBuffers, canvas, wasm) */
  rssMb: number;
  /** the child's V8 heap (--max-old-space-size) */
  heapMb: number;
}

/** The text step: a text layer, DOCX, ODT or DOC. Seconds at most, a few hundred MB. */
export const TEXT_LIMITS: SandboxLimits = { timeoutMs: 30_000, rssMb: 640, heapMb: 256 };
/** The OCR job: up to 3 pages at a few seconds to a minute each (tesseract's models take ~200 MB). */
export const OCR_LIMITS: SandboxLimits = { timeoutMs: 240_000, rssMb: 1024, heapMb: 384 };

export type ChildMessage =
  { type: "progress"; page: number; pages: number } | { type: "result"; result: ExtractedText };
export interface ChildRequest {
  bytes: Uint8Array;
  mime: string;
  options: Omit<ExtractOptions, "onProgress">;
}

const WATCH_MS = 50;

/**
 * The child's entry: beside this file when run from the sources (through tsx), the compiled
 * entry in build/node otherwise (server/cli/build-server.ts builds it as an entry point).
 * MISSIO_COMPILED_READER=1 takes the compiled one from the sources too: the bench measures what
 * production runs (through tsx the child spends about 1.4 s more CPU per file).
 */
function childEntry(): { file: string; execArgv: string[] } {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith(".ts") && process.env.MISSIO_COMPILED_READER !== "1")
    return { file: path.join(path.dirname(here), "extract-child.ts"), execArgv: ["--import", "tsx"] };
  return { file: path.join(ROOT, "build/node/server/modules/candidates/cv/extract-child.js"), execArgv: [] };
}

/** Resident memory of a process in MB (0 when it is gone or /proc is not there). */
function residentMb(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0);
    return kb / 1024;
  } catch {
    return 0;
  }
}

/**
 * extractText in a child process within `limits`. Never throws: a child killed for its memory is
 * "too_demanding", for its time "timeout", a child that died otherwise "unreadable". The child is
 * gone when this resolves. `onProgress` is told each page the OCR begins.
 */
export function extractInChild(
  bytes: Uint8Array,
  mime: string,
  options: ExtractOptions,
  limits: SandboxLimits,
  onProgress?: (p: { page: number; pages: number }) => void,
): Promise<ExtractedText> {
  const { onProgress: _ignored, ...plain } = options;
  const { file, execArgv } = childEntry();
  return new Promise((resolve) => {
    const child = fork(file, [], {
      execArgv: [...execArgv, `--max-old-space-size=${limits.heapMb}`],
      // structured clone: the bytes go as bytes, not as JSON
      serialization: "advanced",
      stdio: ["ignore", "ignore", "pipe", "ipc"],
      env: { ...process.env, NODE_OPTIONS: "" },
    });
    let outcome: ExtractedText | null = null;
    let stderr = "";
    child.stderr?.on("data", (chunk: Buffer) => {
      if (stderr.length < 4000) stderr += chunk.toString();
    });
    const stop = (result: ExtractedText) => {
      outcome ??= result;
      child.kill("SIGKILL");
    };
    const watchdog = setInterval(() => {
      if (child.pid && residentMb(child.pid) > limits.rssMb)
        stop({ ok: false, reason: "too_demanding", detail: `more than ${limits.rssMb} MB of memory` });
    }, WATCH_MS);
    const clock = setTimeout(
      () => stop({ ok: false, reason: "timeout", detail: `more than ${limits.timeoutMs} ms` }),
      limits.timeoutMs,
    );
    child.on("message", (message: ChildMessage) => {
      if (message.type === "progress") onProgress?.({ page: message.page, pages: message.pages });
      // done: the child is killed rather than trusted to exit (the OCR's threads may linger)
      else stop(message.result);
    });
    child.on("error", (error) => stop({ ok: false, reason: "unreadable", detail: error.message }));
    child.on("exit", (code, signal) => {
      clearInterval(watchdog);
      clearTimeout(clock);
      // V8 out of heap aborts the child (SIGABRT, or exit 134 with "heap out of memory")
      const outOfHeap = signal === "SIGABRT" || code === 134 || /heap out of memory/i.test(stderr);
      resolve(
        outcome ??
          (outOfHeap
            ? { ok: false, reason: "too_demanding", detail: `more than ${limits.heapMb} MB of heap` }
            : { ok: false, reason: "unreadable", detail: `reader exited (${signal ?? code}): ${stderr.slice(-300)}` }),
      );
    });
    const request: ChildRequest = { bytes, mime, options: plain };
    child.send(request);
  });
}
