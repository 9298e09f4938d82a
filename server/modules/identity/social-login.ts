import { createCookie } from "@remix-run/node";
import * as oidc from "openid-client";
import type { Logger } from "../../lib/logger";

/**
 * Social login through OpenID Connect (Google, LinkedIn): the authorization code flow with
 * state, PKCE and nonce. This file only proves which verified email the person controls; what
 * that email may do (account lookup, login outcomes) is decided by the route with the same rules
 * as the password login (login-outcome.ts). See docs/decisions (social login ADR).
 */

export const SOCIAL_PROVIDERS = ["google", "linkedin"] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

/**
 * What each provider supports beyond state. PKCE is sent only where discovery announces S256
 * (LinkedIn does not, and refuses a code_verifier); a nonce only where the provider puts it back
 * into the ID token (LinkedIn does not, so checking it would refuse every login).
 */
const NONCE: Record<SocialProvider, boolean> = { google: true, linkedin: false };

export interface SocialProviderConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** Why a social login stopped before an email was known; each is a login page outcome. */
export type SocialFailure = "social_unavailable" | "social_failed" | "social_email_unverified";

/** The login toggle and the page to return to, carried through the provider by the state. */
export interface SocialIntent {
  /** the login toggle of spec section 6: "0" candidate, "1" agency */
  isCandidate: "0" | "1";
  redirectTo?: string;
}

export type SocialStart = { ok: true; url: string; setCookie: string } | { ok: false; error: SocialFailure };
export type SocialFinish =
  ({ ok: true; email: string } & SocialIntent) | { ok: false; error: SocialFailure; redirectTo?: string };

/** What the flow cookie holds between the start and the callback (signed, httpOnly, 10 minutes). */
interface Flow extends SocialIntent {
  provider: SocialProvider;
  state: string;
  nonce?: string;
  /** PKCE code verifier */
  verifier?: string;
}

const FLOW_COOKIE = "__oidc_flow";
const FLOW_SECONDS = 10 * 60;
const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);

export interface SocialLoginOptions {
  providers: Partial<Record<SocialProvider, SocialProviderConfig>>;
  /** signs the flow cookie (the session secret) */
  secret: string;
  secure: boolean;
  /** absolute base of the callback URL; unset: the origin of the request */
  publicUrl?: string;
  logger: Logger;
  /** seconds for each request to a provider (discovery, token) */
  timeout?: number;
}

/** Enabled providers from the configuration: both the client id and its secret must be set. */
export function socialProvidersFromEnv(env: {
  OIDC_GOOGLE_ISSUER: string;
  OIDC_GOOGLE_CLIENT_ID?: string;
  OIDC_GOOGLE_CLIENT_SECRET?: string;
  OIDC_LINKEDIN_ISSUER: string;
  OIDC_LINKEDIN_CLIENT_ID?: string;
  OIDC_LINKEDIN_CLIENT_SECRET?: string;
}): SocialLoginOptions["providers"] {
  const providers: SocialLoginOptions["providers"] = {};
  if (env.OIDC_GOOGLE_CLIENT_ID && env.OIDC_GOOGLE_CLIENT_SECRET) {
    providers.google = {
      issuer: env.OIDC_GOOGLE_ISSUER,
      clientId: env.OIDC_GOOGLE_CLIENT_ID,
      clientSecret: env.OIDC_GOOGLE_CLIENT_SECRET,
    };
  }
  if (env.OIDC_LINKEDIN_CLIENT_ID && env.OIDC_LINKEDIN_CLIENT_SECRET) {
    providers.linkedin = {
      issuer: env.OIDC_LINKEDIN_ISSUER,
      clientId: env.OIDC_LINKEDIN_CLIENT_ID,
      clientSecret: env.OIDC_LINKEDIN_CLIENT_SECRET,
    };
  }
  return providers;
}

/** A network failure or timeout talking to the provider, as opposed to a refused answer. */
function unreachable(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  if (err.name === "TimeoutError" || err.name === "AbortError") return true;
  return err instanceof TypeError && err.message === "fetch failed";
}

/** The email the provider vouches for, or null (no email, or not verified by the provider). */
export function verifiedEmail(claims: Record<string, unknown> | undefined): string | null {
  if (!claims || typeof claims.email !== "string" || !claims.email.includes("@")) return null;
  // LinkedIn has sent the flag as the string "true"
  const verified = claims.email_verified === true || claims.email_verified === "true";
  return verified ? claims.email.trim().toLowerCase() : null;
}

