import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatDate } from "~/utils/dates";

export const meta: MetaFunction = () => [{ title: "Missio mails" }];
export const handle = { i18n: ["common"] };

const LOCAL = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

/**
 * The mail viewer of the embedded setup: without SMTP, mails are kept and shown here so the
 * verification and reset links can be followed. Local requests only; absent when SMTP is set.
 */
export async function loader({ context }: LoaderFunctionArgs) {
  const { services, clientIp } = context;
  if (services.mailTransport || !LOCAL.has(clientIp)) throw new Response(null, { status: 404 });
  return json({ mails: await services.notifications.keptMails() }, { headers: { "Cache-Control": "no-store" } });
}

export default function DevMails() {
  const { t } = useTranslation();
  const { mails } = useLoaderData<typeof loader>();
  return (
    <main className="mx-auto grid max-w-4xl gap-4 p-6">
      <h1 className="text-2xl font-semibold">{t("devMails.title")}</h1>
      <p className="text-sm text-muted-foreground">{t("devMails.intro")}</p>
      {mails.length === 0 && <p>{t("devMails.empty")}</p>}
      {mails.map((m) => (
        <article key={m.id} className="card-surface grid gap-2 p-4" data-testid="mail">
          <header className="flex flex-wrap justify-between gap-2 text-sm">
            <span>
              {t("devMails.to")} <strong data-testid="mail-to">{m.to}</strong>
            </span>
            <span className="text-muted-foreground">
              {formatDate(m.createdAt)} · {m.status}
            </span>
          </header>
          <h2 className="font-semibold" data-testid="mail-subject">
            {m.subject}
          </h2>
          <pre className="whitespace-pre-wrap font-sans text-sm" data-testid="mail-text">
            {m.text.split(/(https?:\/\/\S+)/).map((part, i) =>
              /^https?:\/\//.test(part) ? (
                <a key={i} href={part} className="text-primary underline" data-testid="mail-link">
                  {part}
                </a>
              ) : (
                part
              ),
            )}
          </pre>
        </article>
      ))}
    </main>
  );
}
