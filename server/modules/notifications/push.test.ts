import { describe, expect, it } from "vitest";
import { deviceLabel } from "./push-contract";
import { pushPayload } from "./push";

const SITE = "https://missio.example/";

/** What a push says, per kind of notice a candidate hears of (ADR 0050): translated on the server. */
describe("the push payload of a notification", () => {
  const cases: [
    kind: string,
    params: Record<string, string | number>,
    link: string | null,
    locale: string,
    expected: object,
  ][] = [
    [
      "application_retained",
      { title: "Serveur" },
      "/candidatures-retenues",
      "fr",
      { title: "Vos candidatures", body: "Votre candidature pour « Serveur » a été retenue" },
    ],
    [
      "proposal_new",
      { agency: "Helvetia Staffing", title: "Cariste" },
      "/mes-propositions",
      "en",
      { title: "Mission proposals", body: "Helvetia Staffing proposes the mission “Cariste” to you" },
    ],
    [
      "shifts_published",
      { agency: "Helvetia Staffing", count: 1 },
      "/planning",
      "de",
      { title: "Ihr Einsatzplan", body: "Helvetia Staffing hat 1 Änderung Ihres Einsatzplans veröffentlicht" },
    ],
    [
      "timesheets_verification",
      {},
      "/releves-heures/1",
      "en",
      { title: "Timesheets", body: "Your timesheet was sent back to you for a check" },
    ],
    [
      "timesheets_client_validated",
      {},
      "/releves-heures/1",
      "en",
      { title: "Timesheets", body: "Your timesheet is validated" },
    ],
    [
      "documents_expiring",
      { count: 3 },
      "/mes-documents",
      "en",
      { title: "Your documents", body: "3 documents expire soon: remember to update them" },
    ],
  ];
  for (const [kind, params, link, locale, expected] of cases)
    it(`${kind} (${locale})`, async () => {
      const payload = await pushPayload({ kind, params, link }, locale, SITE);
      expect(payload).toEqual({ ...expected, url: `https://missio.example${link}`, tag: `${kind}:${link}` });
    });

  it("a kind of no communication kind, or unknown to this version, reads as a generic notice of the site", async () => {
    expect(await pushPayload({ kind: "something_new", params: {}, link: null }, "en", SITE)).toEqual({
      title: "Missio",
      body: "You have a new notification.",
      url: "https://missio.example/notifications",
      tag: "something_new:",
    });
  });

  it("a language without its own text falls back to English", async () => {
    expect((await pushPayload({ kind: "timesheets_client_validated", params: {}, link: null }, "xx", SITE)).body).toBe(
      "Your timesheet is validated",
    );
  });
});

describe("the device a subscription is listed as", () => {
  it.each([
    [
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36",
      "Chrome · Android",
    ],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
      "Safari · iOS",
    ],
    ["Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0", "Firefox · Windows"],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 Edg/131.0",
      "Edge · Windows",
    ],
    ["curl/8.5", "?"],
  ])("%s", (ua, label) => expect(deviceLabel(ua)).toBe(label));
  it("no user agent", () => expect(deviceLabel(null)).toBe("?"));
});
