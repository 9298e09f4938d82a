import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AgencyLogo } from "~/components/agency-logo";
import { ErrorList } from "~/components/forms/field";
import { StatusNotice } from "~/components/status-notice";
import { SubmitButton } from "~/components/submit-button";
import { Button } from "~/components/ui/button";
import { FileInput } from "~/components/ui/file-input";
import { LOGO_EXTENSIONS, LOGO_MAX_BYTES } from "#server/modules/agencies/contract";

export interface LogoReply {
  logo: { error: string | null; done: "changed" | "removed" | null };
}

/** The agency's name card; its admins change or remove the logo shown on its ads and results (a plain multipart form). */
export function AgencyIdentity({
  agency,
  canManage,
  reply,
}: {
  agency: { name: string; city: string; country: string; logoId: string | null };
  canManage: boolean;
  reply: LogoReply["logo"] | null;
}) {
  const { t } = useTranslation();
  return (
    <section className="card-surface grid gap-4 p-6" data-testid="agency-identity">
      <div className="flex items-center gap-4">
        <AgencyLogo name={agency.name} logoId={agency.logoId} size="lg" />
        <div className="min-w-0">
          <h2 className="text-lg font-semibold" data-testid="agency-name">
            {agency.name}
          </h2>
          <p className="text-sm text-muted-foreground">
            {agency.city} · {t(`countries.${agency.country}`)}
          </p>
        </div>
      </div>
      {canManage && (
        <div className="grid gap-2">
          {reply?.done && (
            <StatusNotice tone="success" testId="logo-done">
              {t(`logo.${reply.done}`)}
            </StatusNotice>
          )}
          <Form
            method="post"
            encType="multipart/form-data"
            className="flex flex-wrap items-end gap-3"
            data-testid="logo-form"
          >
            <div className="grid min-w-0 gap-1">
              <label htmlFor="agency-logo" className="text-sm font-medium">
                {t("logo.label")}
              </label>
              <FileInput
                id="agency-logo"
                name="logo"
                accept={LOGO_EXTENSIONS.map((e) => `.${e}`).join(",")}
                aria-describedby="agency-logo-hint"
                aria-invalid={reply?.error ? true : undefined}
                data-testid="logo-file"
              />
              <p id="agency-logo-hint" className="text-xs text-muted-foreground">
                {t("logo.hint", { max: LOGO_MAX_BYTES / 1024 / 1024 })}
              </p>
              <ErrorList errors={reply?.error ? [reply.error] : []} values={{ max: LOGO_MAX_BYTES / 1024 / 1024 }} />
            </div>
            <SubmitButton name="intent" value="logo" data-testid="logo-submit">
              {t("logo.submit")}
            </SubmitButton>
            {agency.logoId && (
              <Button type="submit" variant="outline" name="intent" value="remove-logo" data-testid="logo-remove">
                {t("logo.remove")}
              </Button>
            )}
          </Form>
        </div>
      )}
    </section>
  );
}
