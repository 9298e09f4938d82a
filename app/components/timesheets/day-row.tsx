import { Form } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorList } from "~/components/forms/field";
import { Button } from "~/components/ui/button";
import { hhmm } from "#server/modules/planning/contract";
import type { DayEntry } from "#server/modules/timesheets/contract";
import type { DayReply } from "~/routes/_app+/fiches-horaires_.$id.server";
import { dayLabel, moneyOf } from "./format";

type SaveState = "idle" | "saving" | "saved" | "offline" | "refused";
const NS = ["timesheets", "common"];
const draftKey = (sheetId: string, day: string) => `timesheet:${sheetId}:${day}`;

/**
 * One day of the week as a form of its own. With JavaScript it saves as the person types (after
 * a pause); what is typed is kept in this browser until the server has it, and sent again when
 * the connection comes back. Without JavaScript, its button saves it.
 */
export function DayRow({
  sheetId,
  entry,
  warnings,
  editable,
  reply,
  onSaved,
}: {
  sheetId: string;
  entry: DayEntry;
  warnings: string[];
  editable: boolean;
  reply?: DayReply;
  onSaved?: (version: number | null) => void;
}) {
  const { t } = useTranslation(NS);
  const form = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const [state, setState] = useState<SaveState>("idle");
  const [errors, setErrors] = useState<Record<string, string[]>>(
    reply && !reply.ok ? ((reply.result.error ?? {}) as Record<string, string[]>) : {},
  );
  const onSavedRef = useRef(onSaved);
  onSavedRef.current = onSaved;

  const save = useCallback(async () => {
    if (!form.current) return;
    const body = new FormData(form.current);
    body.set("js", "1");
    localStorage.setItem(draftKey(sheetId, entry.day), JSON.stringify(Object.fromEntries(body)));
    setState("saving");
    try {
      const res = await fetch(
        `/fiches-horaires/${sheetId}?_data=${encodeURIComponent("routes/_app+/fiches-horaires_.$id")}`,
        { method: "POST", body },
      );
      const answer = (await res.json()) as DayReply;
      if (answer.ok) {
        localStorage.removeItem(draftKey(sheetId, entry.day));
        setErrors({});
        setState("saved");
        onSavedRef.current?.(answer.version);
      } else {
        // refused: the input stays as typed, the message on its field
        setErrors((answer.result.error ?? {}) as Record<string, string[]>);
        setState("refused");
      }
    } catch {
      setState("offline"); // kept in this browser; sent again when the connection is back
    }
  }, [sheetId, entry.day]);

  // what was typed and not yet saved (a closed tab, a dropped connection) comes back and is sent
  useEffect(() => {
    const kept = localStorage.getItem(draftKey(sheetId, entry.day));
    if (!kept || !form.current || !editable) return;
    const values = JSON.parse(kept) as Record<string, string>;
    for (const [name, value] of Object.entries(values)) {
      const field = form.current.elements.namedItem(name);
      if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) field.value = value;
    }
    void save();
  }, [sheetId, entry.day, editable, save]);
  useEffect(() => {
    const retry = () => state === "offline" && void save();
    window.addEventListener("online", retry);
    const again = state === "offline" ? setInterval(retry, 5000) : undefined;
    return () => {
      window.removeEventListener("online", retry);
      clearInterval(again);
    };
  }, [state, save]);

  const onChange = () => {
    if (!editable) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void save(), 700);
  };
  const [r1, r2] = entry.ranges;
  // a day refused without JavaScript comes back as typed, not as last saved
  const typed =
    reply && !reply.ok ? (reply.result.initialValue as Record<string, unknown> | null | undefined) : undefined;
  const field = (name: string, label: string, props: React.InputHTMLAttributes<HTMLInputElement>) => (
    <label className="grid gap-1 text-xs">
      <span>{label}</span>
      <input
        name={name}
        disabled={!editable}
        aria-invalid={errors[name] ? true : undefined}
        className="h-9 rounded-md border px-2 text-sm aria-[invalid=true]:border-destructive"
        data-testid={`field-${name}`}
        {...props}
        defaultValue={typeof typed?.[name] === "string" ? (typed[name] as string) : props.defaultValue}
      />
      <ErrorList errors={errors[name]} ns={NS} />
    </label>
  );
  return (
    <Form
      method="post"
      ref={form}
      onChange={onChange}
      className="card-surface grid gap-2 p-3"
      id={`day-${entry.day}`}
      data-testid="day-row"
      data-day={entry.day}
      data-save={state}
    >
      <input type="hidden" name="intent" value="saveDay" />
      <input type="hidden" name="timesheetId" value={sheetId} />
      <input type="hidden" name="day" value={entry.day} />
      <div className="flex flex-wrap items-end gap-2">
        <strong className="w-28 text-sm">
          {t(`weekday.${new Date(`${entry.day}T00:00:00Z`).getUTCDay()}`)} {dayLabel(entry.day).slice(0, 5)}
        </strong>
        {field("start1", t("day.start"), { type: "time", defaultValue: r1 ? hhmm(r1.startMin) : "" })}
        {field("end1", t("day.end"), { type: "time", defaultValue: r1 ? hhmm(r1.endMin) : "" })}
        {field("start2", t("day.start2"), { type: "time", defaultValue: r2 ? hhmm(r2.startMin) : "" })}
        {field("end2", t("day.end2"), { type: "time", defaultValue: r2 ? hhmm(r2.endMin) : "" })}
        {field("breakMin", t("day.break"), {
          type: "number",
          min: 0,
          max: 600,
          step: 5,
          inputMode: "numeric",
          defaultValue: entry.breakMin || "",
          className: "h-9 w-20 rounded-md border px-2 text-sm",
        })}
        <span className="ml-auto text-xs text-muted-foreground" aria-live="polite" data-testid="save-state">
          {state === "idle" ? "" : t(`save.${state}`)}
        </span>
      </div>
      {warnings.map((w) => (
        <p key={w} className="text-xs text-amber-700" data-testid="day-warning">
          ⚠ {t(w)}
        </p>
      ))}
      <details>
        <summary className="cursor-pointer text-xs text-muted-foreground">{t("day.more")}</summary>
        <div className="mt-2 flex flex-wrap items-end gap-2">
          {field("mealFees", t("day.mealFees"), {
            inputMode: "decimal",
            defaultValue: entry.mealFees ? moneyOf(entry.mealFees) : "",
          })}
          {field("miscCosts", t("day.miscCosts"), {
            inputMode: "decimal",
            defaultValue: entry.miscCosts ? moneyOf(entry.miscCosts) : "",
          })}
          {field("parking", t("day.parking"), {
            inputMode: "decimal",
            defaultValue: entry.parking ? moneyOf(entry.parking) : "",
          })}
          {field("mileageKm", t("day.mileageKm"), {
            type: "number",
            min: 0,
            inputMode: "numeric",
            defaultValue: entry.mileageKm || "",
          })}
          {field("travelFees", t("day.travelFees"), {
            inputMode: "decimal",
            defaultValue: entry.travelFees ? moneyOf(entry.travelFees) : "",
          })}
          {field("trainingMin", t("day.trainingMin"), {
            type: "number",
            min: 0,
            inputMode: "numeric",
            defaultValue: entry.trainingMin || "",
          })}
          {field("travelMin", t("day.travelMin"), {
            type: "number",
            min: 0,
            inputMode: "numeric",
            defaultValue: entry.travelMin || "",
          })}
          {field("site", t("day.site"), { defaultValue: entry.site, maxLength: 200 })}
          {field("notes", t("day.notes"), { defaultValue: entry.notes, maxLength: 500 })}
        </div>
      </details>
      {editable ? (
        <noscript>
          <Button type="submit" size="sm" variant="outline">
            {t("day.save")}
          </Button>
        </noscript>
      ) : null}
    </Form>
  );
}
