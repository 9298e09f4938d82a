import { describe, expect, it } from "vitest";
import { formatMoney, formatMoneyRange, formatNumber, moneyLocale } from "./numbers";

/** Intl separates groups with a narrow no-break space in French: compared as plain spaces. */
const plain = (s: string | null) => s?.replace(/[\u202f\u00a0]/g, " ");

describe("money by the country it is paid in", () => {
  it("writes Swiss francs the Swiss way, whatever the page's language", () => {
    expect(formatMoney(2900.5, "CH", "de")).toBe("2'900.50");
    expect(formatMoney(2900, "CH", "de")).toBe("2'900");
    expect(plain(formatMoney(2900.5, "CH", "fr"))).toBe("2 900.50");
    // English and Portuguese readers see Swiss amounts in the country's first language
    expect(formatMoney(2900.5, "CH", "en")).toBe("2'900.50");
    expect(formatMoney(2900.5, "CH", "pt")).toBe("2'900.50");
    expect(moneyLocale("CH", "it")).toBe("it-CH");
  });

  it("writes euros in France the French way, even for a German reader", () => {
    expect(plain(formatMoney(2900.5, "FR", "fr"))).toBe("2 900,50");
    expect(plain(formatMoney(2900.5, "FR", "de"))).toBe("2 900,50");
    expect(moneyLocale("FR", "en")).toBe("fr-FR");
  });

  it("shows cents only when an amount has some, in ranges too", () => {
    expect(formatMoneyRange(41, 42.5, "CH", "fr")).toBe("41–42.50");
    expect(formatMoneyRange(41, 42.5, "FR", "fr")).toBe("41–42,50");
    expect(formatMoneyRange(32, 32, "CH", "de")).toBe("32");
    expect(formatMoneyRange(null, 4500, "CH", "de")).toBe("4'500");
    expect(formatMoneyRange(null, null, "CH", "de")).toBeNull();
  });

  it("formats counts and measures in the page's language", () => {
    expect(plain(formatNumber(12345, "fr"))).toBe("12 345");
    expect(formatNumber(2.345, "de", 1)).toBe("2,3");
  });
});
