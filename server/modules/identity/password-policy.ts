/**
 * The password rule of spec section 5, one definition for the browser and the server (its zod
 * form field is in ./forms): 10 to 30 characters from letters, digits and @ . + _ -, with an uppercase, a
 * lowercase, a digit and one of @ . + _ -; and not too close to the person's own data.
 */
import { foldAccents } from "../../lib/text";

export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 30;
const ALLOWED = /^[A-Za-z0-9@.+_-]*$/;

export function passwordPolicyError(password: string): string | null {
  const ok =
    password.length >= PASSWORD_MIN &&
    password.length <= PASSWORD_MAX &&
    ALLOWED.test(password) &&
    /[A-Z]/.test(password) &&
    /[a-z]/.test(password) &&
    /\d/.test(password) &&
    /[@.+_-]/.test(password);
  return ok ? null : "validation.password_policy";
}

const normalise = (s: string) =>
  foldAccents(s)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");

/** Too similar: contains (or is contained in) the email's local part or a name of 3+ letters. */
export function tooSimilarToPersonalData(
  password: string,
  personal: { email?: string; firstName?: string; lastName?: string },
): boolean {
  const p = normalise(password);
  const parts = [
    personal.email?.split("@")[0],
    personal.firstName,
    personal.lastName,
    ...(personal.email?.split("@")[0]?.split(/[._+-]/) ?? []),
  ]
    .map((s) => normalise(s ?? ""))
    .filter((s) => s.length >= 3);
  return parts.some((part) => p.includes(part) || (p.length >= 3 && part.includes(p)));
}
