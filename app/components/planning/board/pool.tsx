import { useDraggable } from "@dnd-kit/core";
import { useFetcher } from "@remix-run/react";
import { memo, useState } from "react";
import { useTranslation } from "react-i18next";
import { poolKey } from "#server/modules/planning/contract";
import type { PoolRow } from "#server/modules/planning/queries";
import type { CandidateSearchAnswer } from "~/routes/_resources+/planification.candidates";
import { cn } from "~/utils/cn";
import { NS } from "./layout";

/** A pool entry: on mission, retained for the ad, or one of the agency's candidates found by name (placed when first planned). */
type PoolEntry = Pick<PoolRow, "placementId" | "candidateId" | "candidateName" | "adId" | "adTitle"> & {
  kind: PoolRow["kind"] | "candidate";
};
const POOL_GROUPS = ["mission", "retained"] as const;

// memo: the board re-renders on every scroll step (the virtualiser), the pool need not
const PoolItem = memo(function PoolItem({ p }: { p: PoolEntry }) {
  const key = poolKey(p);
  const d = useDraggable({ id: `p:${key}` });
  return (
    <li
      ref={d.setNodeRef}
      {...d.listeners}
      {...d.attributes}
      data-testid="pool-item"
      data-placement={key}
      data-kind={p.kind}
      className={cn(
        "cursor-grab rounded border bg-background px-2 py-1 text-xs",
        p.kind !== "mission" && "border-dashed",
        d.isDragging && "opacity-70 shadow",
      )}
      style={
        d.transform
          ? { transform: `translate3d(${d.transform.x}px,${d.transform.y}px,0)`, position: "relative", zIndex: 40 }
          : undefined
      }
    >
      <span className="font-medium">{p.candidateName}</span>
      <br />
      <span className="text-muted-foreground">{p.adTitle}</span>
    </li>
  );
});

/**
 * The candidates available for the period's missions: drag one onto a day to plan a shift.
 * Those on mission, those retained for a mission's ad, and any of the agency's candidates,
 * found by name for the mission chosen.
 */
export const Pool = memo(function Pool({
  pool,
  missions,
  folding = false,
}: {
  pool: PoolRow[];
  missions: { id: number; name: string }[];
  /** a phone: the pool sits above the timeline, folded until opened, so the day keeps the width */
  folding?: boolean;
}) {
  const { t } = useTranslation(NS);
  const [q, setQ] = useState("");
  const [open, setOpen] = useState(false);
  const match = (p: PoolEntry) => `${p.candidateName} ${p.adTitle}`.toLowerCase().includes(q.toLowerCase());
  const toggle = folding ? (
    <button
      type="button"
      className="h-9 rounded-md border px-3 text-left text-sm font-medium"
      aria-expanded={open}
      aria-controls="planning-pool"
      onClick={() => setOpen(!open)}
      data-testid="pool-toggle"
    >
      {open ? "▾" : "▸"} {t("pool.title", { count: pool.length })}
    </button>
  ) : null;
  if (folding && !open)
    return (
      <aside className="grid" data-testid="pool" data-folded="true">
        {toggle}
      </aside>
    );
  return (
    <aside
      id="planning-pool"
      className={cn("grid content-start gap-2", folding ? "w-full" : "w-56 shrink-0")}
      data-testid="pool"
    >
      {toggle}
      <input
        value={q}
        onChange={(e) => setQ(e.target.value)}
        placeholder={t("pool.search")}
        className="h-8 rounded-md border px-2 text-xs"
        aria-label={t("pool.search")}
      />
      <div className={cn("grid gap-3 overflow-auto", folding ? "max-h-[30vh]" : "max-h-[58vh]")}>
        {POOL_GROUPS.map((kind) => {
          const shown = pool.filter((p) => p.kind === kind && match(p)).slice(0, 200);
          return (
            <section key={kind} className="grid gap-1" data-testid={`pool-${kind}`}>
              <h2 className="text-sm font-semibold">{t(`pool.groups.${kind}`)}</h2>
              {shown.length ? (
                <ul className="grid gap-1">
                  {shown.map((p) => (
                    <PoolItem key={poolKey(p)} p={p} />
                  ))}
                </ul>
              ) : (
                <p className="text-xs text-muted-foreground">{t("pool.empty")}</p>
              )}
            </section>
          );
        })}
        <AgencyCandidates missions={missions} />
      </div>
    </aside>
  );
});

/** Any of the agency's candidates (who applied to it or worked for it), found by name, for the mission chosen. */
function AgencyCandidates({ missions }: { missions: { id: number; name: string }[] }) {
  const { t } = useTranslation(NS);
  const found = useFetcher<CandidateSearchAnswer>();
  const [mission, setMission] = useState(missions[0]?.id ?? 0);
  const title = missions.find((m) => m.id === mission)?.name ?? "";
  const people = found.data && "candidates" in found.data ? found.data.candidates : [];
  return (
    <section className="grid gap-1" data-testid="pool-candidates">
      <h2 className="text-sm font-semibold">{t("pool.groups.candidate")}</h2>
      <select
        value={mission}
        onChange={(e) => setMission(Number(e.target.value))}
        className="h-8 rounded-md border px-1 text-xs"
        aria-label={t("pool.mission")}
        data-testid="pool-mission-choice"
      >
        {missions.map((m) => (
          <option key={m.id} value={m.id}>
            {m.name}
          </option>
        ))}
      </select>
      <input
        type="search"
        placeholder={t("pool.findCandidate")}
        aria-label={t("pool.findCandidate")}
        className="h-8 rounded-md border px-2 text-xs"
        data-testid="pool-find"
        onChange={(e) =>
          e.target.value.trim().length >= 2
            ? found.load(`/planification/candidates?q=${encodeURIComponent(e.target.value.trim())}`)
            : undefined
        }
      />
      {mission ? (
        <ul className="grid gap-1">
          {people.map((c) => (
            <PoolItem
              key={c.id}
              p={{
                kind: "candidate",
                placementId: null,
                candidateId: c.id,
                candidateName: c.name,
                adId: mission,
                adTitle: title,
              }}
            />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
