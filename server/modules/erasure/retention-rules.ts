/**
 * The retention rules (issue 30, ADR 0048), written once: the daily job applies them, the admin's
 * retention page shows them. A delay counts from the person's last activity (ADR 0048 defines it:
 * account creation, sign-in, application, profile change, a cancelled warning).
 */
export const RETENTION_WARNING_DAYS = 30;

export interface RetentionRule {
  /** also the translation key of what goes (`erasure:retention.rules.<id>`) */
  id: "inactive-candidate" | "candidate-abroad" | "refused-applications" | "expired-credentials";
  /** in days (two years: 730 days, never later than the calendar's two years) */
  delayDays: number;
  /** the law or text the delay comes from */
  source: string;
  /** the person is warned 30 days before and erased through the erasure step (else the rule removes data, not a person) */
  erases: boolean;
}

export const RETENTION_RULES: readonly RetentionRule[] = [
  {
    id: "inactive-candidate",
    delayDays: 730,
    source:
      "GDPR art. 5(1)(e) (storage limitation); nLPD art. 6(4); CNIL, recruitment guidelines: 2 years after the last contact",
    erases: true,
  },
  {
    id: "candidate-abroad",
    delayDays: 181,
    source: "Product specification section 9 (a candidate living abroad is kept 6 months); GDPR art. 5(1)(e)",
    erases: true,
  },
  {
    // counted from the refusal (the application's last change); anonymises the application, not the person
    id: "refused-applications",
    delayDays: 730,
    source:
      "CNIL, recruitment guidelines: an unsuccessful applicant's data at most 2 years after the last contact, unless they agree to be kept; GDPR art. 5(1)(e); nLPD art. 6(4)",
    erases: false,
  },
  {
    id: "expired-credentials",
    delayDays: 0,
    source:
      "GDPR art. 5(1)(c) and (e) (data minimisation): one-time tokens, sessions and rate-limit rows past their life",
    erases: false,
  },
];

/** Countries the platform works in: a candidate living elsewhere falls under "candidate-abroad". */
export const HOME_COUNTRIES = ["CH", "FR"] as const;

const DAY_MS = 86_400_000;

/** The last activity at or before which the rule applies now (for the warning: `warnDays` ahead). */
export const activityLimit = (rule: RetentionRule, now: Date, warnDays = 0) =>
  new Date(now.getTime() - (rule.delayDays - warnDays) * DAY_MS);

export const ruleById = (id: string) => RETENTION_RULES.find((r) => r.id === id);
