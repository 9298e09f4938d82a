import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { TAG_CLASS } from "~/components/candidate-file/types";
import { FilterBar, FilterText } from "~/components/filter-bar";
import { PageHeader } from "~/components/page-header";
import { Pagination } from "~/components/pagination";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { formatDate } from "~/utils/dates";
import { LIST_STATUSES, type ListSort } from "#server/modules/candidate-file/contract";
import type { loader } from "./old-cv-theque.server";

export { loader } from "./old-cv-theque.server";

export const meta: MetaFunction = () => [{ title: "Missio" }];
export const handle = { i18n: ["common", "candidate-file", "applications"] };

/** /old-cv-theque: the agency's candidates as a plain table (issue 28), each row a link to the file. */
export default function OldCvLibrary() {
  const { t } = useTranslation(["candidate-file", "applications", "common"]);
  const { query: q, rows, total, pages } = useLoaderData<typeof loader>();
  const location = useLocation();
  // a column's header links to the list sorted by it (again: the other direction), filters kept, back to page 1
  const sortHref = (column: ListSort) => {
    const p = new URLSearchParams(location.search);
    p.set("sort", column);
    p.set("dir", q.sort === column && q.dir === "desc" ? "asc" : "desc");
    p.delete("page");
    return `?${p}`;
  };
  const Th = ({ column, label }: { column?: ListSort; label: string }) => (
    <th
      className="p-2 text-left font-medium"
      aria-sort={column && q.sort === column ? (q.dir === "asc" ? "ascending" : "descending") : undefined}
    >
      {column ? (
        <Link to={sortHref(column)} className="underline-offset-2 hover:underline" data-testid={`sort-${column}`}>
          {label}
          {q.sort === column ? (q.dir === "asc" ? " ▲" : " ▼") : ""}
        </Link>
      ) : (
        label
      )}
    </th>
  );
  return (
    <div className="grid gap-4">
      <PageHeader title={t("list.title")} />
      <p className="text-sm text-muted-foreground">{t("list.intro")}</p>
      <FilterBar
        testId="list-filters"
        actions={
          <>
            <Button type="submit" data-testid="filter-submit">
              {t("list.filter")}
            </Button>
            <Button asChild variant="outline">
              <Link to="/old-cv-theque">{t("list.reset")}</Link>
            </Button>
          </>
        }
      >
        <input type="hidden" name="sort" value={q.sort} />
        <input type="hidden" name="dir" value={q.dir} />
        <FilterText name="name" label={t("list.name")} value={q.name} />
        <FilterText name="email" label={t("list.email")} value={q.email} />
        <FilterText name="phone" label={t("list.phone")} value={q.phone} />
        <FilterText name="place" label={t("list.place")} value={q.place} />
        <div className="grid gap-1.5">
          <Label htmlFor="filter-status">{t("list.status")}</Label>
          <select
            id="filter-status"
            name="status"
            defaultValue={q.status}
            className="h-9 rounded-md border border-input bg-background px-3 text-sm"
          >
            {LIST_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`list.statuses.${s}`)}
              </option>
            ))}
          </select>
        </div>
      </FilterBar>
      <p className="text-sm" data-testid="list-count">
        {t("list.count", { count: total })}
      </p>
      {rows.length === 0 ? (
        <p className="card-surface p-6 text-sm">{t("list.empty")}</p>
      ) : (
        <div className="card-surface overflow-x-auto">
          <table className="w-full text-sm" data-testid="candidate-list">
            <thead className="border-b">
              <tr>
                <Th column="name" label={t("list.name")} />
                <Th column="email" label={t("list.email")} />
                <Th label={t("list.phone")} />
                <Th column="place" label={t("list.place")} />
                <Th label={t("list.tags")} />
                <Th column="activity" label={t("list.activity")} />
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} className="border-b last:border-0" data-testid="candidate-row">
                  <td className="p-2">
                    <Link to={`/cv-theque/${r.id}`} className="text-primary underline">
                      {r.lastName} {r.firstName}
                    </Link>
                    {r.archivedReason ? ` · ${t("archivedBadge")}` : ""}
                    {r.deactivated ? ` · ${t("deactivatedBadge")}` : ""}
                  </td>
                  <td className="p-2">{r.email}</td>
                  <td className="p-2">{r.phone ?? ""}</td>
                  <td className="p-2">{r.place ?? ""}</td>
                  <td className="p-2">
                    {r.tags.map((tag) => (
                      <span
                        key={tag.tag}
                        className={`mr-1 inline-block rounded-full px-2 text-xs ${TAG_CLASS[tag.colour]}`}
                      >
                        {tag.tag}
                      </span>
                    ))}
                  </td>
                  <td className="p-2">{formatDate(r.activity)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination
        page={q.page}
        pages={pages}
        labels={{
          nav: t("applications:pipeline.pagination"),
          previous: t("applications:pipeline.previous"),
          next: t("applications:pipeline.next"),
          page: t("applications:pipeline.page", { page: q.page, pages }),
        }}
      />
    </div>
  );
}
