export const SKINS = ["light", "bordered", "dark", "semi-dark"] as const;
export type Skin = (typeof SKINS)[number];
export const isSkin = (v: unknown): v is Skin => typeof v === "string" && (SKINS as readonly string[]).includes(v);

/** Classes on <html> for a skin (see app/tailwind.css). */
export function skinClass(skin: Skin): string {
  return { light: "", bordered: "skin-bordered", dark: "dark", "semi-dark": "skin-semi-dark" }[skin];
}
