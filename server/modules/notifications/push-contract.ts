import { z } from "zod";

/**
 * Web Push (ADR 0050), pure and shared with the page: what the browser sends of its subscription
 * (PushSubscription.toJSON(): the push service's endpoint and the keys the payload is encrypted
 * for), and a device as /communication lists it.
 */
const base64url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+=*$/, "failed_operation");

export const pushSubscriptionSchema = z.object({
  endpoint: z
    .string()
    .max(2048)
    .url()
    .refine((u) => /^https?:\/\//.test(u), "failed_operation"),
  p256dh: base64url(200),
  auth: base64url(100),
});
export type PushSubscriptionInput = z.output<typeof pushSubscriptionSchema>;

export interface PushDevice {
  id: string;
  device: string;
  createdAt: string;
  lastSuccessAt: string | null;
  /** the browser asking (its push cookie names this subscription) */
  current: boolean;
}

/** What the service worker shows: already in the recipient's language. */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag: string;
}

/** "Chrome on Android": enough for a person to tell their devices apart, nothing more kept. */
export function deviceLabel(userAgent: string | null): string {
  const ua = userAgent ?? "";
  const browser = /Edg\//.test(ua)
    ? "Edge"
    : /OPR\/|Opera/.test(ua)
      ? "Opera"
      : /Firefox\//.test(ua)
        ? "Firefox"
        : /Chrom(e|ium)\//.test(ua)
          ? "Chrome"
          : /Safari\//.test(ua)
            ? "Safari"
            : null;
  const system = /Android/.test(ua)
    ? "Android"
    : /iPhone|iPad|iPod/.test(ua)
      ? "iOS"
      : /Windows/.test(ua)
        ? "Windows"
        : /Mac OS X|Macintosh/.test(ua)
          ? "macOS"
          : /CrOS/.test(ua)
            ? "ChromeOS"
            : /Linux/.test(ua)
              ? "Linux"
              : null;
  return [browser, system].filter(Boolean).join(" · ") || "?";
}
