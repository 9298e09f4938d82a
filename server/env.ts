import path from "node:path";
import { z } from "zod";

/** An optional setting where an empty value (`FOO=` in a compose file) counts as unset. */
const blankAsUnset = (v: unknown) => (v === "" ? undefined : v);
const optionalText = z.preprocess(blankAsUnset, z.string().optional());

/** Configuration, validated once. Unset DATABASE_URL / MEILI_URL mean "start the embedded ones". */
const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  /** 0: an ephemeral port (tests); the actual one is in startApp's url */
  PORT: z.coerce.number().int().nonnegative().default(3000),
  HOST: z.string().default("0.0.0.0"),
  ROLE: z.enum(["all", "web", "worker"]).default("all"),
  /** web processes sharing PORT (node:cluster); unset: one per core, at most 4; always 1 in development */
  WEB_PROCESSES: z.coerce.number().int().min(1).max(32).optional(),
  DATA_DIR: z.string().default(".data"),
  DATABASE_URL: z.string().url().optional(),
  EMBEDDED_PG_PORT: z.coerce.number().int().positive().default(54329),
  MEILI_URL: z.string().url().optional(),
  MEILI_MASTER_KEY: z.string().min(16).optional(),
  EMBEDDED_MEILI_PORT: z.coerce.number().int().positive().default(7701),
  SESSION_SECRET: z.string().min(16).optional(),
  /** Web Push (ADR 0050): the VAPID key pair (base64url, as web-push makes them); unset: generated in DATA_DIR */
  VAPID_PUBLIC_KEY: optionalText,
  VAPID_PRIVATE_KEY: optionalText,
  /** who push services may contact about our pushes (mailto: or https:); unset: mailto of MAIL_FROM's address */
  VAPID_SUBJECT: z.preprocess(
    blankAsUnset,
    z
      .string()
      .regex(/^(mailto:|https:)/)
      .optional(),
  ),
  /** Secure cookies (HTTPS only) for production behind TLS; off for the embedded localhost setup */
  COOKIE_SECURE: z
    .enum(["true", "false"])
    .default("true")
    .transform((v) => v === "true"),
  /** smtp(s)://user:pass@host:port; unset: mails are kept and shown at /dev/mails (local only) */
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default("Missio <no-reply@missio.local>"),
  /** absolute URL used in links sent by mail */
  PUBLIC_URL: z.string().url().optional(),
  /** the platform's customer number at JobCloud (ORGANISATIONID of the jobs.ch and jobup.ch feeds) */
  JOBCLOUD_ORGANISATION_ID: z.coerce.number().int().nonnegative().default(0),
  /** Express "trust proxy" setting (e.g. 1 behind one proxy) for client IPs in rate limits */
  TRUST_PROXY: z.string().optional(),
  /** requests per minute allowed to one API token family (/api/v1, ADR 0049) */
  API_RATE_LIMIT: z.coerce.number().int().positive().default(300),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  PROCESSOR_POLL_MS: z.coerce.number().int().positive().default(1000),
  /** Social login (OpenID Connect): a provider is enabled when its client id and secret are both set */
  OIDC_GOOGLE_ISSUER: z.preprocess(blankAsUnset, z.string().url().default("https://accounts.google.com")),
  OIDC_GOOGLE_CLIENT_ID: optionalText,
  OIDC_GOOGLE_CLIENT_SECRET: optionalText,
  OIDC_LINKEDIN_ISSUER: z.preprocess(blankAsUnset, z.string().url().default("https://www.linkedin.com/oauth")),
  OIDC_LINKEDIN_CLIENT_ID: optionalText,
  OIDC_LINKEDIN_CLIENT_SECRET: optionalText,
  SEED_DEMO: z
    .enum(["true", "false"])
    .default("true")
    .transform((v) => v === "true"),
  /** how many generated demo candidates (CV library data) the demo seed adds in the background; 0 for none */
  DEMO_CANDIDATES: z.coerce.number().int().min(0).max(100_000).default(2000),
});

export type Env = z.infer<typeof schema> & { dataDir: string };

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const env = parsed.data;
  if (env.NODE_ENV === "production" && env.DATABASE_URL && !env.SESSION_SECRET) {
    throw new Error("SESSION_SECRET is required when DATABASE_URL points to an external database");
  }
  if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
    throw new Error("VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together");
  }
  return { ...env, dataDir: path.resolve(env.DATA_DIR) };
}
