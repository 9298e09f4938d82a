import type { ReactNode } from "react";
import { cn } from "~/utils/cn";

/** What a list says when it has nothing to show (and, in `children`, what to do about it). */
export function EmptyState({
  message,
  children,
  testId,
  className,
}: {
  message: ReactNode;
  children?: ReactNode;
  testId?: string;
  className?: string;
}) {
  return (
    <div
      className={cn(
        "card-surface grid justify-items-center gap-3 p-6 text-center text-sm text-muted-foreground",
        className,
      )}
      data-testid={testId}
    >
      <p>{message}</p>
      {children}
    </div>
  );
}
