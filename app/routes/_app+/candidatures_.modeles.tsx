import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useActionReply } from "~/hooks/use-action-reply";
import { useTranslation } from "react-i18next";
import { TemplateForm } from "~/components/applications/template-form";
import { TemplateRow } from "~/components/applications/template-row";
import { EmptyState } from "~/components/empty-state";
import { ErrorList } from "~/components/forms/field";
import { PageHeader } from "~/components/page-header";
import { StatusNotice } from "~/components/status-notice";
import { useLive } from "~/hooks/use-live";
import { TEMPLATE_PURPOSES } from "#server/modules/applications/contract";
import type { loader, TemplatesReply } from "./candidatures_.modeles.server";

export { action, loader } from "./candidatures_.modeles.server";

export const meta: MetaFunction = () => [{ title: "Missio" }];
export const handle = { i18n: ["common", "applications"] };
const NS = ["applications", "common"];

export default function ReplyTemplates() {
  const { t } = useTranslation(NS);
  const data = useLoaderData<typeof loader>();
  const reply = useActionReply<TemplatesReply>();
  // a colleague's change shows without reloading
  useLive((e) => e.type.startsWith("ReplyTemplate"));
  const saved = data.templates.find((x) => x.id === data.saved);
  const full = data.templates.length >= data.max;
  return (
    <div className="grid max-w-5xl gap-6" data-testid="reply-templates">
      <PageHeader
        title={t("templates.title")}
        actions={
          <>
            <span className="text-sm text-muted-foreground" data-testid="template-count">
              {t("templates.count", { count: data.templates.length, max: data.max })}
            </span>
            <Link to="/candidatures" className="text-sm text-primary underline">
              {t("templates.back")}
            </Link>
          </>
        }
      />
      <p className="text-sm text-muted-foreground">{t("templates.intro")}</p>
      {saved && (
        <StatusNotice tone="success" testId="template-saved">
          {t("templates.saved", { name: saved.name })}
        </StatusNotice>
      )}
      {data.deleted && <StatusNotice testId="template-deleted">{t("templates.deleted")}</StatusNotice>}
      {reply?.error && <ErrorList errors={[reply.error]} ns={NS} />}

      <details
        className="card-surface p-5"
        open={data.templates.length === 0 || reply?.intent === "create"}
        data-testid="create-template"
      >
        <summary className="cursor-pointer font-semibold">{t("templates.create")}</summary>
        {full ? (
          <p className="mt-3 text-sm">{t("templates.limit", { max: data.max })}</p>
        ) : (
          <TemplateForm
            intent="create"
            language={data.language}
            lastResult={reply?.intent === "create" ? reply.result : undefined}
          />
        )}
      </details>

      {data.templates.length === 0 ? (
        <EmptyState message={t("templates.empty")} testId="no-templates" />
      ) : (
        TEMPLATE_PURPOSES.map((purpose) => {
          const rows = data.templates.filter((x) => x.purpose === purpose);
          if (!rows.length) return null;
          return (
            <section key={purpose} className="grid gap-3" data-testid={`purpose-${purpose}`}>
              <h2 className="text-lg font-semibold">{t(`templates.purposes.${purpose}`)}</h2>
              <ul className="grid gap-3">
                {rows.map((row) => (
                  <TemplateRow
                    key={row.id}
                    row={row}
                    editing={data.editing === row.id || (reply?.intent === "change" && reply.templateId === row.id)}
                    confirming={data.confirmDelete === row.id}
                    reply={reply?.templateId === row.id ? reply : undefined}
                  />
                ))}
              </ul>
            </section>
          );
        })
      )}
    </div>
  );
}
