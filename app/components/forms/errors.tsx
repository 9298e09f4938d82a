import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PASSWORD_MIN } from "#server/modules/identity/contract";

// The field errors, without conform: pages with no conform form (the job search) import this file
// rather than ./field, which brings conform into the page's JavaScript (issue 14).

export interface Translation {
  /** namespaces holding the error keys, first match wins (default: common) */
  ns?: string[];
  /** interpolation values of parameterised messages ({{maxChoices}}...) */
  values?: Record<string, unknown>;
}

/** Errors are translation keys (from zod schemas or the server); shown translated, per field. */
export function ErrorList({ id, errors, ns = ["common"], values }: { id?: string; errors?: string[] } & Translation) {
  const { t } = useTranslation(ns, { nsMode: "fallback" });
  if (!errors?.length) return null;
  return (
    <ul id={id} className="text-sm text-destructive" role="alert">
      {errors.map((e) => (
        <li key={e}>{t(e, { numberOfCharacters: PASSWORD_MIN, ...values })}</li>
      ))}
    </ul>
  );
}

/**
 * An error stops showing as soon as the person edits the field; the next validation decides
 * again. Otherwise a server error (email_exist...) would vanish only on blur, and that layout
 * shift under the pointer would swallow the click on the submit button.
 */
export function useEditedErrors(errors: string[] | undefined) {
  const [edited, setEdited] = useState<string[] | undefined>();
  return { errors: errors === edited ? undefined : errors, onInput: () => setEdited(errors) };
}
