import type { MetaFunction } from "@remix-run/node";
import type { SerializeFrom } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AddSelection } from "~/components/folders/add-selection";
import { FolderForm, NS } from "~/components/folders/folder-form";
import { PageHeader } from "~/components/page-header";
import { SubmitButton } from "~/components/submit-button";
import type { loader } from "./mes-dossiers_.ajouter.server";

export { loader, action } from "./mes-dossiers_.ajouter.server";

export const meta: MetaFunction = () => [{ title: "Missio" }];
export const handle = { i18n: ["common", "folders"] };

type Data = SerializeFrom<typeof loader>;

/** Adds one candidate, or the library's selection, to a folder the consultant sees or to a new one (issue 29). */
export default function AddToFolder() {
  const { t } = useTranslation(NS);
  const data = useLoaderData<typeof loader>();
  if (data.mode === "selection")
    return (
      <div className="grid max-w-3xl gap-6">
        <PageHeader title={t("selection.title", { count: data.candidates.length })} />
        <AddSelection candidates={data.candidates} pickable={data.pickable} back={data.back} />
      </div>
    );
  return <AddOne {...data} />;
}

function AddOne({ candidate, back, pickable, current }: Extract<Data, { mode: "one" }>) {
  const { t } = useTranslation(NS);
  return (
    <div className="grid max-w-3xl gap-6">
      <PageHeader
        title={t("add.title", { name: candidate.name })}
        actions={
          <Link to={back} className="text-sm text-primary underline">
            {t("add.back")}
          </Link>
        }
      />
      {current.length > 0 && (
        <p className="text-sm" data-testid="already-in">
          {t("add.inFolders")}{" "}
          {current.map((f, i) => (
            <span key={f.id}>
              {i > 0 && ", "}
              <Link to={`/mes-dossiers/${f.id}`} className="text-primary underline">
                {f.name}
              </Link>
            </span>
          ))}
        </p>
      )}
      <section className="card-surface grid gap-3 p-5">
        <h2 className="font-semibold">{t("add.choose")}</h2>
        {pickable.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("add.noFolders")}</p>
        ) : (
          <ul className="grid gap-2" data-testid="pickable-folders">
            {pickable.map((f) => (
              <li key={f.id}>
                <Form method="post" action={`/mes-dossiers/${f.id}`} className="flex flex-wrap items-center gap-3">
                  <input type="hidden" name="candidateId" value={candidate.id} />
                  <input type="hidden" name="back" value={back} />
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
        <h2 className="font-semibold">{t("add.newFolder")}</h2>
        <FolderForm candidateId={candidate.id} />
      </section>
    </div>
  );
}
