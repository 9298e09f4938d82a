import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { Button } from "~/components/ui/button";

/**
 * A step that needs a reason (cancel, ask a check, mark not performed, adjust): folded under its
 * name until opened, then a reason field and a confirm button. A plain form, so it works without
 * JavaScript; the field takes the row's width on a phone.
 */
export function ReasonStep({
  id,
  title,
  reasonLabel,
  confirmLabel,
  required = true,
  busy,
  hidden,
}: {
  /** the action: names the test ids (open-, reason-, do-) */
  id: string;
  title: string;
  reasonLabel: string;
  confirmLabel: string;
  required?: boolean;
  busy: boolean;
  /** the form's hidden fields (intent, sheet id, version) */
  hidden: ReactNode;
}) {
  return (
    <details className="min-w-0 max-w-full rounded-md border px-2 py-1">
      <summary className="cursor-pointer text-sm" data-testid={`open-${id}`}>
        {title}
      </summary>
      <Form method="post" className="mt-2 flex flex-wrap items-end gap-2">
        {hidden}
        <label className="grid min-w-0 max-w-full gap-1 text-xs">
          {reasonLabel}
          <input
            name="reason"
            required={required}
            maxLength={1000}
            className="h-8 w-64 max-w-full rounded-md border px-2"
            data-testid={`reason-${id}`}
          />
        </label>
        <Button type="submit" size="sm" variant="outline" disabled={busy} data-testid={`do-${id}`}>
          {confirmLabel}
        </Button>
      </Form>
    </details>
  );
}
