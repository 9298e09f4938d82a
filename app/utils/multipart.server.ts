/**
 * Remix's multipart parser (@web3-storage/multipart-parser) splits a part's Content-Disposition
 * on every `;` and `=`, even inside a quoted file name: `CV=2024.pdf` or `Lebenslauf; neu.pdf`
 * made it throw (a 500). Browsers already percent-encode `"`, CR and LF in those names
 * (WHATWG); this stream does the same for `;` and `=` in the quoted values of each part's
 * Content-Disposition before the parser reads it, and `decodeFileName` undoes it. Only the
 * header blocks right after a boundary line are touched (the boundary cannot occur in a part's
 * content), and nothing is buffered beyond one header block.
 */

/** A header block longer than this is passed on as it is (the parser refuses it). */
const MAX_HEADER_BYTES = 16 * 1024;
const HEADERS_END = Buffer.from("\r\n\r\n");

export function boundaryOf(contentType: string | null): string | null {
  const match = /^multipart\/form-data\b.*?;\s*boundary=(?:"([^"]+)"|([^\s;]+))/i.exec(contentType ?? "");
  return match ? (match[1] ?? match[2] ?? null) : null;
}

/** `;` and `=` inside the quoted values of a Content-Disposition line become %3B and %3D. */
export function escapeDisposition(headers: string): string {
  return headers.replace(/^(content-disposition:)(.*)$/gim, (_line, name: string, value: string) =>
    name + value.replace(/"((?:[^"\\]|\\.)*)"/g, (_q, inner: string) => `"${inner.replace(/;/g, "%3B").replace(/=/g, "%3D")}"`),
  );
}

export const decodeFileName = (name: string) => name.replace(/%3B/gi, ";").replace(/%3D/gi, "=");

export function escapeDispositions(body: ReadableStream<Uint8Array>, boundary: string): ReadableStream<Uint8Array> {
  const marker = Buffer.from(`--${boundary}\r\n`);
  let pending = Buffer.alloc(0);
  const transform = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      pending = Buffer.concat([pending, chunk]);
      for (;;) {
        const at = pending.indexOf(marker);
        if (at === -1) {
          // keep what could be the start of a marker cut by the chunk's end
          const keep = Math.min(pending.length, marker.length - 1);
          if (pending.length > keep) controller.enqueue(pending.subarray(0, pending.length - keep));
          pending = pending.subarray(pending.length - keep);
          return;
        }
        const start = at + marker.length;
        const end = pending.indexOf(HEADERS_END, start);
        if (end === -1) {
          if (pending.length - start <= MAX_HEADER_BYTES) {
            // wait for the rest of the header block
            if (at > 0) controller.enqueue(pending.subarray(0, at));
            pending = pending.subarray(at);
            return;
          }
          controller.enqueue(pending.subarray(0, start));
          pending = pending.subarray(start);
          continue;
        }
        const headers = escapeDisposition(pending.subarray(start, end).toString("latin1"));
        controller.enqueue(Buffer.concat([pending.subarray(0, start), Buffer.from(headers, "latin1")]));
        pending = pending.subarray(end);
      }
    },
    flush(controller) {
      if (pending.length) controller.enqueue(pending);
    },
  });
  return body.pipeThrough(transform);
}
