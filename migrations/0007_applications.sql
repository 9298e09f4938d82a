CREATE TABLE "rm_applications" (
	"id" uuid PRIMARY KEY NOT NULL,
	"ad_id" bigint NOT NULL,
	"agency_id" uuid NOT NULL,
	"ad_title" text NOT NULL,
	"agency_name" text NOT NULL,
	"branch_id" uuid,
	"client_id" uuid,
	"consultant_id" uuid,
	"candidate_id" uuid NOT NULL,
	"source" text NOT NULL,
	"channel" text NOT NULL,
	"status" integer NOT NULL,
	"interest" text,
	"answers" jsonb NOT NULL,
	"message" text,
	"cv_file_id" uuid,
	"cv_name" text,
	"cv_mime" text,
	"cv_size" integer,
	"auto_reply_due_at" timestamp with time zone,
	"answered_at" timestamp with time zone,
	"withdrawn_at" timestamp with time zone,
	"hidden_by_candidate" boolean DEFAULT false NOT NULL,
	"version" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "rm_applications_ad_candidate" ON "rm_applications" USING btree ("ad_id","candidate_id");--> statement-breakpoint
CREATE INDEX "rm_applications_agency_created" ON "rm_applications" USING btree ("agency_id","created_at");--> statement-breakpoint
CREATE INDEX "rm_applications_agency_status" ON "rm_applications" USING btree ("agency_id","status","created_at");--> statement-breakpoint
CREATE INDEX "rm_applications_candidate" ON "rm_applications" USING btree ("candidate_id","created_at");