import { describe, expect, it } from "vitest";
import { parseUpload, UploadTooLarge } from "./registration.server";

const PDF = [37, 80, 68, 70, 13, 10, 59, 61];

/** A multipart request as a browser sends it, its body cut in chunks of `chunk` bytes. */
async function multipart(fileName: string, chunk: number, bytes = PDF) {
  const form = new FormData();
  form.append("title", "a=b; c");
  form.append("cv", new File([new Uint8Array(bytes)], fileName, { type: "application/pdf" }));
  form.append("other", new File([new Uint8Array([1])], "ignored.pdf"));
  const built = new Request("http://x/", { method: "POST", body: form });
  const all = new Uint8Array(await built.arrayBuffer());
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 0; i < all.length; i += chunk) controller.enqueue(all.slice(i, i + chunk));
      controller.close();
    },
  });
  return new Request("http://x/", {
    method: "POST",
    body,
    headers: { "Content-Type": built.headers.get("Content-Type")! },
    duplex: "half",
  } as RequestInit);
}

describe("parseUpload", () => {
  it.each([
    ["CV=2024.pdf", 1],
    ["Lebenslauf; neu.pdf", 7],
    ["Lebenslauf; neü.pdf", 4096],
    ["plain.pdf", 3],
  ])("reads %j (chunks of %i bytes) with its content intact and the other fields kept", async (name, chunk) => {
    const { formData, tooLarge } = await parseUpload(await multipart(name, chunk), { field: "cv", maxBytes: 100 });
    expect(tooLarge).toBe(false);
    expect(formData.get("title")).toBe("a=b; c");
    const file = formData.get("cv") as File;
    expect([file.name, [...new Uint8Array(await file.arrayBuffer())]]).toEqual([name, PDF]);
    expect(formData.get("other")).toBeNull();
  });

  it("flags a file over its limit without keeping it, and keeps the other fields", async () => {
    const { formData, tooLarge } = await parseUpload(await multipart("big.pdf", 64, new Array(200).fill(65)), {
      field: "cv",
      maxBytes: 100,
    });
    expect(tooLarge).toBe(true);
    expect(formData.get("cv")).toBeNull();
    expect(formData.get("title")).toBe("a=b; c");
  });

  it("refuses a text field over its limit, and a body that is not multipart with 415", async () => {
    const form = new FormData();
    form.append("title", "x".repeat(70 * 1024));
    await expect(
      parseUpload(new Request("http://x/", { method: "POST", body: form }), { field: "cv", maxBytes: 100 }),
    ).rejects.toBeInstanceOf(UploadTooLarge);
    const plain = new Request("http://x/", {
      method: "POST",
      body: "title=x",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    await expect(parseUpload(plain, { field: "cv", maxBytes: 100 })).rejects.toMatchObject({ status: 415 });
  });
});
