import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { OpenPage } from "~/components/layout/open-page";
import { PageHeader } from "~/components/page-header";
import { StatusNotice } from "~/components/status-notice";
import { ContactForm, NS } from "~/components/support/contact-form";
import { FaqList } from "~/components/support/faq-list";
import { RequestList } from "~/components/support/request-list";
import { Button } from "~/components/ui/button";
import { useActionReply } from "~/hooks/use-action-reply";
import type { ContactReply, loader } from "./support.server";

export { action, loader } from "./support.server";

export const meta: MetaFunction = () => [{ title: "Support · Missio" }];
export const handle = { i18n: ["common", "support"] };

/** /support (issue 30): FAQ, contact form and the person's requests; open to visitors. */
export default function Support() {
  const { shell } = useLoaderData<typeof loader>();
  return (
    <OpenPage shell={shell}>
      <SupportPage />
    </OpenPage>
  );
}

function SupportPage() {
  const { t } = useTranslation(NS);
  const { q, faq, degraded, kinds, defaults, requests, sent, signedIn, admin } = useLoaderData<typeof loader>();
  const reply = useActionReply<ContactReply>();
  return (
    <div className="grid max-w-5xl gap-6">
      <PageHeader
        title={t("title")}
        actions={
          admin && (
            <>
              <Button asChild variant="outline" size="sm">
                <Link to="/support/boite" data-testid="to-inbox">
                  {t("inbox.title")}
                </Link>
              </Button>
              <Button asChild variant="outline" size="sm">
                <Link to="/support/faq" data-testid="to-faq-editor">
                  {t("editor.title")}
                </Link>
              </Button>
            </>
          )
        }
      />
      {sent && (
        <StatusNotice tone="success" testId="request-sent">
          {t("contact.sent")}
        </StatusNotice>
      )}
      <div className="grid gap-6 lg:grid-cols-[3fr_2fr] [&>*]:min-w-0">
        <FaqList q={q} faq={faq} degraded={degraded} />
        <div className="grid content-start gap-6">
          <section className="card-surface grid min-w-0 gap-3 p-4 sm:p-5" aria-labelledby="contact-title">
            <h2 id="contact-title" className="text-lg font-semibold">
              {t("contact.title")}
            </h2>
            {!signedIn && <p className="text-sm text-muted-foreground">{t("contact.visitorHint")}</p>}
            <ContactForm result={reply?.result ?? null} kinds={kinds} defaults={defaults} />
          </section>
          {signedIn && (
            <section className="grid gap-3" aria-labelledby="history-title">
              <h2 id="history-title" className="text-lg font-semibold">
                {t("history.title")}
              </h2>
              {requests.length ? (
                <RequestList requests={requests} />
              ) : (
                <p className="text-sm text-muted-foreground" data-testid="no-requests">
                  {t("history.empty")}
                </p>
              )}
            </section>
          )}
        </div>
      </div>
    </div>
  );
}
