import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/page-header";
import { StatusNotice } from "~/components/status-notice";
import { SubmitButton } from "~/components/submit-button";
import { useActionReply } from "~/hooks/use-action-reply";
import type { loader, MergeReply } from "./cv-theque_.doublons_.fusion.server";

export { action, loader } from "./cv-theque_.doublons_.fusion.server";

export const meta: MetaFunction = () => [{ title: "Missio" }];
export const handle = { i18n: ["common", "duplicates", "profile"] };

const shown = (v: unknown) =>
  v === null || v === undefined || v === "" ? null : typeof v === "string" ? v : JSON.stringify(v);

/** The comparison of two records: which survives, a radio per differing field, a confirmation (works without JavaScript). */
export default function MergePair() {
  const { t } = useTranslation("duplicates");
  const { firstId, secondId, comparison, refusal } = useLoaderData<typeof loader>();
  const reply = useActionReply<MergeReply>();
  const kept = reply?.values ?? {};
  const sides = [
    { side: "first", id: firstId },
    { side: "second", id: secondId },
  ] as const;
  const name = (id: string) => comparison?.names[id] ?? id;
  return (
    <div className="grid max-w-4xl gap-6">
      <PageHeader
        title={t("merge.title")}
        actions={
          <Link to="/cv-theque/doublons" className="text-sm text-primary underline">
            {t("title")}
          </Link>
        }
      />
      {refusal && (
        <StatusNotice tone="info" testId="merge-refused">
          {t(refusal)}
        </StatusNotice>
      )}
      {comparison && (
        <Form method="post" className="grid gap-5" data-testid="merge-form">
          <p className="text-sm text-muted-foreground">{t("merge.intro")}</p>
          {reply && !reply.field && (
            <StatusNotice tone="info" testId="merge-error">
              {t(reply.error)}
            </StatusNotice>
          )}
          <input type="hidden" name="firstId" value={firstId} />
          <input type="hidden" name="secondId" value={secondId} />
          <fieldset className="grid gap-2">
            <legend className="font-medium">{t("merge.survivor")}</legend>
            {sides.map(({ side, id }) => (
              <label key={side} className="flex items-center gap-2">
                <input type="radio" name="survivor" value={side} defaultChecked={(kept.survivor ?? "first") === side} />
                <span data-testid={`merge-survivor-${side}`}>{name(id)}</span>
              </label>
            ))}
            {reply?.field === "survivor" && <p className="text-sm text-destructive">{t(reply.error)}</p>}
          </fieldset>
          {comparison.fields.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t("merge.none")}</p>
          ) : (
            <table className="w-full text-sm" data-testid="merge-fields">
              <thead>
                <tr className="text-left">
                  <th className="py-1">{t("merge.field")}</th>
                  <th className="py-1">{name(firstId)}</th>
                  <th className="py-1">{name(secondId)}</th>
                </tr>
              </thead>
              <tbody>
                {comparison.fields.map((f) => (
                  <tr key={f.name} className="border-t" data-field={f.name}>
                    <td className="py-1">{t(`profile:fields.${f.key}`, { defaultValue: f.key })}</td>
                    {sides.map(({ side }) => {
                      const value = shown(f[side]);
                      return (
                        <td key={side} className="py-1">
                          <label className="flex items-center gap-2">
                            <input
                              type="radio"
                              name={`choice:${f.name}`}
                              value={side}
                              defaultChecked={kept[`choice:${f.name}`] === side}
                            />
                            <span>{value ?? t("merge.empty")}</span>
                          </label>
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <label className="flex items-center gap-2">
            <input type="checkbox" name="confirm" value="yes" data-testid="merge-confirm" />
            {t("merge.confirm")}
          </label>
          {reply?.field === "confirm" && <p className="text-sm text-destructive">{t(reply.error)}</p>}
          <SubmitButton name="intent" value="merge" data-testid="merge-submit" className="justify-self-start">
            {t("merge.submit")}
          </SubmitButton>
        </Form>
      )}
    </div>
  );
}
