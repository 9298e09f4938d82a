import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { AssignmentRow } from "#server/modules/planning/queries";
import { Button } from "~/components/ui/button";
import type { PlanningReply } from "~/routes/_app+/planification.server";
import { cn } from "~/utils/cn";
import { ddmm, timesOf, warningText } from "../format";
import { NS } from "./layout";
import { fieldsOf, type Fields } from "./shifts";

const CELL = "h-8 rounded-md border px-2 text-sm";
const SHIFT_INPUTS = [
  ["day", "date"],
  ["start", "time"],
  ["end", "time"],
  ["breakMinutes", "number"],
  ["place", "text"],
  ["note", "text"],
] as const;

/** Sends one of the editor's forms with the given intent. */
type Send = (form: HTMLFormElement, intent: string) => void;
const onSubmitAs = (send: Send, intent: string) => (e: React.FormEvent<HTMLFormElement>) => {
  e.preventDefault();
  send(e.currentTarget, intent);
};

/**
 * The form of one assignment. The version is the one shown when it opened: a change by someone
 * else meanwhile is refused with their name, the inputs stay as typed, and saving again applies
 * them over the current state.
 */
export function Editor({
  a,
  onClose,
  submit,
  reply,
  busy,
}: {
  a: AssignmentRow;
  onClose: () => void;
  submit: (f: Fields) => void;
  reply: PlanningReply | undefined;
  busy: boolean;
}) {
  const { t } = useTranslation(NS);
  const [version, setVersion] = useState(a.version);
  const [opened] = useState(() => fieldsOf(a));
  const failed = reply && !reply.ok && reply.formId === `edit-${a.id}` ? reply : null;
  useEffect(() => {
    if (failed?.currentVersion) setVersion(failed.currentVersion);
  }, [failed]);
  const send: Send = (form, intent) => {
    const data = Object.fromEntries([...new FormData(form).entries()].map(([k, v]) => [k, String(v)]));
    submit({ ...data, intent, formId: `edit-${a.id}`, assignmentId: a.id, version: String(version) });
  };
  const errorOf = (name: string) => failed?.result.error?.[name]?.map((e) => t(e)).join(" ");
  return (
    <section className="card-surface grid gap-2 p-3" data-testid="assignment-editor" aria-label={t("editor.title")}>
      <h2 className="text-sm font-semibold">
        {t("editor.title")}: {a.candidateName} · {a.adTitle}
      </h2>
      {failed?.changedBy !== undefined ? (
        <p role="alert" className="text-sm text-amber-700" data-testid="conflict-notice">
          {t("conflict.changedBy", { name: failed.changedBy || t("conflict.someone") })}{" "}
          {t("conflict.now", { day: ddmm(a.day), times: timesOf(a) })}
        </p>
      ) : null}
      {failed?.warnings?.map((w) => (
        <p key={w.key} role="alert" className="text-sm text-amber-700" data-testid="form-warning">
          ⚠ {warningText(t, w)}
        </p>
      ))}
      <ShiftForm opened={opened} errorOf={errorOf} send={send} busy={busy} onClose={onClose} />
      <div className="flex flex-wrap items-end gap-4">
        <CopyForms send={send} busy={busy} />
        <Button
          type="button"
          size="sm"
          variant="destructive"
          disabled={busy}
          onClick={() => submit({ intent: "remove", assignmentId: a.id, version: String(version) })}
          data-testid="edit-remove"
        >
          {t("list.remove")}
        </Button>
      </div>
    </section>
  );
}

/** The shift's day, times, break, place and note, and the reason for overriding warnings. */
function ShiftForm({
  opened,
  errorOf,
  send,
  busy,
  onClose,
}: {
  opened: Fields;
  errorOf: (name: string) => string | undefined;
  send: Send;
  busy: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation(NS);
  return (
    <form className="flex flex-wrap items-end gap-2" onSubmit={onSubmitAs(send, "change")}>
      {SHIFT_INPUTS.map(([name, type]) => (
        <label key={name} className="grid gap-1 text-xs">
          {t(`form.${name === "breakMinutes" ? "break" : name}`)}
          <input name={name} type={type} defaultValue={opened[name]} className={CELL} data-testid={`edit-${name}`} />
          {errorOf(name) ? <span className="text-destructive">{errorOf(name)}</span> : null}
        </label>
      ))}
      <label className="flex items-center gap-1 text-xs">
        <input type="checkbox" name="overnight" defaultChecked={opened.overnight === "on"} /> {t("form.overnight")}
      </label>
      <label className="grid gap-1 text-xs">
        {t("form.reason")}
        <input name="reason" className={CELL} data-testid="edit-reason" />
        {errorOf("reason") ? <span className="text-destructive">{errorOf("reason")}</span> : null}
      </label>
      <Button type="submit" size="sm" disabled={busy} data-testid="edit-save">
        {t("list.save")}
      </Button>
      <Button type="button" size="sm" variant="outline" onClick={onClose}>
        {t("editor.close")}
      </Button>
    </form>
  );
}

/** Copy the shift to chosen days, or repeat it for some weeks. */
function CopyForms({ send, busy }: { send: Send; busy: boolean }) {
  const { t } = useTranslation(NS);
  return (
    <>
      <form className="flex items-end gap-2" onSubmit={onSubmitAs(send, "copy")}>
        <label className="grid gap-1 text-xs">
          {t("editor.copyDays")}
          <input name="days" placeholder="2026-12-01, 2026-12-02" className={CELL} data-testid="copy-days" />
        </label>
        <Button type="submit" size="sm" variant="outline" disabled={busy} data-testid="copy-submit">
          {t("editor.copy")}
        </Button>
      </form>
      <form className="flex items-end gap-2" onSubmit={onSubmitAs(send, "repeat")}>
        <label className="grid gap-1 text-xs">
          {t("editor.weeks")}
          <input
            name="weeks"
            type="number"
            min={1}
            max={12}
            defaultValue={4}
            className={cn(CELL, "w-20")}
            data-testid="repeat-weeks"
          />
        </label>
        <Button type="submit" size="sm" variant="outline" disabled={busy} data-testid="repeat-submit">
          {t("editor.repeat")}
        </Button>
      </form>
    </>
  );
}
