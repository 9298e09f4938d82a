import * as argon2 from "@node-rs/argon2";
import { describe, expect, it, vi } from "vitest";
import { createAuthenticator } from "./authenticator";
import { loginSchema } from "./contract";
import { hashPassword } from "./passwords";
import type { identityQueries } from "./queries";

vi.mock("@node-rs/argon2", async (importOriginal) => {
  const real = await importOriginal<typeof argon2>();
  return { ...real, verify: vi.fn(real.verify) };
});

const loginRequest = (email: string, password: string) =>
  new Request("http://missio.test/login", { method: "POST", body: new URLSearchParams({ email, password }) });

describe("the form login", () => {
  it("checks a password against a hash even for an unknown email (same time, no enumeration)", async () => {
    const known = { id: "u1", email: "known@demo.test", passwordHash: await hashPassword("right password") };
    const users = {
      credentialsByEmail: async (email: string) => (email === known.email ? known : null),
    } as unknown as ReturnType<typeof identityQueries>;
    const verify = vi.mocked(argon2.verify);
    verify.mockClear();
    const auth = createAuthenticator(users);
    await expect(auth.authenticate("form", loginRequest("nobody@demo.test", "whatever"))).rejects.toMatchObject({
      key: "invalid_credential",
    });
    await expect(auth.authenticate("form", loginRequest(known.email, "wrong"))).rejects.toMatchObject({
      key: "invalid_credential",
    });
    // one argon2 verification each: the unknown email's against a dummy hash
    expect(verify).toHaveBeenCalledTimes(2);
    expect(verify.mock.calls[0]![0]).toMatch(/^\$argon2id\$/);
    await expect(auth.authenticate("form", loginRequest(known.email, "right password"))).resolves.toMatchObject({
      id: "u1",
    });
  });
});

describe("loginSchema", () => {
  it("bounds the email before checking it", () => {
    const result = loginSchema.safeParse({ email: `${"a".repeat(300)}@demo.test`, password: "x" });
    expect(result.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([["email", "validation.too_long"]]);
  });
});
