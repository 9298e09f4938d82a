import { Form, Link } from "@remix-run/react";
import { Input } from "~/components/ui/input";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { ErrorList } from "~/components/forms/field";
import { hhmm, poolKey } from "#server/modules/planning/contract";
import type { AssignmentRow, PoolRow } from "#server/modules/planning/queries";
import type { PlanningReply } from "~/routes/_app+/planification.server";
import { ddmm, warningText } from "./format";

type Failure = Extract<PlanningReply, { ok: false }>;
const input = "h-9 rounded-md border border-input bg-background px-2 text-sm";
const NS = ["planning", "common"];

/** The field errors of a refused form, and what the person typed (kept). */
function replyFor(reply: PlanningReply | undefined, formId: string) {
  const r = reply && !reply.ok && reply.formId === formId ? (reply as Failure) : null;
  const values = (r?.result.initialValue ?? {}) as Record<string, string>;
  return {
    r,
    errors: (name: string) => r?.result.error?.[name] ?? undefined,
    value: (name: string, fallback: string) => values[name] ?? fallback,
  };
}

function ReplyNotice({ r }: { r: Failure | null }) {
  const { t } = useTranslation(NS);
  if (!r) return null;
  return (
    <div
      role="alert"
      className="grid gap-1 rounded-md border border-amber-500 bg-amber-50 p-2 text-sm dark:bg-amber-950"
      data-testid="form-refusal"
    >
      {r.changedBy !== undefined ? (
        <p data-testid="conflict-notice">{t("conflict.changedBy", { name: r.changedBy || t("conflict.someone") })}</p>
      ) : null}
      {r.warnings?.map((w) => (
        <p key={w.key} data-testid="form-warning">
          ⚠ {warningText(t, w)}
        </p>
      ))}
      {r.result.error?.[""]?.map((e) => (
        <p key={e}>{t(e)}</p>
      ))}
    </div>
  );
}

/** Day, start, end, crossing midnight, break (and place, note, reason) as plain inputs. */
function ShiftFields({ id, reply, shift }: { id: string; reply: ReturnType<typeof replyFor>; shift?: AssignmentRow }) {
  const { t } = useTranslation(NS);
  const field = (name: string, label: string, type: string, fallback: string, extra: Record<string, unknown> = {}) => (
    <label className="grid gap-1 text-xs">
      <span>{label}</span>
      <Input
        name={name}
        type={type}
        defaultValue={reply.value(name, fallback)}
        className={input}
        data-testid={`${id}-${name}`}
        aria-invalid={reply.errors(name) ? true : undefined}
        {...extra}
      />
      <ErrorList errors={reply.errors(name)} ns={NS} />
    </label>
  );
  return (
    <>
      {field("day", t("form.day"), "date", shift?.day ?? "", { required: true })}
      {field("start", t("form.start"), "time", shift ? hhmm(shift.startMin) : "08:00", { required: true, step: 900 })}
      {field("end", t("form.end"), "time", shift ? hhmm(shift.endMin) : "17:00", { required: true, step: 900 })}
      <label className="flex items-center gap-1 self-center text-xs">
        <input
          type="checkbox"
          name="overnight"
          defaultChecked={shift ? shift.endMin <= shift.startMin : reply.value("overnight", "") === "on"}
          data-testid={`${id}-overnight`}
        />
        {t("form.overnight")}
      </label>
      {field("breakMinutes", t("form.break"), "number", String(shift?.breakMin ?? 0), { min: 0, max: 600, step: 15 })}
      {field("place", t("form.place"), "text", shift?.place ?? "")}
      {field("note", t("form.note"), "text", shift?.note ?? "")}
      {reply.r?.warnings || reply.errors("reason")
        ? field("reason", t("form.reason"), "text", "", { required: true })
        : null}
    </>
  );
}

/**
 * The board as a list of the same period, with plain forms to create, move and delete (works
 * without JavaScript: each form posts and comes back here).
 */
