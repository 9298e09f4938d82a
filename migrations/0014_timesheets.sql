CREATE TABLE "rm_timesheets" (
	"id" uuid PRIMARY KEY NOT NULL,
	"agency_id" uuid NOT NULL,
	"placement_id" uuid NOT NULL,
	"candidate_id" uuid NOT NULL,
	"ad_id" integer NOT NULL,
	"ad_title" text NOT NULL,
	"client_id" uuid,
	"branch_id" uuid,
	"consultant_id" uuid,
	"zone" text NOT NULL,
	"country" text NOT NULL,
	"start_date" date,
	"end_date" date,
	"week" date NOT NULL,
	"status" text NOT NULL,
	"days" jsonb NOT NULL,
	"comment" text,
	"submitted_at" timestamp with time zone,
	"agency_validated_at" timestamp with time zone,
	"client_validated_at" timestamp with time zone,
	"client_validated_by" text,
	"version" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rm_timesheets_agency_week" ON "rm_timesheets" USING btree ("agency_id","week");--> statement-breakpoint
CREATE INDEX "rm_timesheets_candidate_week" ON "rm_timesheets" USING btree ("candidate_id","week");--> statement-breakpoint
CREATE INDEX "rm_timesheets_client_status" ON "rm_timesheets" USING btree ("client_id","status");