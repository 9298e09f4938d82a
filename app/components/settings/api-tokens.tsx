import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SubmitButton } from "~/components/submit-button";
import { formatDate } from "~/utils/dates";

export interface ApiTokenFamilyView {
  id: string;
  clientName: string;
  createdAt: string;
  lastUsedAt: string;
}

/**
 * The security page's API access (ADR 0049): the applications signed in through /api/v1, with
 * when they signed in and were last used; each can be revoked (it must sign in again).
 */
export function ApiTokensSection({ families, revoked }: { families: ApiTokenFamilyView[]; revoked: boolean }) {
  const { t } = useTranslation("api");
  return (
    <section className="card-surface grid gap-4 p-6" data-testid="api-tokens">
      <h2 className="text-lg font-semibold">{t("tokens.title")}</h2>
      <p className="text-sm text-muted-foreground">{t("tokens.intro")}</p>
      {revoked && (
        <p role="status" className="text-sm" data-testid="api-token-revoked">
          {t("tokens.revoked")}
        </p>
      )}
      {families.length === 0 ? (
        <p className="text-sm" data-testid="api-tokens-none">
          {t("tokens.none")}
        </p>
      ) : (
        <table className="w-full text-sm">
          <thead>
            <tr className="text-left">
              <th className="py-1">{t("tokens.client")}</th>
              <th className="py-1">{t("tokens.created")}</th>
              <th className="py-1">{t("tokens.lastUsed")}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {families.map((f) => (
              <tr key={f.id} data-testid="api-token">
                <td className="py-1">{f.clientName}</td>
                <td className="py-1">{formatDate(f.createdAt)}</td>
                <td className="py-1">{formatDate(f.lastUsedAt)}</td>
                <td className="py-1 text-right">
                  <Form method="post" action="/parametres">
                    <input type="hidden" name="intent" value="revoke-api-token" />
                    <input type="hidden" name="familyId" value={f.id} />
                    <SubmitButton variant="outline" size="sm" data-testid="revoke-api-token">
                      {t("tokens.revoke")}
                    </SubmitButton>
                  </Form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
