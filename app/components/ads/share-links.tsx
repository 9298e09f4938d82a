import { Link2, Mail } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";

/**
 * Share an ad: plain links (mail, LinkedIn, WhatsApp, Facebook) that work without JavaScript,
 * and a copy button once JavaScript runs.
 */
export function ShareLinks({ url, title }: { url: string; title: string }) {
  const { t } = useTranslation("search");
  const [copied, setCopied] = useState(false);
  const [canCopy, setCanCopy] = useState(false);
  useEffect(() => setCanCopy(Boolean(navigator.clipboard)), []);
  const u = encodeURIComponent(url);
  const links = [
    { key: "email", href: `mailto:?subject=${encodeURIComponent(title)}&body=${u}` },
    { key: "linkedin", href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
    { key: "whatsapp", href: `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}` },
    { key: "facebook", href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
  ];
  return (
    <section aria-labelledby="share-heading" className="grid gap-2" data-testid="share">
      <h2 id="share-heading" className="text-sm font-medium">
        {t("ad.share.title")}
      </h2>
      <ul className="flex flex-wrap gap-2 text-sm">
        {links.map((l) => (
          <li key={l.key}>
            <a
              href={l.href}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1 rounded-md border px-3 py-1.5 hover:bg-accent"
              data-testid={`share-${l.key}`}
            >
              {l.key === "email" && <Mail className="h-4 w-4" aria-hidden />}
              {t(`ad.share.${l.key}`)}
            </a>
          </li>
        ))}
        {canCopy && (
          <li>
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => void navigator.clipboard.writeText(url).then(() => setCopied(true))}
              data-testid="share-copy"
            >
              <Link2 className="mr-1 h-4 w-4" aria-hidden />
              {copied ? t("ad.share.copied") : t("ad.share.copy")}
            </Button>
          </li>
        )}
      </ul>
    </section>
  );
}
