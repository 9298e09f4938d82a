import { unstable_parseMultipartFormData } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { boundaryOf, decodeFileName, escapeDispositions } from "./multipart.server";

/** A multipart body as browsers send it, cut in chunks of `chunk` bytes. */
async function upload(fileName: string, chunk: number) {
  const form = new FormData();
  form.append("title", "a=b; c");
  form.append("cv", new File([new Uint8Array([37, 80, 68, 70, 13, 10, 59, 61])], fileName, { type: "application/pdf" }));
  const request = new Request("http://x/", { method: "POST", body: form });
  const type = request.headers.get("Content-Type")!;
  const bytes = new Uint8Array(await request.arrayBuffer());
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 0; i < bytes.length; i += chunk) controller.enqueue(bytes.slice(i, i + chunk));
      controller.close();
    },
  });
  return { type, body };
}

describe("escapeDispositions", () => {
  it.each([
    ["CV=2024.pdf", 1],
    ["Lebenslauf; neu.pdf", 7],
    ["Lebenslauf; neu.pdf", 4096],
    ["plain.pdf", 3],
  ])("lets the parser read %j (chunks of %i bytes) with its content intact", async (name, chunk) => {
    const { type, body } = await upload(name, chunk);
    const boundary = boundaryOf(type)!;
    const files: { name: string; bytes: number[] }[] = [];
    const request = new Request("http://x/", { method: "POST", body: escapeDispositions(body, boundary), headers: { "Content-Type": type }, duplex: "half" } as RequestInit);
    const form = await unstable_parseMultipartFormData(request, async ({ filename, data }) => {
      const bytes: number[] = [];
      for await (const c of data) bytes.push(...c);
      if (filename === undefined) return new TextDecoder().decode(new Uint8Array(bytes));
      files.push({ name: decodeFileName(filename), bytes });
      return "file";
    });
    expect(form.get("title")).toBe("a=b; c");
    expect(files).toEqual([{ name, bytes: [37, 80, 68, 70, 13, 10, 59, 61] }]);
  });

  it("reads the boundary of a multipart content type only", () => {
    expect(boundaryOf("multipart/form-data; boundary=----abc")).toBe("----abc");
    expect(boundaryOf('multipart/form-data; boundary="x y"')).toBe("x y");
    expect(boundaryOf("application/x-www-form-urlencoded")).toBeNull();
    expect(boundaryOf(null)).toBeNull();
  });
});
