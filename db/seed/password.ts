/** The password of every demo account (printed at start; the generated candidates share it). */
export const DEMO_PASSWORD = "Demo-Pass-2026";
