import { describe, expect, it } from "vitest";
import { preferenceTypeOf, wants } from "./preferences";

describe("notification preferences", () => {
  it("file each notice under the profile's types", () => {
    expect(preferenceTypeOf("application_retained")).toBe("applications");
    expect(preferenceTypeOf("proposal_new")).toBe("proposals");
    expect(preferenceTypeOf("search_alert")).toBe("job_alerts");
    expect(preferenceTypeOf("documents_expiring")).toBe("documents");
    expect(preferenceTypeOf("data_export_ready")).toBeNull();
  });

  it("send everything until the person chooses; then only the chosen channels of the known types", () => {
    expect(wants(null, "application_retained", "email")).toBe(true);
    expect(wants(["applications.in_app"], "application_retained", "email")).toBe(false);
    expect(wants(["applications.in_app"], "application_retained", "in_app")).toBe(true);
    expect(wants([], "proposal_new", "in_app")).toBe(false);
    expect(wants([], "data_export_ready", "email")).toBe(true);
  });
});
