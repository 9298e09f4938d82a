import { useLocation } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { LibraryHit } from "#server/modules/library/search";
import { Button } from "~/components/ui/button";
import { useHydrated } from "~/hooks/use-hydrated";
import { LibraryResultCard } from "./library-results";

/** Where the ticked candidates go (the form's GET): the CSV export is the form's own action. */
const BULK_ACTIONS = [
  { testId: "bulk-export", action: undefined, label: "bulk.export" },
  { testId: "bulk-propose", action: "/cv-theque/proposer", label: "bulk.propose" },
  { testId: "bulk-folder", action: "/mes-dossiers/ajouter", label: "bulk.folder" },
  { testId: "bulk-present", action: "/mes-dossiers/presentations/nouveau", label: "presentations:fromFolder" },
] as const;

/**
 * The results as one plain GET form (ADR 0038): a checkbox per candidate, "select all on this
 * page" (`all`, which takes the page's ids from hidden fields, so it works without JavaScript),
 * and the bulk actions as submit buttons: the CSV download, the propose, folder and dossier pages
 * (`retour` brings the person back to this search, ADR 0045). With
 * JavaScript, the bar sticks to the top with the count, and "all" ticks every box.
 * The selection is this page's: it is not kept across pages.
 */
export function BulkSelection({ hits }: { hits: LibraryHit[] }) {
  const { t } = useTranslation("library");
  const { pathname, search } = useLocation();
  const hydrated = useHydrated();
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  const all = hits.length > 0 && hits.every((h) => ticked.has(h.id));
  const toggle = (id: string, on: boolean) =>
    setTicked((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  return (
    <form method="get" action="/cv-theque/export" className="grid gap-3" data-testid="library-bulk">
      {hits.map((h) => (
        <input key={h.id} type="hidden" name="pageId" value={h.id} />
      ))}
      <input type="hidden" name="retour" value={pathname + search} />
      <div
        className="sticky top-0 z-10 flex flex-wrap items-center gap-3 rounded-md border bg-background p-2 text-sm"
        data-testid="bulk-bar"
      >
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            name="all"
            value="1"
            {...(hydrated
              ? { checked: all, onChange: (e) => setTicked(new Set(e.target.checked ? hits.map((h) => h.id) : [])) }
              : {})}
            data-testid="select-all"
          />
          {t("bulk.selectAll")}
        </label>
        {hydrated && (
          <span className="text-muted-foreground" data-testid="bulk-count">
            {t("bulk.count", { count: ticked.size })}
          </span>
        )}
        {BULK_ACTIONS.map(({ testId, action, label }) => (
          <Button
            key={testId}
            type="submit"
            size="sm"
            variant="outline"
            formAction={action}
            disabled={hydrated && !ticked.size}
            data-testid={testId}
          >
            {t(label)}
          </Button>
        ))}
      </div>
      {hits.map((hit) => (
        <LibraryResultCard
          key={hit.id}
          hit={hit}
          select={
            <input
              type="checkbox"
              name="id"
              value={hit.id}
              aria-label={t("bulk.select", { name: `${hit.firstName} ${hit.lastName}` })}
              {...(hydrated ? { checked: ticked.has(hit.id), onChange: (e) => toggle(hit.id, e.target.checked) } : {})}
              data-testid="select-result"
            />
          }
        />
      ))}
    </form>
  );
}
