/**
 * A PDF page's text in reading order (issue 27), from pdf.js text items and their positions. A
 * two-column CV is often written side column first, and pdf.js gives the items in the order they
 * were drawn: the parser then met the sidebar before the name. Here the lines are rebuilt from
 * the baselines, and a page with two columns (a vertical gutter no line crosses, columns whose
 * lines do not share baselines) is read as: what spans both columns above them, the wider column
 * (the main one, with the name and the experience), the narrower one, then what spans below.
 * A table (dates on the left, the entry on the right, on the same baselines) stays row by row.
 *
 * Pure: positions in, lines out.
 */

/** What pdf.js gives per text item (TextItem): the transform's [4], [5] are x and the baseline y. */
export interface PdfTextItem {
  str: string;
  transform: number[];
  width: number;
  height: number;
}

interface Box {
  str: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Items on one baseline (within a fraction of the text height), left to right, as one line. */
function rowsOf(boxes: Box[]): { y: number; text: string }[] {
  const sorted = [...boxes].sort((a, b) => b.y - a.y || a.x - b.x);
  const rows: Box[][] = [];
  for (const b of sorted) {
    const row = rows.at(-1);
    if (row && Math.abs(row[0]!.y - b.y) <= Math.max(2, 0.4 * Math.max(row[0]!.h, b.h))) row.push(b);
    else rows.push([b]);
  }
  return rows.map((row) => {
    row.sort((a, b) => a.x - b.x);
    let text = "";
    let end: number | null = null;
    for (const b of row) {
      // a visible gap between two items is a space the PDF did not write
      const gap = end === null ? 0 : b.x - end;
      if (end !== null && gap > 0.15 * b.h && !/\s$/.test(text) && !/^\s/.test(b.str)) text += " ";
      text += b.str;
      end = b.x + b.w;
    }
    return { y: row[0]!.y, text: text.trim() };
  });
}

const MIN_ROWS = 3;
const MAX_ITEMS_FOR_COLUMNS = 3000;

/** The x of a gutter between two columns, or null: a single column, or a table read row by row. */
function gutterOf(boxes: Box[]): number | null {
  const minX = Math.min(...boxes.map((b) => b.x));
  const maxX = Math.max(...boxes.map((b) => b.x + b.w));
  const width = maxX - minX;
  if (width <= 0) return null;
  let best: { x: number; crossing: number } | null = null;
  for (const x of new Set(boxes.map((b) => b.x))) {
    if (x < minX + 0.15 * width || x > minX + 0.85 * width) continue;
    const left = boxes.filter((b) => b.x + b.w <= x + 1);
    const right = boxes.filter((b) => b.x >= x - 1);
    const crossing = boxes.length - left.length - right.length;
    if (crossing > 0.2 * boxes.length) continue;
    const leftRows = rowsOf(left);
    const rightRows = rowsOf(right);
    if (leftRows.length < MIN_ROWS || rightRows.length < MIN_ROWS) continue;
    // lines of both sides on the same baselines: a table (a date beside its entry), read row by row
    const shared = leftRows.filter((l) => rightRows.some((r) => Math.abs(r.y - l.y) <= 2)).length;
    if (shared > 0.3 * Math.min(leftRows.length, rightRows.length)) continue;
    if (!best || crossing < best.crossing) best = { x, crossing };
  }
  return best?.x ?? null;
}

/** The page's lines in reading order. */
export function readingOrder(items: PdfTextItem[]): string[] {
  const boxes: Box[] = items
    .filter((i) => i.str.trim())
    .map((i) => ({
      str: i.str,
      x: i.transform[4] ?? 0,
      y: i.transform[5] ?? 0,
      w: i.width,
      h: i.height || Math.abs(i.transform[3] ?? 0) || 10,
    }));
  if (!boxes.length) return [];
  // a page of thousands of items is no CV layout worth the quadratic search for a gutter
  const gutter = boxes.length <= MAX_ITEMS_FOR_COLUMNS ? gutterOf(boxes) : null;
  if (gutter === null) return rowsOf(boxes).map((r) => r.text);
  const left = boxes.filter((b) => b.x + b.w <= gutter + 1);
  const right = boxes.filter((b) => b.x >= gutter - 1);
  const spanning = boxes.filter((b) => !left.includes(b) && !right.includes(b));
  const top = Math.max(...[...left, ...right].map((b) => b.y));
  const bottom = Math.min(...[...left, ...right].map((b) => b.y));
  const above = spanning.filter((b) => b.y > top);
  const below = spanning.filter((b) => b.y < bottom);
  // a line crossing the gutter between the columns' top and bottom belongs to the column it starts in
  for (const b of spanning) if (b.y <= top && b.y >= bottom) (b.x < gutter ? left : right).push(b);
  const extent = (bs: Box[]) => Math.max(...bs.map((b) => b.x + b.w)) - Math.min(...bs.map((b) => b.x));
  const [main, side] = extent(right) > extent(left) ? [right, left] : [left, right];
  return [above, main, side, below].flatMap((bs) => rowsOf(bs).map((r) => r.text));
}
