import { randomBytes, randomUUID } from "node:crypto";

export interface IdGenerator {
  uuid(): string;
}
export const systemIds: IdGenerator = { uuid: () => randomUUID() };

/** URL-safe random token (sessions, links). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}

/** A name-based uuid (version 5 layout, SHA-1): the same name always gives the same id, so a race lands on one stream. */
export async function nameUuid(name: string): Promise<string> {
  const bytes = new Uint8Array(await crypto.subtle.digest("SHA-1", new TextEncoder().encode(name)));
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes.slice(0, 16)].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
