CREATE TABLE "rm_timesheet_client_settings" (
	"client_id" uuid PRIMARY KEY NOT NULL,
	"agency_id" uuid NOT NULL,
	"planned_hours_after_days" integer,
	"deemed_validated_after_days" integer,
	"rules" jsonb,
	"version" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rm_timesheet_links" (
	"id" uuid PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"agency_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"week" date NOT NULL,
	"level" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rm_timesheets" ADD COLUMN "reductions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "rm_timesheets" ADD COLUMN "dispute" jsonb;--> statement-breakpoint
ALTER TABLE "rm_timesheets" ADD COLUMN "adjusts" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "rm_timesheet_links_token" ON "rm_timesheet_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "rm_timesheet_links_client_week" ON "rm_timesheet_links" USING btree ("client_id","week");--> statement-breakpoint
CREATE INDEX "rm_timesheets_adjusts" ON "rm_timesheets" USING btree ("adjusts");