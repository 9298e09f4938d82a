import { describe, expect, it } from "vitest";
import { dayToText, textToDay } from "./day-text";

describe("date fields", () => {
  it("show a stored day as DD/MM/YYYY and leave anything else as it is", () => {
    expect(dayToText("2026-11-24")).toBe("24/11/2026");
    expect(dayToText("")).toBe("");
    expect(dayToText("31/02")).toBe("31/02");
  });

  it("send what people type as YYYY-MM-DD, whatever the separator", () => {
    expect(textToDay("24/11/2026")).toBe("2026-11-24");
    expect(textToDay(" 4.7.1990 ")).toBe("1990-07-04");
    expect(textToDay("04-07-1990")).toBe("1990-07-04");
    expect(textToDay("1990-07-04")).toBe("1990-07-04");
  });

  it("send impossible or unfinished dates as typed, for the server to refuse on the field", () => {
    expect(textToDay("31/02/2026")).toBe("31/02/2026");
    expect(textToDay("24/11")).toBe("24/11");
    expect(textToDay("demain")).toBe("demain");
    expect(textToDay("")).toBe("");
  });
});
