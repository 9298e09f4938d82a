import { Link, useLocation } from "@remix-run/react";

/**
 * Previous / page x of y / next for a list whose page is in the query string (`page`), keeping
 * the other parameters (filters, sort). Labels come translated from the page.
 */
export function Pagination({
  page,
  pages,
  labels,
  drop = [],
}: {
  page: number;
  pages: number;
  labels: { nav: string; previous: string; next: string; page: string };
  /** parameters that belong to one visit only (a notice, a confirmation), left out of the links */
  drop?: string[];
}) {
  const location = useLocation();
  if (pages <= 1) return null;
  const href = (to: number) => {
    const p = new URLSearchParams(location.search);
    for (const name of drop) p.delete(name);
    p.set("page", String(to));
    return `?${p}`;
  };
  return (
    <nav className="flex items-center justify-center gap-3 text-sm" aria-label={labels.nav} data-testid="pagination">
      {page > 1 ? (
        <Link to={href(page - 1)} rel="prev" className="text-primary underline">
          {labels.previous}
        </Link>
      ) : (
        <span className="text-muted-foreground">{labels.previous}</span>
      )}
      <span data-testid="page">{labels.page}</span>
      {page < pages ? (
        <Link to={href(page + 1)} rel="next" className="text-primary underline">
          {labels.next}
        </Link>
      ) : (
        <span className="text-muted-foreground">{labels.next}</span>
      )}
    </nav>
  );
}
