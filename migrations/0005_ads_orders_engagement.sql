CREATE SEQUENCE "public"."ad_numbers" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 10001 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."order_numbers" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1001 CACHE 1;--> statement-breakpoint
CREATE TABLE "rm_ads" (
	"id" bigint PRIMARY KEY NOT NULL,
	"agency_id" uuid NOT NULL,
	"branch_id" uuid,
	"client_id" uuid,
	"contact_id" uuid,
	"created_by" uuid NOT NULL,
	"awaiting_review" boolean DEFAULT false NOT NULL,
	"status" text NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"fields" jsonb NOT NULL,
	"description_text" text NOT NULL,
	"language" text NOT NULL,
	"sector_id" text NOT NULL,
	"profession_id" text NOT NULL,
	"job_type" text NOT NULL,
	"contract" text NOT NULL,
	"activity_rate_min" integer NOT NULL,
	"activity_rate_max" integer NOT NULL,
	"country" text NOT NULL,
	"region_code" text NOT NULL,
	"place_name" text NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"salary_min" double precision,
	"salary_max" double precision,
	"salary_period" text NOT NULL,
	"hide_salary" boolean DEFAULT false NOT NULL,
	"commitment_date" date,
	"end_date" date NOT NULL,
	"order_id" uuid,
	"job_boards" text[] DEFAULT '{}'::text[] NOT NULL,
	"memo" text DEFAULT '' NOT NULL,
	"application_count" integer DEFAULT 0 NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rm_orders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"number" integer NOT NULL,
	"agency_id" uuid NOT NULL,
	"branch_id" uuid,
	"client_id" uuid NOT NULL,
	"consultant_id" uuid,
	"created_by" uuid NOT NULL,
	"status" text NOT NULL,
	"title" text NOT NULL,
	"fields" jsonb NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"memo" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rm_favourite_ads" (
	"user_id" uuid NOT NULL,
	"ad_id" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rm_favourite_ads_user_id_ad_id_pk" PRIMARY KEY("user_id","ad_id")
);
--> statement-breakpoint
CREATE TABLE "rm_hidden_ads" (
	"user_id" uuid NOT NULL,
	"ad_id" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rm_hidden_ads_user_id_ad_id_pk" PRIMARY KEY("user_id","ad_id")
);
--> statement-breakpoint
CREATE TABLE "rm_notifications" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"params" jsonb NOT NULL,
	"link" text,
	"created_at" timestamp with time zone NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "rm_saved_searches" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"query" text NOT NULL,
	"alerts" boolean DEFAULT true NOT NULL,
	"checked_until" timestamp with time zone NOT NULL,
	"last_alert_day" date,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rm_ads_agency" ON "rm_ads" USING btree ("agency_id","status");--> statement-breakpoint
CREATE INDEX "rm_ads_status_end" ON "rm_ads" USING btree ("status","end_date");--> statement-breakpoint
CREATE INDEX "rm_ads_order" ON "rm_ads" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "rm_orders_agency" ON "rm_orders" USING btree ("agency_id","status");--> statement-breakpoint
CREATE INDEX "rm_orders_client" ON "rm_orders" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "rm_notifications_user" ON "rm_notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "rm_saved_searches_user" ON "rm_saved_searches" USING btree ("user_id");