import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { REDACTED, scrubUrl } from "../../server/lib/log-scrub";
import { ROOT } from "../../server/lib/root";

/** Every route whose URL ends in a `$token` parameter, as the URL a person opens (flat-routes: `.` is `/`, `_public+/` is no segment). */
function tokenRoutes(): string[] {
  const dir = path.join(ROOT, "app/routes");
  const files = fs.readdirSync(dir, { recursive: true, encoding: "utf8" });
  return files
    .filter((f) => /\$token\.tsx?$/.test(f))
    .map((f) =>
      f
        .replace(/\.tsx?$/, "")
        .split(/[/.]/)
        .filter((segment) => !segment.startsWith("_"))
        .join("/"),
    );
}

describe("request logs keep no link token", () => {
  const routes = tokenRoutes();

  it("finds the token pages among the routes", () => {
    expect(routes).toEqual(expect.arrayContaining(["set-password/$token", "releves-heures/lien/$token"]));
  });

  it.each(routes)("redacts the token of /%s in a logged URL", (route) => {
    const url = `/${route.replace("$token", "s3cr3t-T0ken_value")}?lng=fr`;
    const logged = scrubUrl(url);
    expect(logged).not.toContain("s3cr3t");
    expect(logged).toBe(`/${route.replace("$token", REDACTED)}?lng=fr`);
    expect(scrubUrl(`http://localhost:3000${url}`)).not.toContain("s3cr3t");
  });
});
