import { describe, expect, it } from "vitest";
import { apiClient } from "../support/api-client";
import { appHarness, DEMO_PASSWORD } from "../support/harness";

/** Rate limits of /api/v1 (issue 31): per token family (API_RATE_LIMIT a minute), 429 with Retry-After; another family has its own. */
const app = appHarness({ API_RATE_LIMIT: "5" });
const api = apiClient(() => app.url);

describe("the rate limit", () => {
  it("answers 429 with Retry-After past the limit of a token family, and counts each family apart", async () => {
    // the token requests count against the address (no family yet): two of five
    const one = (await api.signIn("candidate@demo.test", DEMO_PASSWORD, "one")).access_token;
    const two = (await api.signIn("candidate@demo.test", DEMO_PASSWORD, "two")).access_token;
    for (let i = 0; i < 5; i++) expect((await api.call("get", "/me", { token: one })).status).toBe(200);
    const limited = await api.call("get", "/me", { token: one, headers: { "accept-language": "en" } });
    expect(limited.status).toBe(429);
    expect(limited.body.key).toBe("api_rate_limited");
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // the other family of the same person is not limited by the first's use
    expect((await api.call("get", "/me", { token: two })).status).toBe(200);
  });
});