export function ListView({
  assignments,
  pool,
  canEdit,
  back,
  reply,
}: {
  assignments: AssignmentRow[];
  pool: PoolRow[];
  canEdit: boolean;
  back: string;
  reply: PlanningReply | undefined;
}) {
  const { t } = useTranslation(NS);
  const create = replyFor(reply, "create");
  return (
    <div className="grid gap-4" data-testid="planning-list">
      {canEdit ? (
        <Form method="post" className="card-surface grid gap-2 p-3" data-testid="create-form">
          <h2 className="text-sm font-semibold">{t("list.create")}</h2>
          <input type="hidden" name="intent" value="create" />
          <input type="hidden" name="formId" value="create" />
          <input type="hidden" name="back" value={back} />
          <ReplyNotice r={create.r} />
          <div className="flex flex-wrap items-start gap-2">
            <label className="grid gap-1 text-xs">
              <span>{t("form.mission")}</span>
              <select
                name="placementId"
                className={input}
                defaultValue={create.value("placementId", "")}
                data-testid="create-placementId"
                required
              >
                <option value="">{t("form.choose")}</option>
                {pool.map((p) => (
                  <option key={poolKey(p)} value={poolKey(p)}>
                    {p.candidateName} · {p.adTitle}
                    {p.kind === "retained" ? ` (${t("pool.retained")})` : ""}
                  </option>
                ))}
              </select>
              <ErrorList errors={create.errors("placementId")} ns={NS} />
            </label>
            <ShiftFields id="create" reply={create} />
          </div>
          <Button type="submit" className="justify-self-start" data-testid="create-submit">
            {t("list.createSubmit")}
          </Button>
        </Form>
      ) : null}
      {assignments.length === 0 ? (
        <p className="text-sm text-muted-foreground" data-testid="list-empty">
          {t("list.empty")}
        </p>
      ) : (
        <ul className="grid gap-2">
          {assignments.map((a) => {
            const move = replyFor(reply, `move-${a.id}`);
            return (
              <li
                key={a.id}
                className="card-surface grid gap-2 p-3"
                data-testid="list-assignment"
                data-id={a.id}
                data-status={a.status}
                data-removing={a.removing ? "true" : undefined}
              >
                <p className="text-sm">
                  <strong data-testid="list-candidate">
                    {canEdit ? (
                      <Link to={`/cv-theque/${a.candidateId}`} className="underline">
                        {a.candidateName}
                      </Link>
                    ) : (
                      a.candidateName
                    )}
                  </strong>{" "}
                  · {a.adTitle} ·{" "}
                  <span data-testid="list-when">{`${ddmm(a.day)} ${hhmm(a.startMin)}–${hhmm(a.endMin)}`}</span>
                  {a.breakMin ? ` · ${t("list.break", { minutes: a.breakMin })}` : ""} ·{" "}
                  <span className={a.status === "draft" ? "italic text-amber-700" : ""}>
                    {a.removing ? t("status.removing") : t(`status.${a.status}`)}
                  </span>
                  {a.overrideReason ? ` · ${t("list.reason", { reason: a.overrideReason })}` : ""}
                </p>
                {canEdit && !a.removing ? (
                  <div className="flex flex-wrap items-end gap-3">
                    <Form method="post" className="flex flex-wrap items-start gap-2" data-testid="move-form">
                      <input type="hidden" name="intent" value="change" />
                      <input type="hidden" name="formId" value={`move-${a.id}`} />
                      <input type="hidden" name="back" value={back} />
                      <input type="hidden" name="assignmentId" value={a.id} />
                      <input type="hidden" name="version" value={a.version} />
                      <ReplyNotice r={move.r} />
                      <ShiftFields id="move" reply={move} shift={a} />
                      <Button
                        type="submit"
                        size="sm"
                        variant="outline"
                        className="self-center"
                        data-testid="move-submit"
                      >
                        {t("list.save")}
                      </Button>
                    </Form>
                    <Form method="post">
                      <input type="hidden" name="intent" value="remove" />
                      <input type="hidden" name="formId" value={`remove-${a.id}`} />
                      <input type="hidden" name="back" value={back} />
                      <input type="hidden" name="assignmentId" value={a.id} />
                      <input type="hidden" name="version" value={a.version} />
                      <Button type="submit" size="sm" variant="destructive" data-testid="remove-submit">
                        {t("list.remove")}
                      </Button>
                    </Form>
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
