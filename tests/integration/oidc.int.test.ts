import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startOidcProvider, type TestOidcProvider } from "../support/oidc-provider";
import { appHarness } from "../support/harness";

/**
 * Social login end to end over HTTP: the app in this process, two OpenID providers started here
 * on 127.0.0.1 (Google's settings point at one, LinkedIn's at the other, which behaves like
 * LinkedIn: no PKCE, no nonce), and a cookie-keeping client that follows every redirect by hand,
 * as a browser without JavaScript would.
 */
let google: TestOidcProvider;
let linkedin: TestOidcProvider;

beforeAll(async () => {
  google = await startOidcProvider({ clientId: "missio-google", clientSecret: "google-secret-123" });
  linkedin = await startOidcProvider({
    clientId: "missio-linkedin",
    clientSecret: "linkedin-secret-456",
    linkedInQuirks: true,
  });
});
// registered before the app's, so it runs after the app closed
afterAll(async () => {
  await google?.stop();
  await linkedin?.stop();
}, 30_000);

const app = appHarness(() => ({
  OIDC_GOOGLE_ISSUER: google.issuer,
  OIDC_GOOGLE_CLIENT_ID: google.clientId,
  OIDC_GOOGLE_CLIENT_SECRET: google.clientSecret,
  OIDC_LINKEDIN_ISSUER: linkedin.issuer,
  OIDC_LINKEDIN_CLIENT_ID: linkedin.clientId,
  OIDC_LINKEDIN_CLIENT_SECRET: linkedin.clientSecret,
}));

beforeAll(async () => {
  google.redirectUris.add(`${app.url}/auth/google/callback`);
  linkedin.redirectUris.add(`${app.url}/auth/linkedin/callback`);
  // LinkedIn's provider is down until the test that brings it back: discovery is lazy (first
  // use) and then kept, so only a provider never reached yet can show the failure at the start
  await linkedin.stop();
});

/** A browser's cookie jar for the app's origin, with paths and expiry, no JavaScript. */
class Browser {
  private cookies = new Map<string, { value: string; path: string }>();

  async get(url: string, init: RequestInit = {}) {
    const target = new URL(url, app.url);
    const headers = new Headers(init.headers);
    if (target.origin === new URL(app.url).origin) {
      const sent = [...this.cookies]
        .filter(([, c]) => target.pathname.startsWith(c.path))
        .map(([name, c]) => `${name}=${c.value}`);
      if (sent.length) headers.set("cookie", sent.join("; "));
    }
    const res = await fetch(target, { ...init, headers, redirect: "manual" });
    if (target.origin === new URL(app.url).origin) this.store(res);
    return res;
  }

  private store(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";").map((s) => s.trim());
      const [name, ...rest] = pair!.split("=");
      const attr = (key: string) => attributes.find((a) => a.toLowerCase().startsWith(`${key}=`))?.split("=")[1];
      const expired = attr("max-age") === "0" || (attr("expires") && new Date(attr("expires")!).getTime() < Date.now());
      if (expired) this.cookies.delete(name!);
      else this.cookies.set(name!, { value: rest.join("="), path: attr("path") ?? "/" });
    }
  }

  has(name: string) {
    return this.cookies.has(name);
  }

  value(name: string) {
    return this.cookies.get(name)?.value;
  }

  replace(name: string, value: string) {
    this.cookies.get(name)!.value = value;
  }
}

const location = (res: Response) => {
  expect([302, 303], `status of ${res.url}`).toContain(res.status);
  return res.headers.get("location")!;
};

interface Flow {
  provider?: "google" | "linkedin";
  isCandidate: "0" | "1";
  email: string;
  verified?: boolean;
  redirectTo?: string;
  /** changes the provider's answer (or the browser) on its way back to the app */
  tamper?: (callback: URL, browser: Browser) => void | Promise<void>;
}

