import { paidDays, workedMinutes, type DayEntry, type DayReduction } from "../timesheets/contract";

/**
 * What a validated sheet counts for (pure): the paid minutes (less the client's reductions) and
 * the amounts paid besides the hours (meals, other costs, parking, travel), in cents. The product
 * keeps no hourly wage, so these expenses are the pay amounts it can add up (ADR 0043).
 */
export function sheetTotals(days: readonly DayEntry[], reductions: readonly DayReduction[]) {
  let minutes = 0;
  let amountCents = 0;
  for (const d of paidDays(days, reductions)) {
    minutes += workedMinutes(d);
    amountCents += d.mealFees + d.miscCosts + d.parking + d.travelFees;
  }
  return { minutes, amountCents };
}
