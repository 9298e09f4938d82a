import { Form, Link, useLocation } from "@remix-run/react";
import { useActionReply } from "~/hooks/use-action-reply";
import { useTranslation } from "react-i18next";
import type { FolderSummary } from "#server/modules/folders/contract";
import { ErrorList } from "~/components/forms/field";
import { StatusNotice } from "~/components/status-notice";
import { SubmitButton } from "~/components/submit-button";
import type { AddSelectionReply } from "~/routes/_app+/mes-dossiers_.ajouter.server";
import { FolderForm, NS } from "./folder-form";

/**
 * The library's bulk selection into a folder (ADR 0045): the ticked candidates, the folders the
 * consultant may add to (theirs and the agency's shared ones) and a new folder. Each form posts
 * the whole selection to the page itself (no JavaScript needed), which reports how many went in
 * and how many were there already.
 */
export function AddSelection({
  candidates,
  pickable,
  back,
}: {
  candidates: { id: string; name: string }[];
  pickable: Pick<FolderSummary, "id" | "name" | "visibility" | "count">[];
  back: string;
}) {
  const { t } = useTranslation(NS);
  const reply = useActionReply<AddSelectionReply>();
  const { pathname, search } = useLocation();
  const here = pathname + search;
  const ids = candidates.map((c) => c.id);
  const hidden = ids.map((id) => <input key={id} type="hidden" name="candidateId" value={id} />);
  return (
    <>
      {reply?.outcome && (
        <StatusNotice tone="success" testId="bulk-added">
          {t("selection.added", { count: reply.outcome.added, name: reply.outcome.name })}{" "}
          {reply.outcome.already > 0 && t("selection.already", { count: reply.outcome.already })}{" "}
          <Link to={`/mes-dossiers/${reply.outcome.folderId}`} className="text-primary underline">
            {t("selection.open")}
          </Link>
        </StatusNotice>
      )}
      <p className="text-sm" data-testid="selection-names">
        {candidates.map((c) => c.name).join(", ")}
      </p>
      <section className="card-surface grid gap-3 p-5">
        <h2 className="font-semibold">{t("add.choose")}</h2>
        {reply?.intent === "add" && !reply.outcome && (
          <ErrorList errors={Object.values(reply.result.error ?? {}).flatMap((e) => e ?? [])} ns={NS} />
        )}
        {pickable.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("add.noFolders")}</p>
        ) : (
          <ul className="grid gap-2" data-testid="pickable-folders">
            {pickable.map((f) => (
              <li key={f.id}>
                <Form method="post" action={here} className="flex flex-wrap items-center gap-3">
                  {hidden}
                  <input type="hidden" name="folderId" value={f.id} />
                  <span className="flex-1 text-sm">
                    {f.name} · {t(`visibility.${f.visibility}`)} · {t("count", { count: f.count })}
                  </span>
                  <SubmitButton name="intent" value="add" size="sm" aria-label={t("add.submitTo", { name: f.name })}>
                    {t("add.submit")}
                  </SubmitButton>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="card-surface grid gap-3 p-5">
        <h2 className="font-semibold">{t("selection.newFolder")}</h2>
        <FolderForm candidateIds={ids} action={here} result={reply?.intent === "create" ? reply.result : null} />
      </section>
      <Link to={back} className="text-sm text-primary underline" data-testid="selection-back">
        {t("selection.back")}
      </Link>
    </>
  );
}
