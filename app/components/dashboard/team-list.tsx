import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorList } from "~/components/forms/field";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";

type Member = { id: string; name: string; role: string; enabled: boolean };

/**
 * The agency's team; an agency admin disables (with a reason) or re-enables a colleague.
 * `member`: the reply of the last such form, its error shown on that colleague.
 */
export function TeamList({
  team,
  me,
  canManage,
  member,
}: {
  team: Member[];
  me: string;
  canManage: boolean;
  member: { userId: string | null; error: string | null } | null;
}) {
  const { t } = useTranslation();
  return (
    <section className="card-surface p-6">
      <h3 className="mb-3 font-semibold">
        {t("dashboard.agency.team")} <span className="text-muted-foreground">({team.length})</span>
      </h3>
      <ul className="grid gap-3 text-sm" data-testid="team">
        {team.map((m) => (
          <li key={m.id} className="grid gap-1" data-testid={`member-${m.id}`}>
            <span>
              <span className="font-medium">{m.name}</span>{" "}
              <span className="text-muted-foreground">· {t(`roles.${m.role}`)}</span>
              {!m.enabled && (
                <span className="ml-2 rounded bg-destructive/10 px-1.5 text-xs text-destructive">
                  {t("dashboard.agency.disabled")}
                </span>
              )}
            </span>
            {canManage && m.id !== me && (
              <Form method="post" className="flex flex-wrap gap-2">
                <input type="hidden" name="userId" value={m.id} />
                {m.enabled && (
                  <Input
                    name="reason"
                    placeholder={t("dashboard.agency.reason")}
                    aria-label={t("dashboard.agency.reason")}
                    className="h-8 w-40"
                  />
                )}
                <Button
                  type="submit"
                  size="sm"
                  variant={m.enabled ? "outline" : "secondary"}
                  name="intent"
                  value={m.enabled ? "disable" : "enable"}
                  className="h-8"
                >
                  {t(m.enabled ? "dashboard.agency.disable" : "dashboard.agency.enable")}
                </Button>
                {member?.userId === m.id && <ErrorList errors={member.error ? [member.error] : []} />}
              </Form>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
