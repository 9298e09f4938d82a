import { useForm, type Submission, type SubmissionResult } from "@conform-to/react";
import { useEffect, useState } from "react";
import type { z } from "zod";

/** The fields' constraints (required, lengths...) as getZodConstraint gives them: the loader sends them. */
export type Constraints = NonNullable<Parameters<typeof useForm>[0]["constraint"]>;
/** The schema's check in the browser, what conform's onValidate runs (parseWithZod). */
export type BrowserCheck<Schema extends z.ZodTypeAny> = (
  formData: FormData,
) => Submission<z.input<Schema>, string[], z.output<Schema>>;

/**
 * A public page's form without zod in the page's JavaScript (issue 14, ADR 0022): useZodForm's
 * behaviour, with the schema kept on the server. The loader sends the fields' constraints
 * (computed from the schema), the action checks every submission and its reply (translated
 * errors, the input kept) comes back as `lastResult`. `loadCheck` (a dynamic import, stable: a
 * module-level function or a memoised one) brings the schema's check into the browser once the
 * page is interactive; until then, and if it fails to load, the server checks.
 */
export function usePublicForm<Schema extends z.ZodTypeAny>(
  constraint: Constraints,
  lastResult: SubmissionResult<string[]> | null | undefined,
  options: {
    id?: string;
    defaultValue?: Record<string, unknown>;
    loadCheck?: () => Promise<BrowserCheck<Schema>>;
  } = {},
) {
  const { loadCheck } = options;
  const [check, setCheck] = useState<BrowserCheck<Schema> | null>(null);
  useEffect(() => {
    setCheck(null);
    if (!loadCheck) return;
    let current = true;
    loadCheck().then(
      (loaded) => current && setCheck(() => loaded),
      () => undefined, // the server checks
    );
    return () => {
      current = false;
    };
  }, [loadCheck]);
  return useForm<z.input<Schema>, z.output<Schema>, string[]>({
    id: options.id,
    lastResult,
    defaultValue: options.defaultValue as never,
    constraint,
    shouldValidate: "onSubmit",
    // as useZodForm: never on blur, whose validation (a request while the server checks) would
    // swallow the click on the submit button
    shouldRevalidate: "onInput",
    onValidate: check ? ({ formData }) => check(formData) : undefined,
  });
}
