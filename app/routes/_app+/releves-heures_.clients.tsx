import { type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { useActionReply } from "~/hooks/use-action-reply";
import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/page-header";
import { Button } from "~/components/ui/button";
import { hhmm } from "#server/modules/planning/contract";
import { NIGHT_RATE_CHOICES, OVERTIME_RATE_CHOICES, SETTINGS_DAYS_MAX } from "#server/modules/timesheets/contract";
import type { loader, Reply } from "./releves-heures_.clients.server";

export { action, loader } from "./releves-heures_.clients.server";

export const meta: MetaFunction = () => [{ title: "Missio" }];
export const handle = { i18n: ["common", "timesheets"] };
const NS = ["timesheets", "common"];

export default function ClientOptions() {
  const { t } = useTranslation(NS);
  const { clients, regions } = useLoaderData<typeof loader>();
  const reply = useActionReply<Reply>();
  const [params] = useSearchParams();
  const busy = useNavigation().state !== "idle";
  return (
    <div className="grid max-w-4xl gap-4" data-testid="client-options">
      <PageHeader title={t("clients.title")}>
        <p className="text-sm text-muted-foreground">{t("clients.intro")}</p>
      </PageHeader>
      <Link to="/releves-heures" className="text-sm underline-offset-2 hover:underline">
        ← {t("sheet.back")}
      </Link>
      {clients.length === 0 ? <p className="text-sm">{t("clients.none")}</p> : null}
      {clients.map((c) => {
        const mine = reply?.clientId === c.clientId ? reply : null;
        const value = (name: string, saved: string) => mine?.values[name] ?? saved;
        const err = (name: string) =>
          mine?.errors[name]?.[0] ? (
            <span role="alert" className="text-xs text-destructive" data-testid={`error-${name}`}>
              {t(mine.errors[name]![0]!)}
            </span>
          ) : null;
        const num = (name: string, saved: number | null, label: string, extra: { min: number; max: number }) => (
          <label className="grid gap-1 text-xs">
            {label}
            <input
              name={name}
              inputMode="numeric"
              defaultValue={value(name, saved === null ? "" : String(saved))}
              {...extra}
              className="h-8 w-28 rounded-md border px-2"
              aria-invalid={Boolean(mine?.errors[name]) || undefined}
              data-testid={`opt-${name}`}
            />
            {err(name)}
          </label>
        );
        const choice = (name: string, saved: number | null, label: string, choices: readonly number[]) => (
          <label className="grid gap-1 text-xs">
            {label}
            <select
              name={name}
              defaultValue={value(name, saved === null ? "" : String(saved))}
              className="h-8 rounded-md border px-2"
              data-testid={`opt-${name}`}
            >
              <option value="">{t("clients.default")}</option>
              {choices.map((n) => (
                <option key={n} value={n}>
                  {n} %
                </option>
              ))}
            </select>
            {err(name)}
          </label>
        );
        const r = c.rules;
        return (
          <Form
            key={c.clientId}
            method="post"
            id={`client-${c.clientId}`}
            className="card-surface grid gap-3 p-4"
            data-testid="client-option"
            data-client={c.clientId}
          >
            <input type="hidden" name="clientId" value={c.clientId} />
            <input type="hidden" name="version" value={c.version} />
            <h2 className="font-semibold">{c.clientName}</h2>
            {params.get("saved") === c.clientId ? (
              <p role="status" className="text-sm text-green-700" data-testid="options-saved">
                {t("clients.saved")}
              </p>
            ) : null}
            {err("form")}
            <fieldset className="flex flex-wrap gap-3">
              <legend className="mb-1 text-sm font-medium">{t("clients.deadlines")}</legend>
              {num("plannedHoursAfterDays", c.plannedHoursAfterDays, t("clients.plannedHoursAfterDays"), {
                min: 1,
                max: SETTINGS_DAYS_MAX,
              })}
              {num("deemedValidatedAfterDays", c.deemedValidatedAfterDays, t("clients.deemedValidatedAfterDays"), {
                min: 1,
                max: SETTINGS_DAYS_MAX,
              })}
            </fieldset>
            <fieldset className="flex flex-wrap gap-3">
              <legend className="mb-1 text-sm font-medium">{t("clients.rules")}</legend>
              <label className="grid gap-1 text-xs">
                {t("clients.agreement")}
                <input
                  name="agreement"
                  maxLength={120}
                  defaultValue={value("agreement", r.agreement)}
                  className="h-8 w-56 rounded-md border px-2"
                  data-testid="opt-agreement"
                />
                {err("agreement")}
              </label>
              <label className="grid gap-1 text-xs">
                {t("clients.region")}
                <select
                  name="region"
                  defaultValue={value("region", r.region ?? "")}
                  className="h-8 rounded-md border px-2"
                  data-testid="opt-region"
                >
                  <option value="">{t("clients.national")}</option>
                  {regions.map(([code, name]) => (
                    <option key={code} value={code}>
                      {code} · {name}
                    </option>
                  ))}
                </select>
                {err("region")}
              </label>
              {num("weeklyHours", r.weeklyHours, t("clients.weeklyHours"), { min: 1, max: 60 })}
              {choice("overtimePct", r.overtimePct, t("clients.overtimePct"), OVERTIME_RATE_CHOICES)}
              {choice("nightPct", r.nightPct, t("clients.nightPct"), NIGHT_RATE_CHOICES)}
              <label className="grid gap-1 text-xs">
                {t("clients.nightStart")}
                <input
                  type="time"
                  name="nightStart"
                  defaultValue={value("nightStart", r.nightStartMin === null ? "" : hhmm(r.nightStartMin))}
                  className="h-8 rounded-md border px-2"
                />
                {err("nightStart")}
              </label>
              <label className="grid gap-1 text-xs">
                {t("clients.nightEnd")}
                <input
                  type="time"
                  name="nightEnd"
                  defaultValue={value("nightEnd", r.nightEndMin === null ? "" : hhmm(r.nightEndMin))}
                  className="h-8 rounded-md border px-2"
                />
                {err("nightEnd")}
              </label>
              {num("sundayPct", r.sundayPct, t("clients.sundayPct"), { min: 100, max: 300 })}
            </fieldset>
            <Button type="submit" size="sm" className="justify-self-start" disabled={busy} data-testid="save-options">
              {t("clients.save")}
            </Button>
          </Form>
        );
      })}
    </div>
  );
}
