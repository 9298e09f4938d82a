import { useTranslation } from "react-i18next";
import { Badge } from "~/components/ui/badge";
import type { AdState } from "#server/modules/missions/contract";
import { ADS_NS } from "./fields";

const TONE: Record<AdState, string> = {
  online: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-100",
  draft: "bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100",
  disabled: "bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100",
  expired: "bg-orange-100 text-orange-900 dark:bg-orange-900/40 dark:text-orange-100",
  archived: "bg-zinc-200 text-zinc-800 dark:bg-zinc-700 dark:text-zinc-100",
  deleted: "bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-100",
};

/** An ad's state, translated (spec section 4: online, draft, disabled, expired, archived, deleted). */
export function AdStateBadge({ status }: { status: AdState }) {
  const { t } = useTranslation(ADS_NS, { nsMode: "fallback" });
  return (
    <Badge className={TONE[status]} data-testid="ad-state" data-state={status}>
      {t(`states.${status}`)}
    </Badge>
  );
}

/** Proposed by a client manager, waiting for the agency to review and publish it. */
export function AwaitingReviewBadge() {
  const { t } = useTranslation(ADS_NS, { nsMode: "fallback" });
  return (
    <Badge className="bg-sky-100 text-sky-900 dark:bg-sky-900/40 dark:text-sky-100" data-testid="awaiting-review">
      {t("list.awaitingReview")}
    </Badge>
  );
}
