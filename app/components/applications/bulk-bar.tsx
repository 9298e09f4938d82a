import { Form, useSearchParams } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorList } from "~/components/forms/field";
import { StatusNotice } from "~/components/status-notice";
import { SubmitButton } from "~/components/submit-button";
import { STATUS, statusName } from "#server/modules/applications/contract";
import type { PipelineReply } from "~/routes/_app+/candidatures.server";
import { StatusChoice } from "./status-choice";

const NS = ["applications", "common"];

/** The bulk change: a status (and a reason for refusals) for the selected rows, the result per row, and the undo. */
export function BulkBar({
  count,
  names,
  reply,
  onDone,
}: {
  count: number;
  names: Map<string, string>;
  reply: PipelineReply | undefined;
  onDone: () => void;
}) {
  const { t } = useTranslation(NS);
  const bulk = reply?.bulk ?? null;
  const [params] = useSearchParams();
  const undone = params.get("undone") && !bulk ? Number(params.get("undone")) : null;
  const [undoOpen, setUndoOpen] = useState(Boolean(bulk));
  useEffect(() => {
    if (!bulk) return;
    onDone();
    const left = new Date(bulk.undoUntil).getTime() - Date.now();
    setUndoOpen(left > 0);
    const timer = setTimeout(() => setUndoOpen(false), Math.max(0, left));
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [bulk?.batchId]);
  const changed = bulk?.results.filter((r) => r.ok) ?? [];
  const refused = bulk?.results.filter((r) => !r.ok) ?? [];
  return (
    <section className="grid gap-3" aria-label={t("pipeline.bulk.title")}>
      <Form method="post" id="bulk" className="card-surface flex flex-wrap items-end gap-3 p-3" data-testid="bulk-form">
        <p className="self-center text-sm" data-testid="selected-count">
          {t("pipeline.bulk.selected", { count })}
        </p>
        <StatusChoice
          statuses={[STATUS.retained, STATUS.pending, STATUS.rejected]}
          placeholder={t("pipeline.bulk.choose")}
          testId="bulk"
        />
        <SubmitButton name="intent" value="bulk" className="h-9" disabled={count === 0} data-testid="bulk-apply">
          {t("pipeline.bulk.apply")}
        </SubmitButton>
      </Form>
      {reply?.error && <ErrorList errors={[reply.error]} ns={NS} />}
      {undone !== null && <StatusNotice testId="undone">{t("pipeline.bulk.undone", { count: undone })}</StatusNotice>}
      {bulk && (
        <StatusNotice testId="bulk-result">
          <p>{t("pipeline.bulk.done", { count: changed.length, status: t(`status.${statusName(bulk.to)}`) })}</p>
          {refused.length > 0 && (
            <ul className="mt-2 list-disc pl-5 text-sm" data-testid="bulk-refused">
              {refused.map((r) => (
                <li key={r.id} data-testid="bulk-refused-row" data-id={r.id}>
                  {names.get(r.id) ?? r.id}: {t(r.error ?? "failed_operation")}
                </li>
              ))}
            </ul>
          )}
          {undoOpen && changed.length > 0 && (
            <Form method="post" className="mt-2">
              <input type="hidden" name="batchId" value={bulk.batchId} />
              {changed.map((r) => (
                <input key={r.id} type="hidden" name="ids" value={r.id} />
              ))}
              <SubmitButton name="intent" value="undo" variant="outline" size="sm" data-testid="bulk-undo">
                {t("pipeline.bulk.undo")}
              </SubmitButton>
            </Form>
          )}
        </StatusNotice>
      )}
    </section>
  );
}
