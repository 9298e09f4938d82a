CREATE TABLE "rm_presentation_history" (
	"position" integer NOT NULL,
	"presentation_id" uuid NOT NULL,
	"agency_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"actor_id" uuid,
	"detail" jsonb NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "rm_presentation_history_presentation_id_position_pk" PRIMARY KEY("presentation_id","position")
);
--> statement-breakpoint
CREATE TABLE "rm_presentation_members" (
	"presentation_id" uuid NOT NULL,
	"candidate_id" uuid NOT NULL,
	"agency_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"sections" jsonb NOT NULL,
	"documents" jsonb NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"answer" text,
	"answer_comment" text DEFAULT '' NOT NULL,
	"answered_at" timestamp with time zone,
	CONSTRAINT "rm_presentation_members_presentation_id_candidate_id_pk" PRIMARY KEY("presentation_id","candidate_id")
);
--> statement-breakpoint
CREATE TABLE "rm_presentations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"agency_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"title" text NOT NULL,
	"language" text NOT NULL,
	"anonymised" boolean NOT NULL,
	"alias" text NOT NULL,
	"show_employers" boolean NOT NULL,
	"status" text NOT NULL,
	"token_hash" text,
	"link_expires_at" timestamp with time zone,
	"first_opened_at" timestamp with time zone,
	"last_opened_at" timestamp with time zone,
	"version" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rm_presentation_members_candidate" ON "rm_presentation_members" USING btree ("agency_id","candidate_id");--> statement-breakpoint
CREATE INDEX "rm_presentations_agency" ON "rm_presentations" USING btree ("agency_id","updated_at");--> statement-breakpoint
CREATE INDEX "rm_presentations_token" ON "rm_presentations" USING btree ("token_hash");