import { describe, expect, it } from "vitest";
import { sampleAdFields } from "../../../tests/support/missions";
import { adDocument } from "./indexer";
import type { PublicAd } from "./queries";

const ad = (publishedAt: string): PublicAd => ({
  id: 10001,
  slug: "electricien-geneve-10001",
  agencyId: "a",
  agencyName: "Agence",
  branchId: null,
  branchName: null,
  clientName: null,
  contactName: null,
  contactEmail: null,
  fields: sampleAdFields(),
  descriptionText: "Installations sur chantier",
  publishedAt: new Date(publishedAt),
  updatedAt: new Date(publishedAt),
});

describe("the ad document", () => {
  it("keeps the milliseconds of the publication, so that two ads of one second are ordered and alerted apart", () => {
    const first = adDocument(ad("2026-11-24T10:00:00.250Z"));
    const second = adDocument(ad("2026-11-24T10:00:00.750Z"));
    expect(first.publishedAt).toBe(Date.parse("2026-11-24T10:00:00.250Z") / 1000);
    expect(second.publishedAt).toBeGreaterThan(first.publishedAt);
    // back to the very millisecond, as the alerts store it
    expect(new Date(Math.round(second.publishedAt * 1000)).toISOString()).toBe("2026-11-24T10:00:00.750Z");
  });

  it("stands at its locality's point, written as the radius filter writes it", () => {
    const doc = adDocument(ad("2026-11-24T10:00:00Z"));
    expect(doc).toMatchObject({ placePoint: "46.2044,6.1432", lat: 46.2044, lng: 6.1432 });
    expect(doc).not.toHaveProperty("_geo");
  });
});
