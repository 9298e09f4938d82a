import { useZodForm } from "~/components/forms/use-zod-form";
import {
  LIBRARY_VISIBILITIES,
  libraryVisibilitySchema,
  type LibraryVisibility,
} from "#server/modules/candidates/contract";
import type { ProfileReply } from "~/utils/profile.server";
import { SectionForm, useProfileT } from "./fields";

/** Who finds the candidate in agencies' CV libraries (issue 28): only the agencies they dealt with by default. */
export function LibraryVisibilityForm({
  value,
  version,
  reply,
}: {
  value: LibraryVisibility;
  version: number;
  reply?: ProfileReply;
}) {
  const { t } = useProfileT();
  const [form, f] = useZodForm(libraryVisibilitySchema, reply?.result, {
    id: "library-form",
    defaultValue: { visibility: value },
  });
  return (
    <SectionForm form={form as never} intent="library" version={version} saved={reply?.saved}>
      <fieldset className="grid gap-2 text-sm" key={f.visibility.key}>
        <legend className="mb-1 text-muted-foreground">{t("library.legend")}</legend>
        {LIBRARY_VISIBILITIES.map((v) => (
          <label key={v} className="flex items-start gap-2">
            <input
              type="radio"
              name={f.visibility.name}
              value={v}
              defaultChecked={(f.visibility.initialValue ?? value) === v}
              data-testid={`library-${v}`}
            />
            <span>{t(`library.options.${v}`)}</span>
          </label>
        ))}
      </fieldset>
    </SectionForm>
  );
}
