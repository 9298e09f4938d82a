import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";

/**
 * The "add to folder" control on a candidate's card or row (library, pipeline, proposals, file):
 * a link to the add page, which brings the person back here. The page's route loads `folders`.
 */
export function AddToFolderLink({ candidateId, className }: { candidateId: string; className?: string }) {
  const { t } = useTranslation("folders");
  const { pathname, search } = useLocation();
  const to = `/mes-dossiers/ajouter?${new URLSearchParams({ candidat: candidateId, retour: pathname + search })}`;
  return (
    <Link to={to} className={className ?? "text-sm text-primary underline"} data-testid="add-to-folder">
      {t("add.link")}
    </Link>
  );
}
