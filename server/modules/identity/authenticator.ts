import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { AppError } from "../../lib/errors";
import { verifyAgainstDummy, verifyPassword } from "./passwords";
import type { identityQueries, SessionUser } from "./queries";

/** remix-auth with the form strategy: email + password against rm_users (argon2id). */
export function createAuthenticator(users: ReturnType<typeof identityQueries>) {
  const authenticator = new Authenticator<SessionUser>();
  authenticator.use(
    new FormStrategy(async ({ form }) => {
      const email = String(form.get("email") ?? "");
      const password = String(form.get("password") ?? "");
      const found = await users.credentialsByEmail(email);
      // same answer, in the same time, for an unknown email and a wrong password: no account enumeration
      const matches = found ? await verifyPassword(found.passwordHash, password) : await verifyAgainstDummy(password);
      if (!found || !matches) throw new AppError("unauthenticated", "invalid_credential");
      const { passwordHash: _hash, ...user } = found;
      return user;
    }),
    "form",
  );
  return authenticator;
}
