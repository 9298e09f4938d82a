import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { initialsOf, type Peer } from "../presence";
import { NS } from "./layout";

/** Who else has the board open, the undo button and whether a change is being saved. */
export function BoardToolbar({
  people,
  canEdit,
  canUndo,
  busy,
  onUndo,
}: {
  people: Peer[];
  canEdit: boolean;
  canUndo: boolean;
  busy: boolean;
  onUndo: () => void;
}) {
  const { t } = useTranslation(NS);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <ul className="flex items-center gap-1" data-testid="presence" aria-label={t("presence.label")}>
        {people.map((p) => (
          <li
            key={p.socketId}
            title={p.name}
            data-testid="presence-avatar"
            data-user={p.userId}
            className="grid h-8 w-8 place-items-center rounded-full bg-primary text-xs font-semibold text-primary-foreground"
          >
            {initialsOf(p.name)}
            <span className="sr-only">{p.name}</span>
          </li>
        ))}
      </ul>
      <span className="text-xs text-muted-foreground">
        {people.length ? t("presence.others", { count: people.length }) : t("presence.alone")}
      </span>
      {canEdit ? (
        <Button
          type="button"
          size="sm"
          variant="outline"
          disabled={!canUndo || busy}
          onClick={onUndo}
          data-testid="undo"
        >
          {t("board.undo")}
        </Button>
      ) : null}
      {busy ? <span className="text-xs text-muted-foreground">{t("board.saving")}</span> : null}
    </div>
  );
}
