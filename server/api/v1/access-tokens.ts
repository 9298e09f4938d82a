import { hkdfSync } from "node:crypto";
import { errors, jwtVerify, SignJWT } from "jose";

/** An access token lives 15 minutes (the issue's rule): a refresh gets the next one. */
export const ACCESS_TOKEN_SECONDS = 15 * 60;
const ISSUER = "missio";
const AUDIENCE = "missio-api-v1";

export interface AccessClaims {
  /** the person (the token's `sub`) */
  userId: string;
  /** the token family (`fid`): revoked families refuse their access tokens before they expire */
  familyId: string;
}

/**
 * Access tokens: JWTs signed with HS256 (jose) under a key derived from the session secret
 * (HKDF, its own label), so no new secret is kept or configured and rotating SESSION_SECRET
 * ends API access as it ends sessions (ADR 0049).
 */
export function accessTokens(sessionSecret: string, now: () => Date = () => new Date()) {
  const key = new Uint8Array(hkdfSync("sha256", sessionSecret, "missio", "api v1 access tokens", 32));
  const seconds = () => Math.floor(now().getTime() / 1000);
  return {
    async sign({ userId, familyId }: AccessClaims): Promise<string> {
      const iat = seconds();
      return new SignJWT({ fid: familyId })
        .setProtectedHeader({ alg: "HS256", typ: "at+jwt" })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(iat)
        .setExpirationTime(iat + ACCESS_TOKEN_SECONDS)
        .sign(key);
    },
    /** The claims of a valid token; null for an expired, forged or malformed one. */
    async verify(token: string): Promise<AccessClaims | null> {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ["HS256"],
          issuer: ISSUER,
          audience: AUDIENCE,
          typ: "at+jwt",
          currentDate: now(),
        });
        if (typeof payload.sub !== "string" || typeof payload.fid !== "string") return null;
        return { userId: payload.sub, familyId: payload.fid };
      } catch (error) {
        if (error instanceof errors.JOSEError) return null;
        throw error;
      }
    },
  };
}

export type AccessTokens = ReturnType<typeof accessTokens>;
