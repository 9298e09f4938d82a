import type { HTMLAttributes } from "react";
import { cn } from "~/utils/cn";

/**
 * A small coloured label (a status): one line whatever its language, so a long German status
 * never turns into an oval; the colour comes from `className`.
 */
export function Badge({ className, ...props }: HTMLAttributes<HTMLSpanElement>) {
  return (
    <span
      className={cn(
        "inline-flex w-fit items-center whitespace-nowrap rounded-full bg-secondary px-2 py-0.5 text-xs font-medium",
        className,
      )}
      {...props}
    />
  );
}
