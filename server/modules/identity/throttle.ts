import { createHash } from "node:crypto";
import type pg from "pg";
import { RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";
import { AppError } from "../../lib/errors";

export interface ThrottleLimits {
  /** consecutive failed logins on one account before it is blocked for a while */
  loginFailsPerAccount: number;
  /** failed logins from one address before it is blocked for a while */
  loginFailsPerIp: number;
  loginBlockSeconds: number;
  /** registrations, reset and verification requests per address per window */
  requestsPerIp: number;
  requestWindowSeconds: number;
  /** "is this email taken?" answers per address per window (the registration form's live check, email_exist) */
  emailChecksPerIp?: number;
  emailCheckWindowSeconds?: number;
  /** anonymous applies per address per window (each may create an account and mail it) */
  appliesPerIp?: number;
  applyWindowSeconds?: number;
  /** support requests per account or address per window (the contact form, signed in or not) */
  supportPerKey?: number;
  supportWindowSeconds?: number;
  /** API requests per token family per window (ADR 0049) */
  apiPerToken?: number;
  apiWindowSeconds?: number;
}

export const DEFAULT_LIMITS: ThrottleLimits = {
  loginFailsPerAccount: 5,
  loginFailsPerIp: 30,
  loginBlockSeconds: 15 * 60,
  requestsPerIp: 10,
  requestWindowSeconds: 15 * 60,
  emailChecksPerIp: 30,
  emailCheckWindowSeconds: 60,
  appliesPerIp: 20,
  applyWindowSeconds: 60 * 60,
  supportPerKey: 5,
  supportWindowSeconds: 60 * 60,
  apiPerToken: 300,
  apiWindowSeconds: 60,
};

/**
 * `email_check`: an answer that says whether an email has an account (its own, faster window).
 * `apply`: the anonymous apply form, which tells an email's account state and may create an account.
 */
export type ThrottleAction = "register" | "reset" | "verify" | "email_check" | "apply" | "support";

/**
 * The login counter's key for an address as typed: its hash, so the table keeps no address (one
 * typed wrong is nobody's to erase) and an erasure finds the person's by their address (ADR 0048).
 */
export const loginKey = (email: string) => createHash("sha256").update(email.trim().toLowerCase()).digest("hex");

/**
 * Throttling shared by every app process (counters in PostgreSQL, rate-limiter-flexible).
 * A block lifts by itself when its time is up. Blocked requests get `temporarily_blocked`.
 */
export function createThrottle(pool: pg.Pool, limits: ThrottleLimits = DEFAULT_LIMITS) {
  const limiter = (keyPrefix: string, points: number, duration: number, blockDuration = 0) =>
    new RateLimiterPostgres({
      storeClient: pool,
      tableName: "rate_limits",
      tableCreated: true,
      keyPrefix,
      points,
      duration,
      blockDuration,
    });
  const byAccount = limiter(
    "login_account",
    limits.loginFailsPerAccount,
    limits.loginBlockSeconds,
    limits.loginBlockSeconds,
  );
  const byIp = limiter("login_ip", limits.loginFailsPerIp, 60 * 60, limits.loginBlockSeconds);
  const requests = limiter("requests", limits.requestsPerIp, limits.requestWindowSeconds, limits.requestWindowSeconds);
  const checkWindow = limits.emailCheckWindowSeconds ?? DEFAULT_LIMITS.emailCheckWindowSeconds!;
  const emailChecks = limiter(
    "email_checks",
    limits.emailChecksPerIp ?? DEFAULT_LIMITS.emailChecksPerIp!,
    checkWindow,
    checkWindow,
  );
  const applyWindow = limits.applyWindowSeconds ?? DEFAULT_LIMITS.applyWindowSeconds!;
  const applies = limiter("applies", limits.appliesPerIp ?? DEFAULT_LIMITS.appliesPerIp!, applyWindow, applyWindow);
  const supportWindow = limits.supportWindowSeconds ?? DEFAULT_LIMITS.supportWindowSeconds!;
  const support = limiter(
    "support",
    limits.supportPerKey ?? DEFAULT_LIMITS.supportPerKey!,
    supportWindow,
    supportWindow,
  );
  const api = limiter(
    "api",
    limits.apiPerToken ?? DEFAULT_LIMITS.apiPerToken!,
    limits.apiWindowSeconds ?? DEFAULT_LIMITS.apiWindowSeconds!,
  );
  const limiterOf = (action: ThrottleAction) =>
    action === "email_check" ? emailChecks : action === "apply" ? applies : action === "support" ? support : requests;

  const blocked = (res: RateLimiterRes | null, max: number) =>
    res !== null && res.consumedPoints >= max && res.msBeforeNext > 0;

  return {
    /** Before checking a password: refuse when the account or the address is blocked. */
    async assertLoginAllowed(email: string, ip: string) {
      const [a, i] = await Promise.all([byAccount.get(loginKey(email)), byIp.get(ip)]);
      if (blocked(a, limits.loginFailsPerAccount) || blocked(i, limits.loginFailsPerIp))
        throw new AppError("too_many_requests", "temporarily_blocked");
    },
    async loginFailed(email: string, ip: string) {
      await Promise.all([byAccount.penalty(loginKey(email)), byIp.penalty(ip)]);
    },
    /** A successful login clears the account's count (not the address's). */
    async loginSucceeded(email: string) {
      await byAccount.delete(loginKey(email));
    },
    /** One API request of a token family: null when allowed, else the milliseconds until the window allows again (Retry-After). */
    async consumeApi(familyId: string): Promise<number | null> {
      try {
        await api.consume(familyId);
        return null;
      } catch (error) {
        if (error instanceof RateLimiterRes) return error.msBeforeNext;
        throw error;
      }
    },
    /** Registration, reset and verification requests, email checks and anonymous applies, from one address. */
    async consume(action: ThrottleAction, ip: string) {
      try {
        await limiterOf(action).consume(`${action}:${ip}`);
      } catch (error) {
        if (error instanceof RateLimiterRes) throw new AppError("too_many_requests", "temporarily_blocked");
        throw error;
      }
    },
  };
}

export type Throttle = ReturnType<typeof createThrottle>;
