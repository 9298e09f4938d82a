import { crc32 } from "node:zlib";

/**
 * Small but real files for upload tests, recognised by their content like the server does:
 * a PDF, an OpenDocument text (a zip whose first entry is the stored `mimetype`), a .doc (an OLE
 * compound file) and a PNG (to be refused, whatever its name).
 */
export function pdfBytes(text = "CV"): Buffer {
  return Buffer.from(
    `%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\n% ${text}\ntrailer <</Root 1 0 R>>\n%%EOF\n`,
    "latin1",
  );
}

export function pngBytes(): Buffer {
  return Buffer.from(
    "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a5c40000000049454e44ae426082",
    "hex",
  );
}

/** An OLE compound file header (.doc, .xls... share it; the server accepts it as .doc). */
export function docBytes(): Buffer {
  const b = Buffer.alloc(1536);
  Buffer.from("d0cf11e0a1b11ae1", "hex").copy(b, 0);
  b.writeUInt16LE(0x003e, 0x18); // minor version
  b.writeUInt16LE(0x0003, 0x1a); // major version 3
  b.writeUInt16LE(0xfffe, 0x1c); // little-endian
  b.writeUInt16LE(0x0009, 0x1e); // 512-byte sectors
  return b;
}

/** A stored (uncompressed) zip of the given entries, in order. */
function zip(entries: [string, Buffer][]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, data] of entries) {
    const n = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(n.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(n.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, n, data);
    centrals.push(central, n);
    offset += local.length + n.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

export function odtBytes(): Buffer {
  return zip([
    ["mimetype", Buffer.from("application/vnd.oasis.opendocument.text")],
    [
      "content.xml",
      Buffer.from(
        '<?xml version="1.0"?><office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"/>',
      ),
    ],
  ]);
}

/** A PDF of exactly `size` bytes (padding in a comment), to test the 2 MB limit. */
export function pdfOfSize(size: number): Buffer {
  const head = pdfBytes();
  return Buffer.concat([head, Buffer.alloc(size - head.length, 0x20)]);
}
