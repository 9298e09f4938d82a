import sharp from "sharp";

/**
 * The Geneva demo agency's logo: a lake's waves on blue, drawn without text so it renders the
 * same on any machine (no fonts needed). The Lyon agency keeps its initials, so the demo shows both.
 */
export async function demoLogo(): Promise<{ name: string; bytes: Uint8Array }> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
    <rect width="256" height="256" rx="48" fill="#0b4f8a"/>
    <circle cx="178" cy="82" r="30" fill="#fbbf24"/>
    <path d="M28 150 q25 -22 50 0 t50 0 t50 0 t50 0" fill="none" stroke="#fff" stroke-width="16" stroke-linecap="round"/>
    <path d="M28 194 q25 -22 50 0 t50 0 t50 0 t50 0" fill="none" stroke="#7dd3fc" stroke-width="16" stroke-linecap="round"/>
  </svg>`;
  return { name: "leman-interim.png", bytes: await sharp(Buffer.from(svg)).png().toBuffer() };
}
