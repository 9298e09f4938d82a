import nodemailer from "nodemailer";

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** List-Unsubscribe and List-Unsubscribe-Post of a notice's mail (RFC 8058) */
  headers?: Record<string, string>;
}

export type MailTransport = ((mail: OutgoingMail) => Promise<void>) | null;

/** SMTP through nodemailer when configured; null means "keep mails for /dev/mails". */
export function createMailTransport(smtpUrl: string | undefined, from: string): MailTransport {
  if (!smtpUrl) return null;
  const transport = nodemailer.createTransport(smtpUrl);
  return async (mail) => {
    await transport.sendMail({ from, ...mail });
  };
}
