import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/page-header";
import { StatusNotice } from "~/components/status-notice";
import { SubmitButton } from "~/components/submit-button";
import { useActionReply } from "~/hooks/use-action-reply";
import { attempt } from "~/utils/action.server";
import { requireAbility } from "~/utils/auth.server";
import { formatDate } from "~/utils/dates";
import { isUuid } from "#server/lib/contract";

export const meta: MetaFunction = () => [{ title: "Missio" }];
export const handle = { i18n: ["common", "duplicates"] };

/** /cv-theque/doublons/fusion/{mergedId}: a merge not undone, the survivor's file, and the undo within 30 days (ADR 0039). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireAbility(request, context, "agency.cvLibrary");
  if (!isUuid(params.id ?? "")) throw new Response("Not found", { status: 404 });
  const done = await attempt(() => context.services.duplicates.mergeToUndo(user, params.id!));
  if (!done.ok && done.status === 404) throw new Response("Not found", { status: 404 });
  return json({ merge: done.ok ? done.value : null, refusal: done.ok ? null : done.error.key });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const user = await requireAbility(request, context, "agency.cvLibrary");
  if (!isUuid(params.id ?? "")) throw new Response("Not found", { status: 404 });
  const done = await attempt(() => context.services.duplicates.undoMerge(user, params.id!));
  if (!done.ok && done.status === 404) throw new Response("Not found", { status: 404 });
  if (!done.ok) return json({ error: done.error.key }, done.status);
  return redirect("/cv-theque/doublons?undone=1");
}

export default function MergeDone() {
  const { t } = useTranslation("duplicates");
  const { merge, refusal } = useLoaderData<typeof loader>();
  const reply = useActionReply<{ error: string }>();
  return (
    <div className="grid max-w-3xl gap-6">
      <PageHeader title={t("merge.title")} />
      {(refusal || reply?.error) && (
        <StatusNotice tone="info" testId="undo-error">
          {t(reply?.error ?? refusal!)}
        </StatusNotice>
      )}
      {merge && (
        <>
          <StatusNotice tone="success" testId="merge-done">
            {t("merge.done")}
          </StatusNotice>
          <Link to={`/cv-theque/${merge.survivorId}`} className="text-primary underline" data-testid="survivor-file">
            {merge.names[merge.survivorId]}
          </Link>
          <Form method="post" className="grid gap-3">
            <p className="text-sm text-muted-foreground">
              {t("merge.undoIntro", { date: formatDate(merge.mergedAt) })}
            </p>
            <SubmitButton variant="outline" data-testid="undo-merge" className="justify-self-start">
              {t("merge.undo")}
            </SubmitButton>
          </Form>
        </>
      )}
    </div>
  );
}
