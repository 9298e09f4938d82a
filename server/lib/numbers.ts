/**
 * Numbers and money as people read them, one place for the app, mails and documents (pure).
 * Money follows the country it is paid in, not only the page's language (issue 16): Swiss francs
 * the Swiss way ("2'900.50", "2 900.50" in French), euros the French way ("2 900,50"), in the
 * reader's language when it is one of that country's, else in the country's first language.
 */

/** Money is shown in the ad's country currency (DESIGN.md section 9). */
export const currencyOf = (country: string) => (country === "CH" ? "CHF" : "EUR");

const COUNTRY_LANGUAGES: Record<string, readonly string[]> = { CH: ["de", "fr", "it"], FR: ["fr"] };

/** The locale money of a country is written in for a reader of `language`: "fr-CH", "de-CH" for English readers, "fr-FR". */
export function moneyLocale(country: string, language: string): string {
  const languages = COUNTRY_LANGUAGES[country];
  if (!languages) return language;
  return `${languages.includes(language) ? language : languages[0]}-${country}`;
}

/**
 * An amount without its currency code (the sentence places it), with cents only when it has
 * some: "2'900", "42.50". Intl's currency style gives each country its own separators (Swiss
 * French writes francs with a point), then the code is left out.
 */
export function formatMoney(amount: number, country: string, language: string): string {
  // a page of results formats the same few amounts over and over: the text is kept
  const key = `${amount} ${country} ${language}`;
  let text = moneyTexts.get(key);
  if (text === undefined) {
    const digits = Number.isInteger(amount) ? 0 : 2;
    const locale = moneyLocale(country, language);
    text = formatter(
      `money ${country} ${language} ${digits}`,
      () =>
        new Intl.NumberFormat(locale, {
          style: "currency",
          currency: currencyOf(country),
          currencyDisplay: "code",
          minimumFractionDigits: digits,
          maximumFractionDigits: digits,
        }),
    )
      .formatToParts(amount)
      .filter((p) => p.type !== "currency" && p.type !== "literal")
      // ICU builds disagree on Swiss French groups (Node 24's an apostrophe, Chromium's and Node 20's a
      // narrow no-break space): fixed, so that the server's page and the browser's render agree
      .map((p) => (p.type === "group" && locale === "fr-CH" ? "\u202f" : p.value))
      .join("");
    if (moneyTexts.size >= 10_000) moneyTexts.clear();
    moneyTexts.set(key, text);
  }
  return text;
}
const moneyTexts = new Map<string, string>();

/** "41–42.50", one amount when both ends are the same or one is missing, null without any. */
export function formatMoneyRange(
  min: number | null | undefined,
  max: number | null | undefined,
  country: string,
  language: string,
): string | null {
  if (min != null && max != null && min !== max)
    return `${formatMoney(min, country, language)}–${formatMoney(max, country, language)}`;
  const one = min ?? max;
  return one == null ? null : formatMoney(one, country, language);
}

/** A count or measure in the page's language ("12 345", "2,5"), at most `fractionDigits` decimals. */
export function formatNumber(value: number, language: string, fractionDigits = 0): string {
  return formatter(
    `number ${language} ${fractionDigits}`,
    () => new Intl.NumberFormat(language, { maximumFractionDigits: fractionDigits }),
  ).format(value);
}

/** Formatters are costly to build (a page of results built dozens): one per kind, kept. */
const formatters = new Map<string, Intl.NumberFormat>();
function formatter(key: string, build: () => Intl.NumberFormat): Intl.NumberFormat {
  let f = formatters.get(key);
  if (!f) {
    f = build();
    // the keys are languages, countries and digits: a few dozen; the bound only guards odd input
    if (formatters.size < 500) formatters.set(key, f);
  }
  return f;
}
