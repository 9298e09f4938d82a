CREATE TABLE "rm_candidate_merges" (
	"merged_id" uuid PRIMARY KEY NOT NULL,
	"survivor_id" uuid NOT NULL,
	"scope" text NOT NULL,
	"merged_at" timestamp with time zone NOT NULL,
	"undone_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "rm_candidate_merges_survivor" ON "rm_candidate_merges" USING btree ("survivor_id");