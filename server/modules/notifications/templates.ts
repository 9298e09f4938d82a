import path from "node:path";
import { createInstance, type i18n } from "i18next";
import Backend from "i18next-fs-backend";
import { ROOT } from "../../lib/root";

export const MAIL_TEMPLATES = [
  "verifyEmail",
  "resetPassword",
  "agencyApproved",
  "agencyRejected",
  "invitation",
  "emailChanged",
  "emailChangedNotice",
  "searchAlert",
  "libraryAlert",
  "applicationReceived",
  "applicationNew",
  "applicationStatus",
  "applicationRefused",
  "anonymousApplyAccount",
  "customEmail",
  "proposalNew",
  "proposalAccepted",
  "proposalChosen",
  "proposalFilled",
  "documentsExpiring",
  "shiftsPublished",
  "dataExportReady",
  "timesheetsToValidate",
  "timesheetsClientLate",
  "timesheetVerification",
  "timesheetReduced",
  "timesheetDisputed",
  "timesheetDisputeAnswered",
  "supportReceived",
  "supportAnswered",
  "accountMerged",
  "accountReopened",
  "presentationSent",
  "retentionWarning",
] as const;
export type MailTemplate = (typeof MAIL_TEMPLATES)[number];

const LOCALES_DIR = path.join(ROOT, "public/locales");
let instance: Promise<i18n> | null = null;

/** The server's translations: mails, and the notifications' texts that pushes carry (ADR 0050). */
export function translator() {
  instance ??= (async () => {
    const i = createInstance();
    await i.use(Backend).init({
      supportedLngs: ["fr", "en", "de", "it", "pt"],
      preload: ["fr", "en", "de", "it", "pt"],
      fallbackLng: "en",
      ns: ["mail", "engagement", "push"],
      defaultNS: "mail",
      interpolation: { escapeValue: false },
      backend: { loadPath: path.join(LOCALES_DIR, "{{lng}}/{{ns}}.json") },
    });
    return i;
  })();
  return instance;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
/** Links written in a paragraph (the ads of a job alert) become clickable in the HTML part. */
const linkify = (escaped: string) => escaped.replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

/**
 * A mail in the recipient's language: subject, paragraphs and an optional action link, from
 * public/locales/<lng>/mail.json (`<template>.subject`, `.body`, `.action`).
 */
export async function renderMail(template: MailTemplate, locale: string, params: Record<string, string>) {
  const i = await translator();
  const t = i.getFixedT(locale);
  // mail params are kept as text: a count becomes a number again, so i18next picks its plural form
  const values: Record<string, string | number> = /^\d+$/.test(params.count ?? "")
    ? { ...params, count: Number(params.count) }
    : params;
  // a custom email's subject and body are the consultant's words, already filled in: taken as
  // they are, never read as translation syntax ({{...}}, $t(...)); signed by the agency
  const custom = template === "customEmail";
  const subject = custom ? (params.subject ?? "") : t(`${template}.subject`, values);
  const paragraphs = (custom ? (params.body ?? "") : (t(`${template}.body`, values) as string))
    .split("\n")
    .filter((p) => p.trim());
  const action = params.link ? t(`${template}.action`, values) : null;
  const signature = custom ? t("customEmail.signature", values) : t("signature");
  // a notice's mail: its kind's one-click unsubscribe link (RFC 8058 headers, and in the footer)
  const unsubscribe = params.unsubscribe ? t("unsubscribe.footer") : null;
  const text = [
    ...paragraphs,
    ...(params.link ? [`${action}: ${params.link}`] : []),
    "",
    signature,
    ...(unsubscribe ? [`${unsubscribe}: ${params.unsubscribe}`] : []),
  ].join("\n\n");
  const html = `<!doctype html><html lang="${escapeHtml(locale)}"><body style="font-family:sans-serif;line-height:1.5;color:#1e293b">
${paragraphs.map((p) => `<p>${linkify(escapeHtml(p))}</p>`).join("\n")}
${params.link ? `<p><a href="${escapeHtml(params.link)}" style="display:inline-block;background:#1d4ed8;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(action!)}</a></p>` : ""}
<p>${escapeHtml(signature)}</p>
${unsubscribe ? `<p style="font-size:12px;color:#64748b"><a href="${escapeHtml(params.unsubscribe!)}" style="color:#64748b">${escapeHtml(unsubscribe)}</a></p>` : ""}</body></html>`;
  const headers: Record<string, string> | undefined = params.unsubscribe
    ? { "List-Unsubscribe": `<${params.unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" }
    : undefined;
  return { subject, text, html, ...(headers ? { headers } : {}) };
}
