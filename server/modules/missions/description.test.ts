import { describe, expect, it } from "vitest";
import { descriptionText, sanitizeDescription } from "./description";
import { adFormSchema } from "./ad-form-schema";
import { slugify } from "./rules";

describe("ad description", () => {
  it("keeps formatting and drops scripts, handlers, styles and javascript: links", () => {
    const html = sanitizeDescription(
      `<p onclick="x()" style="color:red">Hello <strong>team</strong><script>alert(1)</script></p><a href="javascript:alert(1)">x</a><img src=x onerror=alert(1)><ul><li>CFC</li></ul>`,
    );
    expect(html).toBe(
      `<p>Hello <strong>team</strong></p><a rel="nofollow noopener" target="_blank">x</a><ul><li>CFC</li></ul>`,
    );
  });

  it("turns plain text (a form without JavaScript) into escaped paragraphs", () => {
    expect(sanitizeDescription("Line one\nline two\n\n5 < 6 & co")).toBe(
      "<p>Line one<br />line two</p><p>5 &lt; 6 &amp; co</p>",
    );
  });

  it("gives the words without markup", () => {
    expect(descriptionText("<p>Un&nbsp;<strong>maçon</strong></p><ul><li>CFC &amp; permis</li></ul>")).toBe(
      "Un maçon CFC & permis",
    );
  });
});

describe("ad rules", () => {
  it("makes URL slugs without accents or symbols", () => {
    expect(slugify("Électricien·ne (H/F) à Genève !")).toBe("electricien-ne-h-f-a-geneve");
    expect(slugify("???")).toBe("annonce");
  });

  it("reports crossed dates and salaries on their fields", () => {
    const result = adFormSchema.safeParse({
      title: "T",
      description: "D",
      language: "fr",
      sectorId: "s",
      professionId: "p",
      jobType: "full_time",
      contract: "temporary",
      activityRateMin: "100",
      activityRateMax: "80",
      places: "1",
      salaryMin: "40",
      salaryMax: "30",
      salaryPeriod: "hour",
      commitment: "date",
      commitmentDate: "2027-05-02",
      endDate: "2027-05-01",
      placeText: "Genève",
      country: "CH",
    });
    expect(result.success).toBe(false);
    const issues = Object.fromEntries(result.error!.issues.map((i) => [i.path.join("."), i.message]));
    expect(issues).toMatchObject({
      salaryMax: "validation.salary_order",
      activityRateMax: "validation.rate_order",
      endDate: "validation.end_after_start",
    });
  });
});
