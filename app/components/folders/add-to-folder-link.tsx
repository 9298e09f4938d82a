import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";

/**
 * The "add to folder" control on a candidate's card or row (library, pipeline, proposals, file):
 * a link to the add page, which brings the person back here. The page's route loads `folders`.
 */
export function AddToFolderLink({ candidateId, className }: { candidateId: string; className?: string }) {
  const { t } = useTranslation("folders");
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  // just added from here (the folder sent the person back with `ajoute` and `candidat`)
  const added = params.get("candidat") === candidateId && params.get("ajoute");
  params.delete("ajoute");
  params.delete("candidat");
  const here = pathname + (params.size ? `?${params}` : "");
  const to = `/mes-dossiers/ajouter?${new URLSearchParams({ candidat: candidateId, retour: here })}`;
  return (
    <>
      {added && (
        <Link
          to={`/mes-dossiers/${added}`}
          role="status"
          className="text-xs text-emerald-700 dark:text-emerald-300"
          data-testid="added-to-folder"
        >
          {t("add.done")}
        </Link>
      )}{" "}
      <Link to={to} className={className ?? "text-sm text-primary underline"} data-testid="add-to-folder">
        {t("add.link")}
      </Link>
    </>
  );
}
