import { useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { z } from "zod";

/**
 * The product's form behaviour, one place: the zod schema checks in the browser as on the
 * server, errors appear on submit and then follow the typing (never on blur, whose layout shift
 * would swallow a click on the submit button).
 *
 * `browserValidation: false` leaves the checks to the server, whose answer always shows: conform
 * 1.21 refuses some values in the browser without ever showing the message (the focus moves to
 * the field, nothing is sent): an out-of-range number, and on some forms a malformed email or
 * URL or an impossible date (login, forgotten password, applying, "about me", documents; the
 * invalid-forms journey finds them). Forms with such fields use it (issue 16, item 4).
 */
export function useZodForm<Schema extends z.ZodTypeAny>(
  schema: Schema,
  lastResult: SubmissionResult<string[]> | null | undefined,
  options: { id?: string; defaultValue?: Record<string, unknown>; browserValidation?: boolean } = {},
) {
  return useForm<z.input<Schema>, z.output<Schema>, string[]>({
    id: options.id,
    lastResult,
    defaultValue: options.defaultValue as never,
    constraint: getZodConstraint(schema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: options.browserValidation === false ? undefined : ({ formData }) => parseWithZod(formData, { schema }),
  });
}
