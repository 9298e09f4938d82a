import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { REFUSAL_REASONS, STATUS, statusName } from "#server/modules/applications/contract";
import { useHydrated } from "~/hooks/use-hydrated";

/**
 * The new status (among `statuses`) and, for a refusal, its reason: used by the details page and
 * the bulk change. With JavaScript the reason is there only while a refusal is chosen (issue 27);
 * without, it is always there, labelled as applying to a refusal only, and the server ignores it
 * for another status.
 */
export function StatusChoice({
  statuses,
  placeholder,
  testId,
}: {
  statuses: readonly number[];
  placeholder?: string;
  testId: string;
}) {
  const { t } = useTranslation("applications");
  const [choice, setChoice] = useState(placeholder ? "" : String(statuses[0]));
  const select = useRef<HTMLSelectElement>(null);
  const hydrated = useHydrated();
  // A choice made before the page hydrated is still on screen (React leaves a select's value alone
  // when it hydrates), but the next render would have put the state's back, and the form sent the
  // status nobody chose: the state takes what is shown.
  useEffect(() => {
    if (select.current) setChoice(select.current.value);
  }, []);
  return (
    <>
      <label className="grid gap-1 text-sm">
        <span>{t("pipeline.bulk.status")}</span>
        <select
          ref={select}
          name="status"
          value={choice}
          onChange={(e) => setChoice(e.target.value)}
          className="h-9 rounded-md border bg-background px-2"
          data-testid={`${testId}-status`}
          required
        >
          {placeholder && <option value="">{placeholder}</option>}
          {statuses.map((c) => (
            <option key={c} value={c}>
              {t(`status.${statusName(c)}`)}
            </option>
          ))}
        </select>
      </label>
      {(!hydrated || choice === String(STATUS.rejected)) && <Reason testId={testId} refusalOnly={!hydrated} />}
    </>
  );
}

function Reason({ testId, refusalOnly }: { testId: string; refusalOnly: boolean }) {
  const { t } = useTranslation("applications");
  return (
    <label className="grid gap-1 text-sm">
      <span>{t(refusalOnly ? "reasonLabelRefusalOnly" : "reasonLabel")}</span>
      <select name="reason" className="h-9 rounded-md border bg-background px-2" data-testid={`${testId}-reason`}>
        {REFUSAL_REASONS.map((r) => (
          <option key={r} value={r}>
            {t(`reasons.${r}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
