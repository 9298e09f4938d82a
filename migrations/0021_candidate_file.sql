CREATE TABLE "rm_candidate_comments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"agency_id" uuid NOT NULL,
	"candidate_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"body" text,
	"created_at" timestamp with time zone NOT NULL,
	"edited_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "rm_candidate_files" (
	"agency_id" uuid NOT NULL,
	"candidate_id" uuid NOT NULL,
	"archived_reason" text,
	"archived_text" text,
	"archived_at" timestamp with time zone,
	"version" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rm_candidate_files_agency_id_candidate_id_pk" PRIMARY KEY("agency_id","candidate_id")
);
--> statement-breakpoint
CREATE TABLE "rm_candidate_tags" (
	"agency_id" uuid NOT NULL,
	"candidate_id" uuid NOT NULL,
	"tag_key" text NOT NULL,
	"tag" text NOT NULL,
	"colour" text NOT NULL,
	"added_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rm_candidate_tags_agency_id_candidate_id_tag_key_pk" PRIMARY KEY("agency_id","candidate_id","tag_key")
);
--> statement-breakpoint
CREATE INDEX "rm_candidate_comments_file" ON "rm_candidate_comments" USING btree ("agency_id","candidate_id","created_at");--> statement-breakpoint
CREATE INDEX "rm_candidate_tags_agency_tag" ON "rm_candidate_tags" USING btree ("agency_id","tag_key");