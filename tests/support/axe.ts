/**
 * axe-core run inside a Playwright page: the benchmark's report (tests/bench/lighthouse.ts) and the
 * accessibility e2e test (tests/e2e/platform/accessibility.spec.ts) share it.
 */
import axe from "axe-core";
import type { Page } from "@playwright/test";

export interface AxeViolation {
  id: string;
  impact: string;
  /** how many elements break the rule */
  nodes: number;
  /** the first element's selector */
  target: string;
  help: string;
}

/** Lighthouse's mobile screen (Moto G Power) and the e2e desktop. */
export const VIEWPORTS = {
  mobile: { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true },
  desktop: { viewport: { width: 1280, height: 800 } },
} as const;

/** axe's default rules (WCAG 2.0-2.2 A/AA and best practices) on the page as it is now. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  // evaluate, not a script tag: the app's CSP allows no inline script without its nonce
  await page.evaluate(axe.source);
  const violations = await page.evaluate(async () => {
    const result = await (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ["violations"] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? "",
      nodes: v.nodes.length,
      target: String(v.nodes[0]?.target[0] ?? ""),
      help: v.help,
    }));
  });
  return violations;
}
