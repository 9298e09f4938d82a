import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { PlanningWarning } from "#server/modules/planning/contract";
import type { AssignmentRow } from "#server/modules/planning/queries";
import { Button } from "~/components/ui/button";
import { ddmm, timesOf, warningText } from "../format";
import { NS } from "./layout";
import type { Fields } from "./shifts";
import type { BoardIssue } from "./use-board-commands";

/** A refusal of a drag or key move: warnings to override with a reason, or who changed it first. */
export function IssuePanel({
  issue,
  current,
  onRetry,
  onClose,
}: {
  issue: BoardIssue;
  current?: AssignmentRow;
  onRetry: (f: Fields) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(NS);
  const [reason, setReason] = useState("");
  const { reply, fields } = issue;
  return (
    <div
      role="alert"
      className="grid gap-2 rounded-md border border-amber-500 bg-amber-50 p-3 text-sm dark:bg-amber-950"
      data-testid="board-issue"
      data-error={reply.error}
    >
      {reply.changedBy !== undefined ? (
        <ConflictIssue
          changedBy={reply.changedBy}
          fields={fields}
          current={current}
          onRetry={onRetry}
          onClose={onClose}
        />
      ) : reply.warnings?.length ? (
        <WarningsIssue
          warnings={reply.warnings}
          reason={reason}
          onReason={setReason}
          onOverride={() => onRetry({ ...fields, reason })}
          onClose={onClose}
        />
      ) : (
        <div className="flex items-center gap-2">
          <p>{t(reply.error)}</p>
          {Object.entries(reply.result.error ?? {}).map(([k, v]) => (
            <p key={k}>{(v ?? []).map((e) => t(e)).join(" ")}</p>
          ))}
          <Button size="sm" variant="outline" type="button" onClick={onClose}>
            {t("conflict.dismiss")}
          </Button>
        </div>
      )}
    </div>
  );
}

/** Someone else changed the shift first: who, what it is now, what was asked, and asking it again over theirs. */
function ConflictIssue({
  changedBy,
  fields,
  current,
  onRetry,
  onClose,
}: {
  changedBy: string;
  fields: Fields;
  current?: AssignmentRow;
  onRetry: (f: Fields) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(NS);
  return (
    <>
      <p data-testid="conflict-notice">{t("conflict.changedBy", { name: changedBy || t("conflict.someone") })}</p>
      {current ? <p>{t("conflict.now", { day: ddmm(current.day), times: timesOf(current) })}</p> : null}
      <p className="text-xs">
        {t("conflict.yours", { day: ddmm(fields.day ?? ""), times: `${fields.start ?? ""}–${fields.end ?? ""}` })}
      </p>
      <div className="flex gap-2">
        {current ? (
          <Button
            size="sm"
            type="button"
            onClick={() => onRetry({ ...fields, version: String(current.version) })}
            data-testid="conflict-retry"
          >
            {t("conflict.retry")}
          </Button>
        ) : null}
        <Button size="sm" variant="outline" type="button" onClick={onClose}>
          {t("conflict.dismiss")}
        </Button>
      </div>
    </>
  );
}

/** The change raises warnings: they are overridden with a reason. */
function WarningsIssue({
  warnings,
  reason,
  onReason,
  onOverride,
  onClose,
}: {
  warnings: PlanningWarning[];
  reason: string;
  onReason: (reason: string) => void;
  onOverride: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(NS);
  return (
    <form
      className="grid gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        onOverride();
      }}
    >
      {warnings.map((w) => (
        <p key={w.key} data-testid="issue-warning">
          ⚠ {warningText(t, w)}
        </p>
      ))}
      <label className="grid gap-1 text-xs">
        {t("form.reason")}
        <input
          required
          value={reason}
          onChange={(e) => onReason(e.target.value)}
          className="h-8 rounded-md border px-2"
          data-testid="override-reason"
        />
      </label>
      <div className="flex gap-2">
        <Button size="sm" type="submit" data-testid="override-submit">
          {t("warnings.override")}
        </Button>
        <Button size="sm" variant="outline" type="button" onClick={onClose}>
          {t("conflict.dismiss")}
        </Button>
      </div>
    </form>
  );
}
