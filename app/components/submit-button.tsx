import { useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { Button, type ButtonProps } from "~/components/ui/button";

/**
 * A form's submit button that is disabled while a submission is in flight (so a form is never
 * sent twice) and, when it is the button that sent it, says so with `pendingLabel`. It follows
 * the page's navigation; a fetcher's form passes its own `pending` state.
 */
export function SubmitButton({
  pending,
  pendingLabel,
  children,
  disabled,
  ...props
}: Omit<ButtonProps, "type" | "asChild"> & {
  /** a fetcher's state; by default, the page's navigation */
  pending?: boolean;
  /** shown instead of the label while this button's submission is in flight */
  pendingLabel?: ReactNode;
}) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const busy = pending ?? submitting;
  // with name/value (intent buttons), only the button that was pressed shows the pending label
  const mine =
    pending ??
    (submitting && (props.name === undefined || navigation.formData?.get(props.name) === String(props.value ?? "")));
  return (
    <Button type="submit" disabled={disabled || busy} aria-busy={mine || undefined} {...props}>
      {mine && pendingLabel ? pendingLabel : children}
    </Button>
  );
}
