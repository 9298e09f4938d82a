CREATE TABLE "rm_assignments" (
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
	"day" date NOT NULL,
	"start_min" integer NOT NULL,
	"end_min" integer NOT NULL,
	"break_min" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"place" text NOT NULL,
	"note" text NOT NULL,
	"override_reason" text,
	"status" text NOT NULL,
	"removing" boolean NOT NULL,
	"published" jsonb,
	"confirmed_at" timestamp with time zone,
	"drafted_by" text,
	"updated_by" text,
	"version" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rm_assignments_agency_day" ON "rm_assignments" USING btree ("agency_id","day");--> statement-breakpoint
CREATE INDEX "rm_assignments_candidate" ON "rm_assignments" USING btree ("candidate_id","starts_at");