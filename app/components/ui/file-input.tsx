import { forwardRef, useId, useState, type InputHTMLAttributes } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "~/utils/cn";
import { buttonVariants } from "./button";

/**
 * A file field in the page's language and the product's look. The native input stays the one
 * the form sends, the one focused and announced under the field's label; once the page runs it
 * is hidden, and a button and the chosen file's name stand in for the browser's own words
 * ("Choose file", "No file chosen", in the browser's language, not the page's). Without
 * JavaScript the native input shows, as the chosen name could not.
 */
export const FileInput = forwardRef<HTMLInputElement, Omit<InputHTMLAttributes<HTMLInputElement>, "type">>(
  function FileInput({ id, className, onChange, ...props }, ref) {
    const { t } = useTranslation();
    const own = useId();
    const inputId = id ?? own;
    const [chosen, setChosen] = useState<string | null>(null);
    return (
      <div className={cn("flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1", className)}>
        <input
          ref={ref}
          id={inputId}
          type="file"
          className="file-input-native min-w-0 max-w-full text-sm file:mr-3 file:rounded-md file:border file:border-input file:bg-background file:px-3 file:py-1.5 file:text-sm"
          onChange={(e) => {
            onChange?.(e);
            // read after the page's own handler, which may have refused the file and cleared it
            const files = e.currentTarget.files;
            setChosen(files?.length ? [...files].map((f) => f.name).join(", ") : null);
          }}
          {...props}
        />
        <label
          htmlFor={inputId}
          aria-hidden
          className={cn(buttonVariants({ variant: "outline", size: "sm" }), "js-only cursor-pointer")}
        >
          {t("files.choose")}
        </label>
        <span aria-hidden className="js-only min-w-0 truncate text-sm text-muted-foreground" data-testid="file-chosen">
          {chosen ?? t("files.none")}
        </span>
      </div>
    );
  },
);
