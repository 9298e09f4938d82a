import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { allowSocketOrigin, requestOrigin } from "./origin-check";

const req = (headers: Record<string, string>) =>
  ({ headers: { host: "app.test:3000", ...headers } }) as unknown as IncomingMessage;
const policy = { publicUrl: "https://missio.example" };

describe("requestOrigin", () => {
  it("accepts the site's own origin, by Host or PUBLIC_URL", () => {
    expect(requestOrigin(req({ origin: "http://app.test:3000" }), policy)).toBe("same");
    expect(requestOrigin(req({ origin: "https://missio.example" }), policy)).toBe("same");
  });
  it("refuses other sites and opaque origins", () => {
    expect(requestOrigin(req({ origin: "https://evil.test" }), policy)).toBe("cross");
    expect(requestOrigin(req({ origin: "http://app.test:3001" }), policy)).toBe("cross");
    expect(requestOrigin(req({ origin: "null" }), policy)).toBe("cross");
  });
  it("falls back on the Referer when Origin is absent or null", () => {
    expect(requestOrigin(req({ origin: "null", referer: "http://app.test:3000/login" }), policy)).toBe("same");
    expect(requestOrigin(req({ referer: "https://evil.test/page" }), policy)).toBe("cross");
    expect(requestOrigin(req({}), policy)).toBe("unknown");
  });
  it("X-Forwarded-Host counts only behind a trusted proxy", () => {
    const r = req({ origin: "https://evil.test", "x-forwarded-host": "evil.test" });
    expect(requestOrigin(r, policy)).toBe("cross");
    expect(requestOrigin(r, { ...policy, trustProxy: true })).toBe("same");
  });
});

describe("socket handshake origin", () => {
  const allowed = (headers: Record<string, string>) =>
    new Promise<boolean>((resolve) => allowSocketOrigin(policy)(req(headers), (_err, ok) => resolve(ok)));
  it("accepts same-origin and origin-less handshakes, refuses others", async () => {
    expect(await allowed({ origin: "http://app.test:3000" })).toBe(true);
    expect(await allowed({})).toBe(true);
    expect(await allowed({ origin: "https://evil.test" })).toBe(false);
    expect(await allowed({ origin: "null" })).toBe(false);
  });
});
