import { useZodForm } from "~/components/forms/use-zod-form";
import { talentPoolSchema } from "#server/modules/candidates/contract";
import type { ProfileReply } from "~/utils/profile.server";
import { SectionForm, useProfileT } from "./fields";

/** Consent to stay in the talent pool (issue 30): kept beyond two years without activity and after a refusal. */
export function TalentPoolForm({ value, version, reply }: { value: boolean; version: number; reply?: ProfileReply }) {
  const { t } = useProfileT();
  const [form, f] = useZodForm(talentPoolSchema, reply?.result, {
    id: "talent-pool-form",
    defaultValue: { talentPool: value ? "yes" : "no" },
  });
  return (
    <SectionForm form={form as never} intent="talentPool" version={version} saved={reply?.saved}>
      <fieldset className="grid gap-2 text-sm" key={f.talentPool.key}>
        <legend className="mb-1 text-muted-foreground">{t("consents.talentPool.legend")}</legend>
        {(["yes", "no"] as const).map((v) => (
          <label key={v} className="flex items-start gap-2">
            <input
              type="radio"
              name={f.talentPool.name}
              value={v}
              defaultChecked={(f.talentPool.initialValue ?? (value ? "yes" : "no")) === v}
              data-testid={`talent-pool-${v}`}
            />
            <span>{t(`consents.talentPool.${v}`)}</span>
          </label>
        ))}
        {f.talentPool.errors && (
          <p role="alert" className="text-destructive">
            {t(f.talentPool.errors[0]!)}
          </p>
        )}
      </fieldset>
    </SectionForm>
  );
}
