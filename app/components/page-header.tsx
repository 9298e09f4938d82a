import type { ReactNode } from "react";
import { cn } from "~/utils/cn";

/**
 * The title of a signed-in page (`page-title`), what belongs beside it (a state badge, the live
 * status) and the page's own actions, pushed to the right.
 */
export function PageHeader({
  title,
  children,
  actions,
  className,
  titleClassName,
}: {
  title: ReactNode;
  /** shown right after the title */
  children?: ReactNode;
  /** the page's actions (create, back links...), at the end of the line */
  actions?: ReactNode;
  className?: string;
  titleClassName?: string;
}) {
  return (
    <div className={cn("flex flex-wrap items-center gap-3", className)}>
      <h1 className={cn("text-2xl font-semibold", titleClassName)} data-testid="page-title">
        {title}
      </h1>
      {children}
      {actions && <div className="ml-auto flex flex-wrap items-center gap-2">{actions}</div>}
    </div>
  );
}