/** Login page link → provider login form → callback; returns where the app sends the browser last. */
async function socialLogin(
  browser: Browser,
  { provider = "google", isCandidate, email, verified = true, redirectTo, tamper }: Flow,
) {
  const query = new URLSearchParams({ is_candidate: isCandidate, ...(redirectTo ? { redirectTo } : {}) });
  const started = await browser.get(`/auth/${provider}?${query}`);
  const authorize = new URL(location(started));
  expect(browser.has("__oidc_flow")).toBe(true);

  const form = await browser.get(authorize.href);
  expect(form.status).toBe(200);
  const interaction = /name="interaction" value="([^"]+)"/.exec(await form.text())![1]!;
  const body = new URLSearchParams({
    interaction,
    email,
    decision: "allow",
    ...(verified ? { email_verified: "true" } : {}),
  });
  const answered = await browser.get(new URL("/authorize", authorize).href, { method: "POST", body });
  const callback = new URL(location(answered));
  expect(callback.origin + callback.pathname).toBe(`${app.url}/auth/${provider}/callback`);
  await tamper?.(callback, browser);

  const finished = await browser.get(callback.href);
  expect(browser.has("__oidc_flow"), "the flow cookie is spent").toBe(false);
  return location(finished);
}

/** The login page as the browser would now see it (French, the default language). */
async function loginPage(browser: Browser, path: string) {
  const res = await browser.get(path);
  expect(res.status).toBe(200);
  return res.text();
}

async function isSignedIn(browser: Browser, path: string) {
  const res = await browser.get(path);
  return res.status === 200;
}

