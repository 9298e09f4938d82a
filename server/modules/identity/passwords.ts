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

/** A hash of no one's password, made once: an unknown email costs a login as long as a wrong password. */
let dummyHash: Promise<string> | null = null;
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hash(`no-account-${Math.random()}`);
  await verifyPassword(await dummyHash, password);
  return false;
}
