import { describe, expect, it } from "vitest";
import { apiClient } from "../support/api-client";
import { pdfBytes } from "../support/documents";
import { appHarness, DEMO_PASSWORD } from "../support/harness";

/**
 * The candidate's walk through /api/v1 using only HTTP (issue 31): a token, the job search, an
 * ad, applying with a new CV, the applications and their history, the documents, a timesheet day
 * entered and the week submitted, notifications. Every answer is checked against the served
 * OpenAPI document (api-client.ts).
 */
const app = appHarness();
const api = apiClient(() => app.url);

async function searchUntilFound(token: string) {
  // the app's indexer fills its own Meilisearch from the demo's events after start
  for (let i = 0; i < 100; i++) {
    const res = await api.call("get", "/jobs?sort=date", { token });
    if (res.status === 200 && res.body.total > 0) return res.body;
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error("the job search never found the demo's ads");
}

describe("a candidate through the API", () => {
  it("signs in, searches, applies with a CV, reads the application and its history, enters a day and submits the week", async () => {
    const { access_token: token, expires_in } = await api.signIn("ana.silva@demo.test", DEMO_PASSWORD, "walk");
    expect(expires_in).toBe(900);

    const me = await api.call("get", "/me", { token });
    expect(me.body).toMatchObject({ email: "ana.silva@demo.test", role: "CANDIDATE" });

    const found = await searchUntilFound(token);
    expect(found.hits.every((h: { fit: unknown }) => h.fit !== null)).toBe(true);
    // sorted by how the ads fit her profile; a lowest fit leaves the poorer ones out
    const byFit = await api.call("get", "/jobs?sort=fit", { token });
    const scores: number[] = byFit.body.hits.map((h: { fit: { score: number } }) => h.fit.score);
    expect(scores.length).toBeGreaterThan(0);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    const floor = Math.min(...scores) + 1;
    const level = [50, 70, 85].find((l) => l >= floor && l <= Math.max(...scores)) ?? 85;
    const kept = await api.call("get", `/jobs?sort=fit&fit=${level}`, { token });
    expect(kept.body.total).toBeLessThan(byFit.body.total);
    expect(kept.body.hits.every((h: { fit: { score: number } }) => h.fit.score >= level)).toBe(true);
    // without a candidate's token, no fit
    expect((await api.call("get", "/jobs?sort=fit")).body.hits.every((h: { fit: unknown }) => h.fit === null)).toBe(
      true,
    );
    // an ad she has not applied to
    let adId: number | null = null;
    let questions: string[] = [];
    for (const hit of found.hits) {
      const ad = await api.call("get", `/jobs/${hit.id}`, { token });
      expect(ad.status).toBe(200);
      if (!ad.body.myApplication) {
        adId = hit.id;
        questions = ad.body.questions;
        break;
      }
    }
    expect(adId).not.toBeNull();

    const form = new FormData();
    form.append("cv", "upload");
    form.append("message", "Disponible dès lundi.");
    questions.forEach((_, i) => form.append(`q${i}`, "yes"));
    form.append("cvFile", new Blob([new Uint8Array(pdfBytes("Ana's CV"))], { type: "application/pdf" }), "ana-cv.pdf");
    const applied = await api.call("post", `/jobs/${adId}/applications`, { token, multipart: form });
    expect(applied.status, JSON.stringify(applied.body)).toBe(201);
    const applicationId = applied.body.id as string;

    // the ad now says so, and applying again is the page's refusal
    expect((await api.call("get", `/jobs/${adId}`, { token })).body.myApplication).toMatchObject({
      id: applicationId,
      status: 3,
    });
    const again = new FormData();
    questions.forEach((_, i) => again.append(`q${i}`, "no"));
    const twice = await api.call("post", `/jobs/${adId}/applications`, { token, multipart: again });
    expect(twice.status).toBe(409);
    expect(twice.body.key).toBe("candidature_exist");

    const pending = await api.call("get", "/me/applications?list=pending", { token });
    expect(pending.body.map((a: { id: string }) => a.id)).toContain(applicationId);
    const one = await api.call("get", `/me/applications/${applicationId}`, { token });
    expect(one.body).toMatchObject({ id: applicationId, adId, cvName: "ana-cv.pdf" });
    expect(one.body.history.map((h: { kind: string }) => h.kind)).toContain("submitted");

    // the new CV was kept in her documents first
    const documents = await api.call("get", "/me/documents", { token });
    expect(
      documents.body.some((d: { name: string; category: string }) => d.name === "ana-cv.pdf" && d.category === "cv"),
    ).toBe(true);

    // her week in progress: a day entered, then the week submitted
    const sheets = await api.call("get", "/me/timesheets?status=in_progress", { token });
    expect(sheets.body.length).toBeGreaterThan(0);
    const sheetId = sheets.body[0].id as string;
    const sheet = await api.call("get", `/me/timesheets/${sheetId}`, { token });
    expect(sheet.body.actions).toContain("submit");
    const day = sheet.body.openDays.at(-1) as string;
    const saved = await api.call("put", `/me/timesheets/${sheetId}/days/${day}`, {
      token,
      json: { start1: "08:00", end1: "12:30", breakMin: 0, mealFees: "12.50", notes: "Inventaire" },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const entered = await api.call("get", `/me/timesheets/${sheetId}`, { token });
    expect(entered.body.days.find((d: { day: string }) => d.day === day)).toMatchObject({
      ranges: [{ startMin: 480, endMin: 750 }],
      mealFees: 1250,
      notes: "Inventaire",
    });
    // submitting at an older version is refused (changed since), at the current one accepted
    const staleSheet = await api.call("post", `/me/timesheets/${sheetId}/submit`, { token, json: { version: 1 } });
    expect(staleSheet.status).toBe(409);
    const submitted = await api.call("post", `/me/timesheets/${sheetId}/submit`, {
      token,
      json: { version: entered.body.version },
    });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    expect((await api.call("get", `/me/timesheets/${sheetId}`, { token })).body.status).toBe("employee_validated");

    // her profile: a section saved at the version read; an older version or a bad value refused
    const profile = await api.call("get", "/me/profile", { token });
    const version = profile.body.versions.about ?? 0;
    const about = await api.call("put", "/me/profile/about", {
      token,
      json: { version, values: { aboutMe: "Cariste depuis dix ans.", linkedin: "https://www.linkedin.com/in/ana" } },
    });
    expect(about.status, JSON.stringify(about.body)).toBe(200);
    expect(about.body.about).toMatchObject({ aboutMe: "Cariste depuis dix ans." });
    const stale = await api.call("put", "/me/profile/about", { token, json: { version, values: { aboutMe: "x" } } });
    expect(stale.status).toBe(409);
    const bad = await api.call("put", "/me/profile/about", {
      token,
      json: { version: about.body.versions.about, values: { linkedin: "not a link" } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe("values.linkedin");
    // her address and her wished places, by the ids of the reference list's places
    const places = (await api.call("get", "/places?q=Lausanne&country=CH")).body as {
      id: string;
      name: string;
      postalCode: string;
    }[];
    const lausanne = places.find((p) => p.name === "Lausanne")!;
    expect(lausanne).toBeDefined();
    const versions = () =>
      api.call("get", "/me/profile", { token }).then((r) => r.body.versions as Record<string, number>);
    const unknownPlace = await api.call("put", "/me/profile/address", {
      token,
      json: { version: (await versions()).address ?? 0, values: { street: "Rue du Lac 1", localityId: "nowhere" } },
    });
    expect(unknownPlace.status).toBe(400);
    expect(unknownPlace.body.errors[0]).toMatchObject({ field: "values.localityId", key: "validation.place_unknown" });
    const address = await api.call("put", "/me/profile/address", {
      token,
      json: { version: (await versions()).address ?? 0, values: { street: "Rue du Lac 1", localityId: lausanne.id } },
    });
    expect(address.status, JSON.stringify(address.body)).toBe(200);
    expect(address.body.address).toMatchObject({
      street: "Rue du Lac 1",
      city: "Lausanne",
      country: "CH",
      regionCode: "CH-VD",
    });
    const criteria = await api.call("put", "/me/profile/criteria", {
      token,
      json: {
        version: (await versions())["criteria:main"] ?? 0,
        values: { placeIds: [lausanne.id], radiusKm: 20, contractType: "temporary", occupancyRate: 80 },
      },
    });
    expect(criteria.status, JSON.stringify(criteria.body)).toBe(200);
    const main = (criteria.body.profiles as { id: string; criteria: Record<string, unknown> }[]).find(
      (p) => p.id === "main",
    );
    expect(main?.criteria).toMatchObject({
      places: [{ id: lausanne.id, label: `Lausanne (${lausanne.postalCode})` }],
      radiusKm: 20,
    });
    const badPlace = await api.call("put", "/me/profile/criteria", {
      token,
      json: { version: criteria.body.versions["criteria:main"], values: { placeIds: [lausanne.id, "nowhere"] } },
    });
    expect(badPlace.status).toBe(400);
    expect(badPlace.body.errors[0].field, JSON.stringify(badPlace.body)).toBe("values.placeIds.1");

    // the rest of her space reads too
    // the proposal awaiting her answer: accepted; withdrawn before the consultant picks (the page's rule); then answered
    const proposals = (await api.call("get", "/me/proposals", { token })).body as { id: string; response: string }[];
    const waiting = proposals.find((p) => p.response === "pending");
    expect(waiting).toBeDefined();
    const responseOf = async () =>
      ((await api.call("get", "/me/proposals", { token })).body as { id: string; response: string }[]).find(
        (p) => p.id === waiting!.id,
      )!.response;
    expect((await api.call("post", `/me/proposals/${waiting!.id}/accept`, { token })).status).toBe(200);
    expect(await responseOf()).toBe("accepted");
    expect((await api.call("post", `/me/proposals/${waiting!.id}/decline`, { token })).status).toBe(200);
    expect(await responseOf()).toBe("declined");
    const acceptAfter = await api.call("post", `/me/proposals/${waiting!.id}/accept`, { token });
    expect(acceptAfter.status).toBe(409);
    expect(acceptAfter.body.key).toBe("proposal_already_answered");
    expect((await api.call("get", "/me/shifts", { token })).status).toBe(200);
    expect((await api.call("get", "/me/notifications", { token })).status).toBe(200);
    expect((await api.call("post", "/me/notifications/read", { token, json: {} })).status).toBe(200);
  });

  it("serves the reference page and the document of every route", async () => {
    const docs = await fetch(`${app.url}/api/v1/docs`);
    expect(docs.status).toBe(200);
    const html = await docs.text();
    for (const op of await api.operations()) expect(html).toContain(`/api/v1${op.split(" ")[1]!}`);
    expect(html).not.toMatch(/https?:\/\/(?!localhost)[^"]*\.(js|css)/);
  });
});
