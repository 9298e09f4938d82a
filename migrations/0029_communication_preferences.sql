CREATE TABLE "rm_communication" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"channels" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"mail_locale" text,
	"marketing" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "unsubscribe_keys" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- the notification choices made on the profile move to /communication (ADR 0047): carried over
-- ("type.channel" pairs, never chosen: nothing to carry, everything stays on)
INSERT INTO "rm_communication" ("user_id", "channels")
SELECT p."user_id", (
  SELECT jsonb_object_agg(m.kind, CASE
    WHEN p."notifications" ? (m.old || '.in_app') AND p."notifications" ? (m.old || '.email') THEN 'both'
    WHEN p."notifications" ? (m.old || '.in_app') THEN 'in_app'
    WHEN p."notifications" ? (m.old || '.email') THEN 'mail'
    ELSE 'none' END)
  FROM (VALUES ('applications', 'applications'), ('proposals', 'proposals'), ('job_alerts', 'alerts'),
    ('documents', 'documents'), ('timesheets', 'timesheets'), ('timesheets', 'planning')) AS m(old, kind)
)
FROM "rm_profiles" p WHERE p."notifications" IS NOT NULL
ON CONFLICT ("user_id") DO NOTHING;
