import { describe, expect, it } from "vitest";
import { calendarFile } from "./calendar";

const item = {
  id: "6f1c4a5e-8f43-4c7e-9a57-0d5f3c1f2b10",
  kind: "meeting",
  subject: "Entretien; Léa, cariste\\nuit",
  notes: `Ligne 1\nLigne 2 ${"é".repeat(60)}`,
  dueAt: new Date("2026-11-27T13:30:00Z"),
  doneAt: null,
  version: 3,
};

/** RFC 5545 unfolding (3.1): a CRLF followed by a space or tab continues the line. */
const unfold = (ics: string) => ics.replace(/\r\n[ \t]/g, "");

describe("the ICS feed (RFC 5545)", () => {
  it("ends every line with CRLF and folds lines past 75 octets", () => {
    const ics = calendarFile([item], { name: "Missio", link: "https://missio.example/activites-generales" });
    expect(ics.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
    expect(ics.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(ics.replace(/\r\n/g, "")).not.toContain("\n");
    for (const line of ics.split("\r\n")) expect(Buffer.byteLength(line, "utf8")).toBeLessThanOrEqual(75);
  });

  it("escapes text, keeps a stable UID with the version as SEQUENCE, times in UTC, the meeting an hour", () => {
    const lines = unfold(calendarFile([item], { name: "Missio", link: "https://x.test/a" })).split("\r\n");
    expect(lines).toContain("SUMMARY:Entretien\\; Léa\\, cariste\\\\nuit");
    expect(lines).toContain(`DESCRIPTION:Ligne 1\\nLigne 2 ${"é".repeat(60)}`);
    expect(lines).toContain(`UID:activity-${item.id}@missio`);
    expect(lines).toContain("SEQUENCE:3");
    expect(lines).toContain("DTSTART:20261127T133000Z");
    expect(lines).toContain("DURATION:PT60M");
    expect(lines).toContain("STATUS:CONFIRMED");
  });

  it("marks a done task cancelled, half an hour long; an empty feed is still a calendar", () => {
    const lines = unfold(
      calendarFile([{ ...item, kind: "task", doneAt: new Date(), subject: null, notes: null }], {
        name: "Missio",
        link: "https://x.test/a",
      }),
    ).split("\r\n");
    expect(lines).toContain("STATUS:CANCELLED");
    expect(lines).toContain("DURATION:PT30M");
    const empty = calendarFile([], { name: "Missio", link: "https://x.test/a" });
    expect(empty).toMatch(/^BEGIN:VCALENDAR\r\n[\s\S]*END:VCALENDAR\r\n$/);
    expect(empty).not.toContain("VEVENT");
  });
});
