CREATE TABLE "rm_library_search_seen" (
	"search_id" uuid NOT NULL,
	"candidate_id" uuid NOT NULL,
	CONSTRAINT "rm_library_search_seen_search_id_candidate_id_pk" PRIMARY KEY("search_id","candidate_id")
);
--> statement-breakpoint
CREATE TABLE "rm_library_searches" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"agency_id" uuid NOT NULL,
	"name" text NOT NULL,
	"query" text NOT NULL,
	"alerts" boolean DEFAULT true NOT NULL,
	"baselined" boolean DEFAULT false NOT NULL,
	"last_alert_day" date,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rm_library_searches_user" ON "rm_library_searches" USING btree ("user_id");