/**
 * "Genève" → "Geneve": the text without the combining marks (accents, cedillas, diaereses…)
 * that canonical decomposition splits from their letters; case and every other character kept.
 */
export function foldAccents(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "");
}

/** "Jeûne Genevois (GE)" → "jeune-genevois-ge": lower-case ASCII letters and digits, one dash between runs of them. */
export function slugify(text: string): string {
  return foldAccents(text)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}
