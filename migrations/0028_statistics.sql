CREATE TABLE "rm_stats_ads" (
	"ad_id" integer PRIMARY KEY NOT NULL,
	"agency_id" uuid NOT NULL,
	"branch_id" uuid,
	"consultant_id" uuid,
	"state" text NOT NULL,
	"published_day" date,
	"expired_day" date
);
--> statement-breakpoint
CREATE TABLE "rm_stats_applications" (
	"application_id" uuid PRIMARY KEY NOT NULL,
	"agency_id" uuid NOT NULL,
	"branch_id" uuid,
	"consultant_id" uuid,
	"ad_id" integer NOT NULL,
	"ad_title" text NOT NULL,
	"source" text NOT NULL,
	"applied_at" timestamp with time zone NOT NULL,
	"applied_day" date NOT NULL,
	"first_answer_at" timestamp with time zone,
	"retained" boolean DEFAULT false NOT NULL,
	"proposed" boolean DEFAULT false NOT NULL,
	"mission" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rm_stats_orders" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"agency_id" uuid NOT NULL,
	"branch_id" uuid,
	"consultant_id" uuid,
	"state" text NOT NULL,
	"placed_day" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rm_stats_timesheets" (
	"timesheet_id" uuid PRIMARY KEY NOT NULL,
	"agency_id" uuid NOT NULL,
	"branch_id" uuid,
	"consultant_id" uuid,
	"client_id" uuid,
	"country" text NOT NULL,
	"days" jsonb NOT NULL,
	"validated_day" date,
	"minutes" integer DEFAULT 0 NOT NULL,
	"amount_cents" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rm_stats_ads_agency" ON "rm_stats_ads" USING btree ("agency_id");--> statement-breakpoint
CREATE INDEX "rm_stats_applications_agency_day" ON "rm_stats_applications" USING btree ("agency_id","applied_day");--> statement-breakpoint
CREATE INDEX "rm_stats_orders_agency_day" ON "rm_stats_orders" USING btree ("agency_id","placed_day");--> statement-breakpoint
CREATE INDEX "rm_stats_timesheets_agency_day" ON "rm_stats_timesheets" USING btree ("agency_id","validated_day");