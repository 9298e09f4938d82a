import { describe, expect, it } from "vitest";
import { scrubHeaders, scrubUrl, scrubbingSerializers } from "./log-scrub";

describe("log scrubbing", () => {
  it("hides the tokens of set-password, verify-email and restore-email links", () => {
    expect(scrubUrl("/restore-email/tok.en-42")).toBe("/restore-email/[redacted]");
    expect(scrubUrl("/set-password/abc123def?x=1")).toBe("/set-password/[redacted]?x=1");
    expect(scrubUrl("/verify-email/tok.en-42")).toBe("/verify-email/[redacted]");
    expect(scrubUrl("http://localhost:3000/verify-email/tok")).toBe("http://localhost:3000/verify-email/[redacted]");
    expect(scrubUrl("/auth/google/callback?code=secret&state=s2")).toBe(
      "/auth/google/callback?code=[redacted]&state=[redacted]",
    );
    expect(scrubUrl("/rechercher-un-emploi?q=peintre")).toBe("/rechercher-un-emploi?q=peintre");
  });

  it("hides a mail's one-click unsubscribe token (person, kind and signature)", () => {
    const link = "/communication/desabonnement/0b6f6c1e-2a34-4c1e-9d2b-6c0d3f1a2b3c.alerts.Zm9vYmFyYmF6cXV4";
    expect(scrubUrl(link)).toBe("/communication/desabonnement/[redacted]");
    expect(scrubUrl(`https://missio.example${link}`)).toBe(
      "https://missio.example/communication/desabonnement/[redacted]",
    );
    expect(scrubUrl("/communication")).toBe("/communication");
  });

  it("hides the token of a presentation dossier's client link, in the path and in a referer", () => {
    expect(scrubUrl("/presentations/lien/Zx9_tok-42?_data=routes")).toBe("/presentations/lien/[redacted]?_data=routes");
    expect(scrubHeaders({ referer: "https://missio.test/presentations/lien/Zx9" })).toEqual({
      referer: "https://missio.test/presentations/lien/[redacted]",
    });
  });

  it("hides the token of a retention warning's keep-my-account link (issue 30)", () => {
    expect(scrubUrl("/conservation/annulation/Ab3_tok-9?_data=routes")).toBe(
      "/conservation/annulation/[redacted]?_data=routes",
    );
    expect(scrubUrl("/conservation-des-donnees")).toBe("/conservation-des-donnees");
  });

  it("drops cookies and credentials from headers", () => {
    const out = scrubHeaders({
      cookie: "__session=abc",
      "set-cookie": ["__session=abc"],
      authorization: "Basic x",
      referer: "http://h/set-password/tok",
      host: "h",
    });
    expect(out).toEqual({
      cookie: "[redacted]",
      "set-cookie": "[redacted]",
      authorization: "[redacted]",
      referer: "http://h/set-password/[redacted]",
      host: "h",
    });
  });

  it("applies to pino-http's request and response", () => {
    const req = scrubbingSerializers.req({
      id: 1,
      method: "GET",
      url: "/set-password/tok",
      query: { a: "b" },
      headers: { cookie: "c" },
    });
    expect(JSON.stringify(req)).not.toMatch(/tok\b|"c"/);
    const res = scrubbingSerializers.res({
      statusCode: 302,
      headers: { "set-cookie": "__session=abc", location: "/verify-email/tok" },
    });
    expect(JSON.stringify(res)).not.toMatch(/abc|tok/);
  });
});
