import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { FolderSummary } from "#server/modules/folders/contract";
import { AddToFolderLink } from "./add-to-folder-link";

/** The candidate file's folders: those holding the candidate that the consultant sees, and the add control. */
export function FoldersPanel({
  candidateId,
  folders,
}: {
  candidateId: string;
  folders: Pick<FolderSummary, "id" | "name" | "visibility">[];
}) {
  const { t } = useTranslation("folders");
  return (
    <section className="card-surface grid gap-3 p-5" data-testid="file-folders">
      <h2 className="font-semibold">{t("panel.title")}</h2>
      {folders.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("panel.none")}</p>
      ) : (
        <ul className="flex flex-wrap gap-2">
          {folders.map((f) => (
            <li key={f.id}>
              <Link
                to={`/mes-dossiers/${f.id}`}
                className="rounded-full bg-secondary px-3 py-0.5 text-sm hover:underline"
                data-testid="file-folder"
              >
                {f.name}
              </Link>
            </li>
          ))}
        </ul>
      )}
      <AddToFolderLink candidateId={candidateId} />
      <Link
        to={`/mes-dossiers/presentations/nouveau?candidat=${candidateId}`}
        className="text-sm text-primary underline"
        data-testid="file-present"
      >
        {t("presentations:fromFolder")}
      </Link>
    </section>
  );
}