describe("social login (OpenID Connect)", () => {
  it("shows a link per enabled provider on the login page, working without JavaScript", async () => {
    const html = await loginPage(new Browser(), "/login?redirectTo=%2Fmes-favoris");
    expect(html).toContain("Continuer avec Google");
    expect(html).toContain("Continuer avec LinkedIn");
    expect(html).toContain('href="/auth/google?is_candidate=0&amp;redirectTo=%2Fmes-favoris"');
    expect(html).toContain('href="/auth/linkedin?is_candidate=1&amp;redirectTo=%2Fmes-favoris"');
  });

  it("signs a candidate in and lands on /tableau-de-bord", async () => {
    const browser = new Browser();
    const tokenCalls = google.hits["/token"] ?? 0;
    expect(await socialLogin(browser, { isCandidate: "0", email: "candidate@demo.test" })).toBe("/tableau-de-bord");
    expect(google.hits["/token"]).toBe(tokenCalls + 1);
    expect(browser.has("__session")).toBe(true);
    expect(await isSignedIn(browser, "/tableau-de-bord")).toBe(true);
  });

  it("asks Google with state, nonce and PKCE (S256), keeping the secrets out of the URL", async () => {
    const started = await new Browser().get("/auth/google?is_candidate=0");
    const authorize = new URL(location(started));
    expect(authorize.origin + authorize.pathname).toBe(`${google.issuer}/authorize`);
    for (const param of ["state", "nonce", "code_challenge"])
      expect(authorize.searchParams.get(param)?.length).toBeGreaterThanOrEqual(43);
    expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authorize.searchParams.get("redirect_uri")).toBe(`${app.url}/auth/google/callback`);
    const flowCookie = started.headers.getSetCookie().find((c) => c.startsWith("__oidc_flow="))!;
    expect(flowCookie).toMatch(/HttpOnly/i);
    expect(flowCookie).toMatch(/SameSite=Lax/i);
    expect(flowCookie).toMatch(/Max-Age=600/i);
    expect(flowCookie).toMatch(/Path=\/auth/i);
  });

  it("signs an agency consultant in with the agency toggle and lands on /tableau-bord-agence", async () => {
    const browser = new Browser();
    expect(await socialLogin(browser, { isCandidate: "1", email: "Consultant.GE@demo.test" })).toBe(
      "/tableau-bord-agence",
    );
    expect(await isSignedIn(browser, "/tableau-bord-agence")).toBe(true);
  });

  it("routes a client manager to /creer-une-annonce and keeps redirectTo through the provider", async () => {
    expect(await socialLogin(new Browser(), { isCandidate: "1", email: "manager@demo.test" })).toBe(
      "/creer-une-annonce",
    );
    const browser = new Browser();
    expect(
      await socialLogin(browser, { isCandidate: "0", email: "candidate@demo.test", redirectTo: "/mes-favoris" }),
    ).toBe("/mes-favoris");
    // an outside address is never a destination
    expect(
      await socialLogin(new Browser(), { isCandidate: "0", email: "candidate@demo.test", redirectTo: "//evil.test/x" }),
    ).toBe("/tableau-de-bord");
  });

  it("refuses the wrong toggle with the WRONG_ACCOUNT_TYPE modal and no session", async () => {
    const browser = new Browser();
    const to = await socialLogin(browser, { isCandidate: "1", email: "candidate@demo.test" });
    expect(to).toBe("/login?outcome=WRONG_ACCOUNT_TYPE");
    expect(browser.has("__session")).toBe(false);
    const html = await loginPage(browser, to);
    expect(html).toContain('data-testid="wrong-account-type"');
    expect(html).toContain("Mauvais type de compte");

    const agencyAsCandidate = await socialLogin(new Browser(), { isCandidate: "0", email: "consultant.ge@demo.test" });
    expect(agencyAsCandidate).toBe("/login?outcome=WRONG_ACCOUNT_TYPE");
  });

  it("offers the reactivation of a self-disabled account, as the form login does", async () => {
    const user = (await app.services.identity.credentialsByEmail("candidate.fr@demo.test"))!;
    await app.services.identity.deactivateAccount(user, "test");
    const browser = new Browser();
    const to = await socialLogin(browser, { isCandidate: "0", email: "candidate.fr@demo.test" });
    expect(to).toBe("/login?outcome=REACTIVATE_ACCOUNT");
    const html = await loginPage(browser, to);
    expect(html).toContain('data-testid="reactivate-account"');
    // the one-click follow-up works on the account the provider vouched for
    const reactivated = await browser.get(to, { method: "POST", body: new URLSearchParams({ intent: "reactivate" }) });
    expect(location(reactivated)).toBe("/tableau-de-bord");
    expect((await app.services.identity.userById(user.id))!.enabled).toBe(true);
  });

  it("shows unsaved_mail with links to register for an email without an account", async () => {
    const browser = new Browser();
    const to = await socialLogin(browser, { isCandidate: "0", email: "nobody@elsewhere.test" });
    expect(to).toBe("/login?outcome=unsaved_mail");
    expect(browser.has("__session")).toBe(false);
    const html = await loginPage(browser, to);
    expect(html).toContain('data-testid="unsaved-mail"');
    expect(html).toContain("Aucun compte pour cette adresse e-mail");
    expect(html).toContain('href="/register/user"');
    expect(html).toContain('href="/register/agency"');
  });

  it("refuses an email the provider has not verified", async () => {
    const browser = new Browser();
    const to = await socialLogin(browser, { isCandidate: "0", email: "candidate@demo.test", verified: false });
    expect(to).toBe("/login?outcome=social_email_unverified");
    expect(browser.has("__session")).toBe(false);
    expect(await loginPage(browser, to)).toContain("pas confirmé votre adresse e-mail");
  });

  it("refuses a tampered state before redeeming the code, and a replayed callback", async () => {
    const browser = new Browser();
    const tokenCalls = google.hits["/token"] ?? 0;
    const to = await socialLogin(browser, {
      isCandidate: "0",
      email: "candidate@demo.test",
      tamper: (cb) => cb.searchParams.set("state", "forged-state"),
    });
    expect(to).toBe("/login?outcome=social_failed");
    expect(google.hits["/token"] ?? 0).toBe(tokenCalls);
    expect(browser.has("__session")).toBe(false);
    const html = await loginPage(browser, to);
    expect(html).toContain('data-testid="social-error"');
    expect(html).toContain("La connexion par le fournisseur a échoué");

    // a callback URL without the flow cookie that started it (another browser, or a replay)
    let stolen = "";
    await socialLogin(new Browser(), {
      isCandidate: "0",
      email: "candidate@demo.test",
      tamper: (cb) => void (stolen = cb.href),
    });
    const replayed = await new Browser().get(stolen);
    expect(location(replayed)).toBe("/login?outcome=social_failed");
    expect(replayed.headers.getSetCookie().some((c) => c.startsWith("__session="))).toBe(false);
  });

  it("refuses a flow cookie that was tampered with", async () => {
    const browser = new Browser();
    const tokenCalls = google.hits["/token"] ?? 0;
    // an agency-side flow for a candidate, switched to the candidate side in the cookie itself:
    // without the signature check this would sign in
    const forge = (_cb: URL, b: Browser) => {
      const decoded = decodeURIComponent(b.value("__oidc_flow")!);
      const dot = decoded.lastIndexOf(".");
      const flow = JSON.parse(Buffer.from(decoded.slice(0, dot), "base64").toString()) as Record<string, string>;
      expect(flow.isCandidate).toBe("1");
      const forged = Buffer.from(JSON.stringify({ ...flow, isCandidate: "0" })).toString("base64");
      b.replace("__oidc_flow", encodeURIComponent(`${forged}${decoded.slice(dot)}`));
    };
    const to = await socialLogin(browser, { isCandidate: "1", email: "candidate@demo.test", tamper: forge });
    expect(to).toBe("/login?outcome=social_failed");
    expect(google.hits["/token"] ?? 0).toBe(tokenCalls);
    expect(browser.has("__session")).toBe(false);
  });

  it("shows a translated error when the provider is down, and recovers when it is back", async () => {
    try {
      const browser = new Browser();
      const res = await browser.get("/auth/linkedin?is_candidate=1");
      expect(location(res)).toBe("/login?outcome=social_unavailable");
      const html = await loginPage(browser, location(res));
      expect(html).toContain('data-testid="social-error"');
      expect(html).toContain("Le fournisseur de connexion ne répond pas");
      expect(html).toContain('data-testid="login-submit"');
    } finally {
      await linkedin.start();
    }
    // a failed discovery is not kept: the next attempt discovers again. LinkedIn announces no
    // PKCE and puts no nonce in its ID tokens: state alone, and still a working sign-in
    const authorize = new URL(location(await new Browser().get("/auth/linkedin?is_candidate=1")));
    expect(authorize.origin).toBe(linkedin.issuer);
    expect([...authorize.searchParams.keys()].sort()).toEqual([
      "client_id",
      "redirect_uri",
      "response_type",
      "scope",
      "state",
    ]);
    expect(
      await socialLogin(new Browser(), { provider: "linkedin", isCandidate: "1", email: "consultant.ge@demo.test" }),
    ).toBe("/tableau-bord-agence");
    expect(
      await socialLogin(new Browser(), { provider: "linkedin", isCandidate: "1", email: "manager@demo.test" }),
    ).toBe("/creer-une-annonce");
  });

  it("shows the translated error when the provider goes down during the flow", async () => {
    const browser = new Browser();
    const to = await socialLogin(browser, {
      isCandidate: "0",
      email: "candidate@demo.test",
      tamper: () => google.stop(),
    }).finally(() => google.start());
    expect(to).toBe("/login?outcome=social_unavailable");
    expect(browser.has("__session")).toBe(false);
  });

  it("answers 404 for a provider that is not configured", async () => {
    expect((await fetch(`${app.url}/auth/facebook?is_candidate=0`, { redirect: "manual" })).status).toBe(404);
    expect((await fetch(`${app.url}/auth/facebook/callback?code=x&state=y`, { redirect: "manual" })).status).toBe(404);
  });
});
