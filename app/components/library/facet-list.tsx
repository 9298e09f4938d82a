import { useTranslation } from "react-i18next";
import type { LibraryFacet } from "#server/modules/library/contract";

/** The label of one facet value, from the namespace that names it. */
export function useFacetLabel(regionNames: Record<string, string>) {
  const { t, i18n } = useTranslation(["library", "profile", "reference"]);
  const languages = new Intl.DisplayNames([i18n.language, "en"], { type: "language" });
  const countries = new Intl.DisplayNames([i18n.language, "en"], { type: "region" });
  return (facet: LibraryFacet, value: string): string => {
    switch (facet) {
      case "profession":
        return t(`reference:professions.${value}`, { defaultValue: value });
      case "sector":
        return t(`reference:sectors.${value}`, { defaultValue: value });
      case "availability":
        return t(`profile:availability.${value}`);
      case "contract":
        return t(`profile:contract.${value}`);
      case "permit":
        return t(`profile:permits.${value}`, { defaultValue: value });
      case "licence":
        return t(`profile:licences.${value}`, { defaultValue: value });
      case "language":
        return languages.of(value) ?? value;
      case "country":
        return countries.of(value) ?? value;
      case "region":
        return regionNames[value] ?? value;
      default:
        return value;
    }
  };
}

/** One facet: a checkbox per value with its count; checked values stay listed even at zero. */
export function FacetList({
  facet,
  counts,
  chosen,
  label,
}: {
  facet: LibraryFacet;
  counts: Record<string, number>;
  chosen: string[];
  label: (facet: LibraryFacet, value: string) => string;
}) {
  const { t } = useTranslation("library");
  const values = [...new Set([...chosen, ...Object.keys(counts)])]
    .sort((a, b) => (counts[b] ?? 0) - (counts[a] ?? 0))
    .slice(0, 12);
  if (!values.length) return null;
  return (
    <fieldset className="grid gap-1 text-sm" data-testid={`facet-${facet}`}>
      <legend className="mb-1 font-medium">{t(`facets.${facet}`)}</legend>
      {values.map((v) => (
        <label key={v} className="flex items-center gap-2">
          <input type="checkbox" name={facet} value={v} defaultChecked={chosen.includes(v)} />
          <span className="flex-1">{label(facet, v)}</span>
          <span className="text-xs text-muted-foreground" data-testid="facet-count">
            {counts[v] ?? 0}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
