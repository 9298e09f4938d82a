import type { ReactNode } from "react";
import { cn } from "~/utils/cn";

const TONES = {
  /** a neutral outcome: sent, removed, signed out */
  neutral: "rounded-md bg-secondary p-3",
  /** a saved change */
  success:
    "rounded-md border border-emerald-300 bg-emerald-50 p-3 text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100",
  /** something to know about the page itself (a copy, a closed record) */
  info: "rounded-md border border-primary/40 bg-primary/5 p-3",
  /** a short success line beside the form or row it belongs to */
  inline: "text-emerald-700 dark:text-emerald-300",
} as const;

/**
 * The outcome of what the person just did, announced politely (role="status") and rendered by the
 * server, so it shows without JavaScript too. Modal messages use StatusPanel instead.
 */
export function StatusNotice({
  tone = "neutral",
  testId,
  className,
  children,
}: {
  tone?: keyof typeof TONES;
  testId?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <p role="status" className={cn("text-sm", TONES[tone], className)} data-testid={testId}>
      {children}
    </p>
  );
}
