import { useTranslation } from "react-i18next";
import { Badge } from "~/components/ui/badge";
import type { AdState, OrderState } from "#server/modules/missions/contract";
import { ORDERS_NS } from "./format";

const TONES: Record<OrderState | AdState, string> = {
  pending: "bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100",
  validated: "bg-sky-100 text-sky-900 dark:bg-sky-900/40 dark:text-sky-100",
  online: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-100",
  in_progress: "bg-violet-100 text-violet-900 dark:bg-violet-900/40 dark:text-violet-100",
  completed: "bg-secondary text-secondary-foreground",
  expired: "bg-rose-100 text-rose-900 dark:bg-rose-900/40 dark:text-rose-100",
  draft: "bg-secondary text-secondary-foreground",
  disabled: "bg-secondary text-secondary-foreground",
  archived: "bg-secondary text-secondary-foreground",
  deleted: "bg-secondary text-secondary-foreground",
};

/** An order's or an ad's state, translated, as a small coloured label. */
export function StateBadge({
  kind,
  state,
  testId,
}: {
  kind: "order" | "ad";
  state: OrderState | AdState;
  testId?: string;
}) {
  const { t } = useTranslation(ORDERS_NS);
  return (
    <Badge className={TONES[state]} data-testid={testId} data-state={state}>
      {kind === "order" ? t(`states.${state}`) : t(`adStates.${state}`)}
    </Badge>
  );
}
