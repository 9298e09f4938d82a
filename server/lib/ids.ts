import { randomBytes, randomUUID } from "node:crypto";

export interface IdGenerator {
  uuid(): string;
}
export const systemIds: IdGenerator = { uuid: () => randomUUID() };

/** URL-safe random token (sessions, links). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}
