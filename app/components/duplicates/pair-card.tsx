import type { SerializeFrom } from "@remix-run/node";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SubmitButton } from "~/components/submit-button";
import { Badge } from "~/components/ui/badge";
import { formatDate } from "~/utils/dates";
import type { DuplicatePair, PairPerson } from "#server/modules/duplicates/contract";

type Pair = SerializeFrom<DuplicatePair>;

function Person({ person, link }: { person: SerializeFrom<PairPerson>; link: boolean }) {
  const name = `${person.firstName} ${person.lastName}`;
  return (
    <div className="grid gap-0.5" data-testid="pair-person">
      {link ? (
        <Link to={`/cv-theque/${person.id}`} className="font-medium text-primary underline">
          {name}
        </Link>
      ) : (
        <span className="font-medium">{name}</span>
      )}
      {person.city && <span className="text-sm text-muted-foreground">{person.city}</span>}
    </div>
  );
}

/**
 * One likely duplicate: the two candidates (their files, for agency staff), the score and why
 * ("same AVS number", "CV 92 % similar": the kinds only, never the values), and "not a duplicate".
 */
export function DuplicatePairCard({ pair, linkFiles }: { pair: Pair; linkFiles: boolean }) {
  const { t } = useTranslation("duplicates");
  return (
    <li
      className="card-surface grid gap-3 p-4"
      data-testid="duplicate-pair"
      data-pair={`${pair.first.firstName} ${pair.first.lastName} / ${pair.second.firstName} ${pair.second.lastName}`}
    >
      <div className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-start">
        <Person person={pair.first} link={linkFiles} />
        <Person person={pair.second} link={linkFiles} />
        <span className="text-sm font-semibold" data-testid="pair-score">
          {t("score", { score: Math.round(pair.score * 100) })}
        </span>
      </div>
      <ul className="flex flex-wrap gap-2" aria-label={t("reasonsLabel")} data-testid="pair-reasons">
        {pair.reasons.map((r) => (
          <li key={r.kind}>
            <Badge data-reason={r.kind}>
              {t(`reasons.${r.kind}`, { similarity: Math.round((r.similarity ?? 0) * 100) })}
            </Badge>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap items-center gap-3">
        <span className="text-xs text-muted-foreground">{t("foundAt", { date: formatDate(pair.foundAt) })}</span>
        <Link
          to={`/cv-theque/doublons/fusion?first=${pair.first.id}&second=${pair.second.id}`}
          className="ml-auto text-sm text-primary underline"
          data-testid="merge-pair"
        >
          {t("merge.link")}
        </Link>
        <Form method="post">
          <input type="hidden" name="firstId" value={pair.first.id} />
          <input type="hidden" name="secondId" value={pair.second.id} />
          <SubmitButton variant="outline" size="sm" name="intent" value="dismiss" data-testid="dismiss-pair">
            {t("dismiss")}
          </SubmitButton>
        </Form>
      </div>
    </li>
  );
}