export function createSocialLogin({ providers, secret, secure, publicUrl, logger, timeout = 10 }: SocialLoginOptions) {
  const cookie = createCookie(FLOW_COOKIE, {
    httpOnly: true,
    sameSite: "lax",
    secure,
    path: "/auth",
    maxAge: FLOW_SECONDS,
    secrets: [secret],
  });
  const configurations = new Map<SocialProvider, Promise<oidc.Configuration>>();

  /** Discovery on first use, kept; a failed discovery is forgotten so the next attempt retries. */
  function configuration(provider: SocialProvider): Promise<oidc.Configuration> {
    let pending = configurations.get(provider);
    if (!pending) {
      const { issuer, clientId, clientSecret } = providers[provider]!;
      const url = new URL(issuer);
      // plain HTTP only for a provider on this machine (the tests' provider)
      const execute = url.protocol === "http:" && LOOPBACK.has(url.hostname) ? [oidc.allowInsecureRequests] : [];
      pending = oidc.discovery(url, clientId, clientSecret, oidc.ClientSecretPost(clientSecret), { timeout, execute });
      pending.catch(() => configurations.delete(provider));
      configurations.set(provider, pending);
    }
    return pending;
  }

  const callbackUrl = (provider: SocialProvider, requestUrl: string) =>
    new URL(`/auth/${provider}/callback`, publicUrl ?? new URL(requestUrl).origin);

  const isEnabled = (provider: string | undefined): provider is SocialProvider =>
    SOCIAL_PROVIDERS.some((p) => p === provider && providers[p]);

  return {
    /** enabled providers, in display order */
    enabled: SOCIAL_PROVIDERS.filter((p) => providers[p]),
    isEnabled,

    /** The provider's authorization URL and the flow cookie to set before going there. */
    async start(provider: SocialProvider, requestUrl: string, intent: SocialIntent): Promise<SocialStart> {
      let config: oidc.Configuration;
      try {
        config = await configuration(provider);
      } catch (err) {
        logger.warn({ err, provider }, "OpenID provider discovery failed");
        return { ok: false, error: "social_unavailable" };
      }
      const flow: Flow = { provider, state: oidc.randomState(), ...intent };
      const params: Record<string, string> = {
        redirect_uri: callbackUrl(provider, requestUrl).href,
        scope: "openid email",
        state: flow.state,
      };
      if (NONCE[provider]) params.nonce = flow.nonce = oidc.randomNonce();
      if (config.serverMetadata().supportsPKCE("S256")) {
        flow.verifier = oidc.randomPKCECodeVerifier();
        params.code_challenge = await oidc.calculatePKCECodeChallenge(flow.verifier);
        params.code_challenge_method = "S256";
      }
      const url = oidc.buildAuthorizationUrl(config, params);
      return { ok: true, url: url.href, setCookie: await cookie.serialize(flow) };
    },

    /**
     * The provider's answer at the callback: checks the flow cookie, the state, the code
     * (PKCE), the ID token and its nonce, and returns the verified email with the intent.
     */
    async finish(provider: SocialProvider, request: Request): Promise<SocialFinish> {
      const flow = (await cookie.parse(request.headers.get("Cookie"))) as Flow | null;
      // no cookie, a forged one, or one of another provider: this answer is not ours
      if (!flow || typeof flow !== "object" || flow.provider !== provider || typeof flow.state !== "string")
        return { ok: false, error: "social_failed" };
      const intent: SocialIntent = { isCandidate: flow.isCandidate === "1" ? "1" : "0", redirectTo: flow.redirectTo };
      try {
        const config = await configuration(provider);
        const current = callbackUrl(provider, request.url);
        current.search = new URL(request.url).search;
        const tokens = await oidc.authorizationCodeGrant(config, current, {
          pkceCodeVerifier: flow.verifier,
          expectedState: flow.state,
          expectedNonce: flow.nonce,
          idTokenExpected: true,
        });
        const email = verifiedEmail(tokens.claims());
        if (!email) return { ok: false, error: "social_email_unverified", redirectTo: intent.redirectTo };
        return { ok: true, email, ...intent };
      } catch (err) {
        const down = unreachable(err);
        logger.warn({ err, provider }, down ? "OpenID provider unreachable" : "OpenID callback refused");
        return { ok: false, error: down ? "social_unavailable" : "social_failed", redirectTo: intent.redirectTo };
      }
    },

    /** Expires the flow cookie: a callback is used once. */
    clearCookie: () => cookie.serialize("", { maxAge: 0 }),
  };
}

export type SocialLogin = ReturnType<typeof createSocialLogin>;
