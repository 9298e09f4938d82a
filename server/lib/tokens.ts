import { createHash } from "node:crypto";

/** What is stored of a secret token (mailed links): its SHA-256, never the token itself. */
export const hashToken = (token: string) => createHash("sha256").update(token).digest("base64url");
