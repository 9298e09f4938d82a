import * as React from "react";
import { cn } from "~/utils/cn";
import { DateInput } from "./date-input";

/** A text field; a date becomes the DateInput (the page's language, not the browser's). */
export const Input = React.forwardRef<HTMLInputElement, React.InputHTMLAttributes<HTMLInputElement>>(
  ({ className, ...props }, ref) => {
    if (props.type === "date") {
      const { type: _type, value, defaultValue, ...rest } = props;
      return (
        <DateInput
          ref={ref}
          className={className}
          defaultValue={defaultValue ?? (typeof value === "string" ? value : undefined)}
          {...rest}
        />
      );
    }
    return (
      <input
        ref={ref}
        className={cn(
          "flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-sm placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-[invalid=true]:border-destructive",
          className,
        )}
        {...props}
      />
    );
  },
);
Input.displayName = "Input";
