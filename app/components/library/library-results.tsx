import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { AddToFolderLink } from "~/components/folders/add-to-folder-link";
import type { LibraryHit } from "#server/modules/library/search";
import { Badge } from "~/components/ui/badge";
import { formatDate } from "~/utils/dates";
import { TagChip } from "./agency-facets";

const START = String.fromCharCode(1);
const END = String.fromCharCode(2);

/** The excerpt's matches (between \u0001 and \u0002, never HTML from the index) as <mark>. */
function Excerpt({ text }: { text: string }) {
  const parts = text.split(END).flatMap((chunk, i, all) => {
    const at = chunk.indexOf(START);
    if (at < 0 || i === all.length - 1) return [chunk];
    return [chunk.slice(0, at), chunk.slice(at)];
  });
  return (
    <p className="text-sm text-muted-foreground" data-testid="result-excerpt">
      {parts.map((p, i) => (p.startsWith(START) ? <mark key={i}>{p.slice(1)}</mark> : <span key={i}>{p}</span>))}
    </p>
  );
}

/** One candidate found: name, place, wishes, last activity; links to their file. */
export function LibraryResultCard({ hit, select }: { hit: LibraryHit; select?: ReactNode }) {
  const { t } = useTranslation(["library", "profile", "reference"]);
  return (
    <article className="card-surface grid gap-2 p-4" data-testid="library-result" data-id={hit.id}>
      <h3 className="flex items-center gap-2 font-semibold">
        {select}
        <Link to={`/cv-theque/${hit.id}`} className="text-primary hover:underline" data-testid="result-name">
          {hit.firstName} {hit.lastName}
        </Link>
        {hit.deactivated && (
          <Badge className="bg-destructive/10 text-destructive" data-testid="result-deactivated">
            {t("card.deactivated")}
          </Badge>
        )}
        <AddToFolderLink candidateId={hit.id} className="ml-2 text-xs font-normal text-primary underline" />
      </h3>
      <dl className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {hit.placeName && (
          <div>
            <dt className="sr-only">{t("card.place")}</dt>
            <dd>
              {hit.placeName}
              {hit.distanceKm != null && (
                <span className="text-muted-foreground" data-testid="result-distance">
                  {" "}
                  · {t("card.distance", { km: hit.distanceKm })}
                </span>
              )}
            </dd>
          </div>
        )}
        {hit.professions.length > 0 && (
          <div>
            <dt className="sr-only">{t("card.professions")}</dt>
            <dd>{hit.professions.map((p) => t(`reference:professions.${p}`, { defaultValue: p })).join(", ")}</dd>
          </div>
        )}
        {hit.availability && (
          <div>
            <dt className="sr-only">{t("facets.availability")}</dt>
            <dd>{t(`profile:availability.${hit.availability}`)}</dd>
          </div>
        )}
        <div>
          <dt className="inline text-muted-foreground">{t("card.lastActivity")} </dt>
          <dd className="inline">{formatDate(new Date(hit.lastActivity * 1000))}</dd>
        </div>
        {!hit.documentsValid && (
          <div>
            <dd className="text-destructive" data-testid="documents-expired">
              {t("card.documentsExpired")}
            </dd>
          </div>
        )}
      </dl>
      {hit.excerpt && <Excerpt text={hit.excerpt} />}
      {hit.tags.length > 0 && (
        <ul className="flex flex-wrap gap-1" aria-label={t("card.tags")} data-testid="result-tags">
          {hit.tags.map((tag) => (
            <li key={tag.key}>
              <TagChip label={tag.label} colour={tag.colour} />
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
