import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { StatusBadge } from "~/components/applications/status-badge";
import { formatDate } from "~/utils/dates";
import type { FileData } from "./types";

const NS = ["candidate-file", "placements", "timesheets", "common"];
const hhmm = (m: number) => `${String(Math.floor(m / 60) % 24).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;

function Block({
  title,
  testId,
  empty,
  children,
}: {
  title: string;
  testId: string;
  empty: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation(NS);
  return (
    <section className="card-surface grid gap-2 p-5" data-testid={testId}>
      <h2 className="font-semibold">{title}</h2>
      {empty ? (
        <p className="text-sm text-muted-foreground">{t("none")}</p>
      ) : (
        <ul className="grid gap-1 text-sm">{children}</ul>
      )}
    </section>
  );
}

/** This agency's dealings with the candidate: applications, proposals, missions, planned shifts, timesheets. */
export function Dealings({ file }: { file: FileData }) {
  const { t } = useTranslation(NS, { nsMode: "fallback" });
  return (
    <>
      <Block title={t("sections.applications")} testId="file-applications" empty={file.applications.length === 0}>
        {file.applications.map((a) => (
          <li key={a.id} className="flex flex-wrap items-center gap-2">
            <Link to={`/candidatures/${a.id}`} className="text-primary underline">
              {a.adTitle}
            </Link>
            <StatusBadge status={a.status} />
            <span className="text-muted-foreground">{formatDate(a.createdAt)}</span>
          </li>
        ))}
      </Block>
      <Block title={t("sections.proposals")} testId="file-proposals" empty={file.proposals.length === 0}>
        {file.proposals.map((p) => (
          <li key={p.id}>
            <Link to="/candidatures/propositions" className="text-primary underline">
              {p.adTitle}
            </Link>{" "}
            · {t(`placements:response.${p.response}`)} · {formatDate(p.createdAt)}
          </li>
        ))}
      </Block>
      <Block title={t("sections.placements")} testId="file-placements" empty={file.placements.length === 0}>
        {file.placements.map((p) => (
          <li key={p.id}>
            {p.adTitle} · {t(`placements:missions.status.${p.status}`)}
            {p.startDate ? ` · ${formatDate(p.startDate)}` : ""}
            {p.endDate ? ` – ${formatDate(p.endDate)}` : ""}
          </li>
        ))}
      </Block>
      <Block title={t("sections.assignments")} testId="file-assignments" empty={file.assignments.length === 0}>
        {file.assignments.map((a) => (
          <li key={a.id}>
            <Link to={`/planification?date=${a.day}`} className="text-primary underline">
              {formatDate(a.day)}
            </Link>{" "}
            {hhmm(a.startMin)}–{hhmm(a.endMin)} · {a.adTitle}
          </li>
        ))}
      </Block>
      <Block title={t("sections.timesheets")} testId="file-timesheets" empty={file.timesheets.length === 0}>
        {file.timesheets.map((s) => (
          <li key={s.id}>
            <Link to={`/releves-heures/${s.id}`} className="text-primary underline">
              {formatDate(s.week)}
            </Link>{" "}
            · {s.adTitle} · {t(`timesheets:status.${s.status}`)}
          </li>
        ))}
      </Block>
    </>
  );
}
