import { useTranslation } from "react-i18next";
import type { LibrarySearch } from "#server/modules/library/contract";
import type { LibraryResult } from "#server/modules/library/search";
import { TAG_CLASS } from "~/components/candidate-file/types";

/** One of the agency's tags as a coloured chip. */
export function TagChip({ label, colour }: { label: string; colour: string }) {
  return (
    <span
      className={`rounded-full px-2 py-0.5 text-xs ${TAG_CLASS[colour] ?? TAG_CLASS.slate}`}
      data-testid="tag-chip"
      data-colour={colour}
    >
      {label}
    </span>
  );
}

/**
 * The agency's own facets (ADR 0036): its tags with their colours and counts (any of those
 * checked), and "archived" (only the candidates it archived; left out otherwise).
 */
export function AgencyFacets({ search, result }: { search: LibrarySearch; result: LibraryResult }) {
  const { t } = useTranslation("library");
  const tags = [...result.tags].sort((a, b) => b.count - a.count || a.label.localeCompare(b.label)).slice(0, 30);
  return (
    <>
      {tags.length > 0 && (
        <fieldset className="grid gap-1 text-sm" data-testid="facet-tag">
          <legend className="mb-1 font-medium">{t("facets.tag")}</legend>
          {tags.map((tag) => (
            <label key={tag.key} className="flex items-center gap-2">
              <input type="checkbox" name="tag" value={tag.key} defaultChecked={search.tag.includes(tag.key)} />
              <span className="flex-1">
                <TagChip label={tag.label} colour={tag.colour} />
              </span>
              <span className="text-xs text-muted-foreground" data-testid="facet-count">
                {tag.count}
              </span>
            </label>
          ))}
        </fieldset>
      )}
      <fieldset className="grid gap-1 text-sm" data-testid="facet-archived">
        <legend className="mb-1 font-medium">{t("facets.archivedTitle")}</legend>
        <label className="flex items-center gap-2">
          <input type="checkbox" name="archived" value="1" defaultChecked={search.archived} />
          <span className="flex-1">{t("facets.archived")}</span>
          <span className="text-xs text-muted-foreground" data-testid="facet-count">
            {result.archived}
          </span>
        </label>
      </fieldset>
    </>
  );
}
