import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";

const NS = ["planning", "common"];

/** Publish my changes / publish all, each with the summary of who will be told (works without JavaScript). */
export function Publish({
  preview,
  back,
}: {
  preview: {
    mine: { candidateId: string; candidateName: string; count: number }[];
    all: { candidateId: string; candidateName: string; count: number }[];
  };
  back: string;
}) {
  const { t } = useTranslation(NS);
  return (
    <div className="flex flex-wrap gap-3" data-testid="publish">
      {(["mine", "all"] as const).map((scope) => {
        const lines = preview[scope];
        const count = lines.reduce((n, l) => n + l.count, 0);
        return (
          <details key={scope} className="rounded-md border p-2 text-sm" data-testid={`publish-${scope}`}>
            <summary className="cursor-pointer">{t(`publish.${scope}`, { count })}</summary>
            <Form method="post" className="mt-2 grid gap-2">
              <input type="hidden" name="intent" value="publish" />
              <input type="hidden" name="scope" value={scope} />
              <input type="hidden" name="back" value={back} />
              {lines.length ? (
                <ul className="text-xs" data-testid="publish-summary">
                  {lines.map((l) => (
                    <li key={l.candidateId}>{t("publish.line", { name: l.candidateName, count: l.count })}</li>
                  ))}
                </ul>
              ) : (
                <p className="text-xs text-muted-foreground">{t("publish.nothing")}</p>
              )}
              <Button type="submit" size="sm" disabled={!lines.length} data-testid={`publish-${scope}-submit`}>
                {t("publish.confirm")}
              </Button>
            </Form>
          </details>
        );
      })}
    </div>
  );
}
