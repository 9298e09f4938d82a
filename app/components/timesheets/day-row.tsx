import { Form } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorList } from "~/components/forms/field";
import { Button } from "~/components/ui/button";
import { hhmm } from "#server/modules/planning/contract";
import type { DayEntry } from "#server/modules/timesheets/contract";
import type { DayReply } from "~/routes/_app+/fiches-horaires_.$id.server";
import { useOnline } from "~/hooks/use-online";
import { adoptLegacyDraft, flush, onSent, queueDay, resolveDay, useQueue, type DayChange } from "~/utils/offline-queue";
import { DayConflict } from "./day-conflict";
import { dayLabel, moneyOf } from "./format";

type SaveState = "idle" | "saving" | "saved" | "offline" | "refused" | "conflict";
const NS = ["timesheets", "common"];

/**
 * One day of the week as a form of its own. With JavaScript it saves as the person types (after
 * a pause) through the device's queue (offline-queue.ts): kept on the device until the server has
 * it, sent when the network is back, and stopped as a conflict, both versions shown, when the
 * server's day changed meanwhile. Without JavaScript, its button saves it.
 */
export function DayRow({
  userId,
  sheetId,
  entry,
  warnings,
  editable,
  reply,
  onSaved,
}: {
  userId: string;
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
  // the day as this device last had it from the server: what a change is based on
  const [base, setBase] = useState(entry);
  const [formKey, setFormKey] = useState(0);
  const [saved, setSaved] = useState(false);
  const online = useOnline();
  useEffect(() => setBase(entry), [entry]);
  const queued = useQueue(userId, sheetId).find((c): c is DayChange => c.kind === "day" && c.day === entry.day);
  const onSavedRef = useRef(onSaved);
  onSavedRef.current = onSaved;

  useEffect(
    () =>
      onSent((sent) => {
        if (sent.kind !== "day" || sent.sheetId !== sheetId || sent.day !== entry.day) return;
        setBase(sent.entry);
        setSaved(true);
        onSavedRef.current?.(sent.version);
      }),
    [sheetId, entry.day],
  );

  // a day kept by this browser before the queue existed joins it
  useEffect(() => {
    if (editable && adoptLegacyDraft({ userId, sheetId, day: entry.day, expected: entry })) void flush(userId);
  }, [editable, userId, sheetId, entry]);

  // what was typed and not yet sent (no network, a closed tab) comes back into the fields
  const restored = useRef(false);
  useEffect(() => {
    if (restored.current || !queued || !form.current) return;
    restored.current = true;
    for (const [name, value] of Object.entries(queued.values)) {
      const field = form.current.elements.namedItem(name);
      if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) field.value = value;
    }
  }, [queued]);

  const onChange = () => {
    if (!editable) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (!form.current) return;
      const values = Object.fromEntries(
        [...new FormData(form.current)].filter((pair): pair is [string, string] => typeof pair[1] === "string"),
      );
      setSaved(false);
      queueDay({ userId, sheetId, day: entry.day, values, expected: base });
      void flush(userId);
    }, 700);
  };

  const keepTheirs = (change: DayChange) => {
    resolveDay(change.key, "theirs");
    if (change.server) setBase(change.server.entry);
    setFormKey((k) => k + 1); // the fields show the server's version
  };
  const keepMine = (change: DayChange) => {
    resolveDay(change.key, "mine");
    void flush(userId);
  };

  const state: SaveState = queued
    ? queued.state === "waiting"
      ? online
        ? "saving"
        : "offline"
      : queued.state
    : reply && !reply.ok
      ? "refused"
      : saved
        ? "saved"
        : "idle";
  const errors: Record<string, string[]> =
    queued?.state === "refused"
      ? (queued.errors ?? {})
      : reply && !reply.ok && !queued
        ? ((reply.result.error ?? {}) as Record<string, string[]>)
        : {};
  const shown = formKey ? base : entry;
  const [r1, r2] = shown.ranges;
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
      key={formKey}
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
          defaultValue: shown.breakMin || "",
          className: "h-9 w-20 rounded-md border px-2 text-sm",
        })}
        <span className="ml-auto text-xs text-muted-foreground" aria-live="polite" data-testid="save-state">
          {state === "idle" ? "" : t(`save.${state}`)}
        </span>
      </div>
      {/* a refusal of the day itself (outside the mission, the sheet gone) has no field of its own */}
      <ErrorList errors={errors.day} ns={NS} />
      {queued?.state === "conflict" && queued.server ? (
        <DayConflict change={queued} server={queued.server} onMine={keepMine} onTheirs={keepTheirs} />
      ) : null}
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
            defaultValue: shown.mealFees ? moneyOf(shown.mealFees) : "",
          })}
          {field("miscCosts", t("day.miscCosts"), {
            inputMode: "decimal",
            defaultValue: shown.miscCosts ? moneyOf(shown.miscCosts) : "",
          })}
          {field("parking", t("day.parking"), {
            inputMode: "decimal",
            defaultValue: shown.parking ? moneyOf(shown.parking) : "",
          })}
          {field("mileageKm", t("day.mileageKm"), {
            type: "number",
            min: 0,
            inputMode: "numeric",
            defaultValue: shown.mileageKm || "",
          })}
          {field("travelFees", t("day.travelFees"), {
            inputMode: "decimal",
            defaultValue: shown.travelFees ? moneyOf(shown.travelFees) : "",
          })}
          {field("trainingMin", t("day.trainingMin"), {
            type: "number",
            min: 0,
            inputMode: "numeric",
            defaultValue: shown.trainingMin || "",
          })}
          {field("travelMin", t("day.travelMin"), {
            type: "number",
            min: 0,
            inputMode: "numeric",
            defaultValue: shown.travelMin || "",
          })}
          {field("site", t("day.site"), { defaultValue: shown.site, maxLength: 200 })}
          {field("notes", t("day.notes"), { defaultValue: shown.notes, maxLength: 500 })}
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
