import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";

/**
 * The job search's filters: a column beside the results, and on a phone (with JavaScript) a sheet
 * over them, opened from the chips and closed by its button or Escape (without JavaScript they
 * come after the results).
 */
export function FiltersSheet({
  open,
  setOpen,
  children,
}: {
  open: boolean;
  setOpen: (open: boolean) => void;
  /** the search form */
  children: React.ReactNode;
}) {
  const { t } = useTranslation("search");
  useEffect(() => {
    if (!open) return;
    const close = (e: KeyboardEvent) => e.key === "Escape" && setOpen(false);
    window.addEventListener("keydown", close);
    return () => window.removeEventListener("keydown", close);
  }, [open, setOpen]);
  return (
    <aside
      id="search-filters"
      className="search-filters card-surface self-start p-4 max-lg:order-last"
      data-open={open}
      aria-label={t("filters.title")}
      data-testid="search-filters"
    >
      <div className="sticky -top-4 z-10 -mx-4 -mt-4 mb-4 flex items-center justify-between gap-2 bg-card p-4 lg:hidden">
        <h2 className="text-lg font-medium">{t("filters.title")}</h2>
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="js-only"
          onClick={() => setOpen(false)}
          data-testid="filters-close"
        >
          {t("filters.show")}
        </Button>
      </div>
      {children}
    </aside>
  );
}
