import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/page-header";
import { requireAbility } from "~/utils/auth.server";

export const meta: MetaFunction = () => [{ title: "Missio" }];
export const handle = { i18n: ["common", "mobile"] };
const NS = ["mobile", "common"];

const READABLE = [
  { to: "/tableau-de-bord", key: "dashboard" },
  { to: "/missions-valides", key: "shifts" },
  { to: "/fiches-horaires", key: "timesheets" },
  { to: "/candidatures-en-attente", key: "applications" },
  { to: "/mes-propositions", key: "proposals" },
] as const;

/**
 * /hors-ligne: what the service worker shows for a page that is not on the device when the
 * network is away (issue 31), with the pages that are. Kept on the device per person.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAbility(request, context, "candidate.space");
  return json({});
}

export default function Offline() {
  const { t } = useTranslation(NS);
  return (
    <div className="grid max-w-2xl gap-4" data-testid="offline-page">
      <PageHeader title={t("offline.page.title")}>
        <p className="text-sm text-muted-foreground">{t("offline.page.body")}</p>
      </PageHeader>
      <ul className="grid gap-2">
        {READABLE.map((p) => (
          <li key={p.to}>
            <Link to={p.to} className="underline-offset-2 hover:underline">
              {t(`offline.page.links.${p.key}`)}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
