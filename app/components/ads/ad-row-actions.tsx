import { Form, Link, useFetcher, useSearchParams } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { RowActionsMenu, type RowAction } from "~/components/data-table";
import { ErrorList } from "~/components/forms/field";
import { StatusNotice } from "~/components/status-notice";
import { Button } from "~/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import type { AD_ACTIONS, AdState } from "#server/modules/missions/contract";
import { ADS_NS } from "./fields";

export interface RowOutcome {
  adId: number;
  intent: string;
  error: string | null;
}
type Action = (typeof AD_ACTIONS)[AdState][number];
const POSTED = ["publish", "disable", "archive", "duplicate"] as const;

/**
 * A row's actions on /mes-annonces, in the row's menu: each a POST (a fetcher with JavaScript, so
 * the row shows its own pending state and error; a plain form without). Delete asks for
 * confirmation: a dialog with JavaScript, an inline confirmation (?confirmDelete=id) without.
 */
export function AdRowActions({
  ad,
  actions,
  admin,
  outcome,
  confirming,
}: {
  ad: { id: number; title: string };
  actions: readonly Action[];
  admin: boolean;
  /** the outcome of a form posted without JavaScript, for this row */
  outcome: RowOutcome | null;
  confirming: boolean;
}) {
  const { t } = useTranslation(ADS_NS, { nsMode: "fallback" });
  const fetcher = useFetcher<RowOutcome>({ key: `ad-${ad.id}` });
  const [params] = useSearchParams();
  const [dialog, setDialog] = useState(false);
  const pending = fetcher.state !== "idle" ? String(fetcher.formData?.get("intent") ?? "") : "";
  const result = fetcher.data?.adId === ad.id ? fetcher.data : outcome;
  const error = pending ? null : result?.error;
  const done = !pending && result && !result.error ? result.intent : null;
  const withParam = (name: string, value: string | null) => {
    const next = new URLSearchParams(params);
    next.delete("saved");
    if (value === null) next.delete(name);
    else next.set(name, value);
    const query = next.toString();
    return query ? `?${query}` : "?";
  };

  if (admin) {
    return (
      <Button asChild size="sm" variant="outline" className="h-8">
        <Link to={`/mes-annonces/${ad.id}/modifier`} data-testid="action-memo">
          {t("list.actions.memo")}
        </Link>
      </Button>
    );
  }

  const items: RowAction[] = [];
  if (actions.includes("edit"))
    items.push({
      id: "edit",
      kind: "link",
      to: `/mes-annonces/${ad.id}/modifier`,
      label: t("list.actions.edit"),
      testId: "action-edit",
    });
  for (const intent of POSTED)
    if (actions.includes(intent))
      items.push({
        id: intent,
        kind: "post",
        fields: { adId: String(ad.id), intent },
        label: t(`list.actions.${intent}`),
        testId: `action-${intent}`,
      });
  if (actions.includes("delete"))
    items.push({
      id: "delete",
      kind: "select",
      onSelect: () => setDialog(true),
      to: withParam("confirmDelete", String(ad.id)),
      label: t("list.actions.delete"),
      testId: "action-delete",
      destructive: true,
    });

  return (
    <div className="flex flex-wrap items-center justify-end gap-x-2">
      {pending && (
        <span className="text-xs text-muted-foreground" role="status" data-testid="row-pending">
          {t("list.working")}
        </span>
      )}
      {error && <ErrorList errors={[error]} />}
      {done && (
        <StatusNotice tone="inline" className="text-xs" testId="row-done">
          {t("success_operation")}
        </StatusNotice>
      )}
      <RowActionsMenu
        label={t("table.rowActions", { name: `${t("list.columns.number")} ${ad.id} ${ad.title}` })}
        actions={items}
        busy={Boolean(pending)}
        submit={(fields) => fetcher.submit(fields, { method: "post" })}
      />
      {actions.includes("delete") && (
        <Dialog open={dialog} onOpenChange={setDialog}>
          <DialogContent data-testid="delete-dialog">
            <DialogTitle>{t("list.delete.title")}</DialogTitle>
            <DialogDescription>{t("list.delete.text", { id: ad.id, title: ad.title })}</DialogDescription>
            <div className="flex justify-end gap-2">
              <DialogClose asChild>
                <Button variant="ghost">{t("actions.cancel")}</Button>
              </DialogClose>
              <fetcher.Form method="post" onSubmit={() => setDialog(false)}>
                <input type="hidden" name="adId" value={ad.id} />
                <Button type="submit" name="intent" value="delete" variant="destructive" data-testid="delete-confirm">
                  {t("list.delete.confirm")}
                </Button>
              </fetcher.Form>
            </div>
          </DialogContent>
        </Dialog>
      )}
      {confirming && actions.includes("delete") && (
        <Form
          method="post"
          className="grid basis-full gap-2 rounded-md border border-destructive/40 p-2 text-left"
          data-testid="delete-inline"
        >
          <p className="text-xs">{t("list.delete.text", { id: ad.id, title: ad.title })}</p>
          <input type="hidden" name="adId" value={ad.id} />
          <div className="flex gap-2">
            <Button
              type="submit"
              name="intent"
              value="delete"
              size="sm"
              variant="destructive"
              data-testid="delete-confirm-inline"
            >
              {t("list.delete.confirm")}
            </Button>
            <Button asChild size="sm" variant="ghost">
              <Link to={withParam("confirmDelete", null)}>{t("actions.cancel")}</Link>
            </Button>
          </div>
        </Form>
      )}
    </div>
  );
}
