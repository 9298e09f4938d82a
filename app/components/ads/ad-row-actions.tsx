import { Form, Link, useFetcher, useSearchParams } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorList } from "~/components/forms/field";
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

/**
 * A row's actions on /mes-annonces, each a POST form (a fetcher with JavaScript, so the row shows
 * its own pending state and error; a plain form without). Delete asks for confirmation: a dialog
 * with JavaScript, an inline confirmation (?confirmDelete=id) without.
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

  const post = (intent: Exclude<Action, "edit" | "delete">, variant: "outline" | "ghost" = "outline") => (
    <fetcher.Form method="post" key={intent}>
      <input type="hidden" name="adId" value={ad.id} />
      <Button type="submit" name="intent" value={intent} size="sm" variant={variant} disabled={Boolean(pending)} data-testid={`action-${intent}`}>
        {pending === intent ? t("list.working") : t(`list.actions.${intent}`)}
      </Button>
    </fetcher.Form>
  );

  if (admin) {
    return (
      <Button asChild size="sm" variant="outline">
        <Link to={`/mes-annonces/${ad.id}/modifier`} data-testid="action-memo">
          {t("list.actions.memo")}
        </Link>
      </Button>
    );
  }

  return (
    <div className="grid min-w-32 gap-1">
      {/* one action a line: the column stays narrow enough for the table to fit beside the menu */}
      <div className="grid gap-1 [&_a]:w-full [&_button]:w-full [&_form]:w-full" data-testid="row-actions">
        {actions.includes("edit") && (
          <Button asChild size="sm" variant="outline">
            <Link to={`/mes-annonces/${ad.id}/modifier`} data-testid="action-edit">
              {t("list.actions.edit")}
            </Link>
          </Button>
        )}
        {actions.includes("publish") && post("publish")}
        {actions.includes("disable") && post("disable")}
        {actions.includes("archive") && post("archive")}
        {actions.includes("duplicate") && post("duplicate")}
        {actions.includes("delete") && (
          <>
            <Button asChild size="sm" variant="ghost" className="text-destructive">
              <Link
                to={withParam("confirmDelete", String(ad.id))}
                preventScrollReset
                onClick={(e) => {
                  // with JavaScript the dialog asks; without, the link shows the confirmation in the row
                  e.preventDefault();
                  setDialog(true);
                }}
                data-testid="action-delete"
              >
                {pending === "delete" ? t("list.working") : t("list.actions.delete")}
              </Link>
            </Button>
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
          </>
        )}
      </div>
      {confirming && actions.includes("delete") && (
        <Form method="post" className="grid gap-2 rounded-md border border-destructive/40 p-2" data-testid="delete-inline">
          <p className="text-xs">{t("list.delete.text", { id: ad.id, title: ad.title })}</p>
          <input type="hidden" name="adId" value={ad.id} />
          <div className="flex gap-2">
            <Button type="submit" name="intent" value="delete" size="sm" variant="destructive" data-testid="delete-confirm-inline">
              {t("list.delete.confirm")}
            </Button>
            <Button asChild size="sm" variant="ghost">
              <Link to={withParam("confirmDelete", null)}>{t("actions.cancel")}</Link>
            </Button>
          </div>
        </Form>
      )}
      <ErrorList errors={error ? [error] : undefined} />
      {done && (
        <p className="text-xs text-emerald-700 dark:text-emerald-300" role="status" data-testid="row-done">
          {t("success_operation")}
        </p>
      )}
    </div>
  );
}
