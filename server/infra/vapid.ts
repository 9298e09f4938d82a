import fs from "node:fs";
import path from "node:path";
import webpush from "web-push";
import type { Env } from "../env";

/** The VAPID identity our pushes are signed with (ADR 0050). */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/**
 * VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY when set (several hosts on an external database must share
 * them), else a pair generated on first start and kept in DATA_DIR like the session secret:
 * browsers subscribed with the public key, so a new pair would silence every device.
 */
export function vapidKeys(
  env: Pick<Env, "VAPID_PUBLIC_KEY" | "VAPID_PRIVATE_KEY" | "VAPID_SUBJECT" | "MAIL_FROM" | "dataDir">,
): VapidKeys {
  const subject = env.VAPID_SUBJECT ?? `mailto:${/<([^>]+)>/.exec(env.MAIL_FROM)?.[1] ?? env.MAIL_FROM}`;
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY)
    return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject };
  const file = path.join(env.dataDir, "vapid-keys.json");
  fs.mkdirSync(env.dataDir, { recursive: true });
  if (!fs.existsSync(file)) {
    // written aside then linked in place: the first process wins whole, the others read its pair
    const draft = `${file}.${process.pid}`;
    fs.writeFileSync(draft, JSON.stringify(webpush.generateVAPIDKeys()), { mode: 0o600 });
    try {
      fs.linkSync(draft, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    } finally {
      fs.unlinkSync(draft);
    }
  }
  const { publicKey, privateKey } = JSON.parse(fs.readFileSync(file, "utf8")) as {
    publicKey: string;
    privateKey: string;
  };
  return { publicKey, privateKey, subject };
}
