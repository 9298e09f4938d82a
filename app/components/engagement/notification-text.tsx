import { useTranslation } from "react-i18next";

/**
 * A notification's text: `notifications.kinds.<kind>` of the engagement namespace filled with
 * its params. A kind this version does not know yet reads as a generic notice.
 */
export function NotificationText({ kind, params }: { kind: string; params: Record<string, string | number> }) {
  const { t, i18n } = useTranslation("engagement");
  const key = `notifications.kinds.${kind}`;
  return <>{i18n.exists(key, { ns: "engagement" }) ? t(key, params) : t("notifications.generic")}</>;
}
