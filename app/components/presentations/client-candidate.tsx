import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { StatusNotice } from "~/components/status-notice";
import { SubmitButton } from "~/components/submit-button";
import { Textarea } from "~/components/ui/textarea";
import { DOSSIER_ANSWERS, DOSSIER_COMMENT_MAX, type ClientCandidate } from "#server/modules/presentations/contract";

export interface ClientLabels {
  yourAnswer: string;
  comment: string;
  submit: string;
  saved: string;
  answerRequired: string;
  answers: Record<string, string>;
  sections: Record<string, string>;
  ageBands: Record<string, string>;
  documents: Record<string, string>;
}

/**
 * One candidate on the client's page, from the client's view model only, and the answer form
 * (plain: works without JavaScript; an answer can be changed until the link expires). Labels come
 * in the dossier's language from the loader.
 */
export function ClientCandidateCard({
  candidate: c,
  labels,
  result,
}: {
  candidate: ClientCandidate;
  labels: ClientLabels;
  result: SubmissionResult<string[]> | null;
}) {
  const saved = result?.status === "success";
  const refused = result && !saved;
  const kept = (result?.initialValue ?? {}) as { answer?: string; comment?: string };
  const answer = refused ? kept.answer : (c.answer ?? undefined);
  const facts = [c.place, c.ageBand ? labels.ageBands[c.ageBand] : null, c.email, c.phone].filter(Boolean);
  return (
    <article
      className="card-surface grid gap-2 p-4"
      data-testid="client-candidate"
      data-n={c.n}
      data-answer={c.answer ?? ""}
    >
      <h2 className="text-lg font-semibold">{c.label}</h2>
      {facts.length > 0 && <p className="text-sm text-muted-foreground">{facts.join(" · ")}</p>}
      {c.comment && (
        <section>
          <h3 className="text-sm font-medium">{labels.sections.comment}</h3>
          <p className="whitespace-pre-line text-sm">{c.comment}</p>
        </section>
      )}
      {c.summary && (
        <section>
          <h3 className="text-sm font-medium">{labels.sections.summary}</h3>
          <p className="whitespace-pre-line text-sm">{c.summary}</p>
        </section>
      )}
      {c.experiences && c.experiences.length > 0 && (
        <section>
          <h3 className="text-sm font-medium">{labels.sections.experiences}</h3>
          <ul className="text-sm">
            {c.experiences.map((e, i) => (
              <li key={i}>
                {[e.jobTitle, e.company, e.place].filter(Boolean).join(" · ")} ({e.from}
                {e.to ? ` – ${e.to}` : ""})
              </li>
            ))}
          </ul>
        </section>
      )}
      {c.trainings && c.trainings.length > 0 && (
        <section>
          <h3 className="text-sm font-medium">{labels.sections.trainings}</h3>
          <ul className="text-sm">
            {c.trainings.map((tr, i) => (
              <li key={i}>{[tr.diploma, tr.school, tr.year].filter(Boolean).join(" · ")}</li>
            ))}
          </ul>
        </section>
      )}
      {c.languages && c.languages.length > 0 && (
        <section>
          <h3 className="text-sm font-medium">{labels.sections.languages}</h3>
          <p className="text-sm">
            {c.languages.map((l) => [l.code.toUpperCase(), l.spoken].filter(Boolean).join(" ")).join(", ")}
          </p>
        </section>
      )}
      {c.documents && c.documents.length > 0 && (
        <section>
          <h3 className="text-sm font-medium">{labels.sections.documents}</h3>
          <p className="text-sm">{c.documents.map((d) => labels.documents[d] ?? d).join(", ")}</p>
        </section>
      )}
      <Form method="post" className="grid gap-2 border-t pt-2" data-testid="answer-form">
        <input type="hidden" name="n" value={c.n} />
        <fieldset className="flex flex-wrap gap-3 text-sm">
          <legend className="mb-1 text-sm font-medium">{labels.yourAnswer}</legend>
          {DOSSIER_ANSWERS.map((a) => (
            <label key={a} className="flex items-center gap-1">
              <input type="radio" name="answer" value={a} defaultChecked={answer === a} data-testid={`answer-${a}`} />
              {labels.answers[a]}
            </label>
          ))}
        </fieldset>
        {refused && (
          <p className="text-sm text-destructive" role="alert" data-testid="answer-error">
            {labels.answerRequired}
          </p>
        )}
        <label className="grid gap-1 text-sm">
          {labels.comment}
          <Textarea
            name="comment"
            defaultValue={refused ? (kept.comment ?? "") : c.answerComment}
            maxLength={DOSSIER_COMMENT_MAX}
            rows={2}
          />
        </label>
        {saved && (
          <StatusNotice tone="success" testId="answer-saved">
            {labels.saved}
          </StatusNotice>
        )}
        <div>
          <SubmitButton size="sm" data-testid="answer-submit">
            {labels.submit}
          </SubmitButton>
        </div>
      </Form>
    </article>
  );
}
