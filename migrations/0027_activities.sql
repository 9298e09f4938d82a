CREATE TABLE "rm_activities" (
	"id" uuid PRIMARY KEY NOT NULL,
	"agency_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"subject" text,
	"notes" text,
	"candidate_id" uuid,
	"company_id" uuid,
	"ad_id" bigint,
	"order_id" uuid,
	"author_id" uuid NOT NULL,
	"assignee_id" uuid,
	"due_at" timestamp with time zone,
	"done_at" timestamp with time zone,
	"version" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rm_activity_feeds" (
	"owner_id" uuid PRIMARY KEY NOT NULL,
	"agency_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rm_activity_feeds_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE INDEX "rm_activities_agency_created" ON "rm_activities" USING btree ("agency_id","created_at");--> statement-breakpoint
CREATE INDEX "rm_activities_assignee_due" ON "rm_activities" USING btree ("agency_id","assignee_id","due_at");--> statement-breakpoint
CREATE INDEX "rm_activities_candidate" ON "rm_activities" USING btree ("agency_id","candidate_id");