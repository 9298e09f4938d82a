CREATE TABLE "rm_placements" (
	"id" uuid PRIMARY KEY NOT NULL,
	"agency_id" uuid NOT NULL,
	"ad_id" bigint NOT NULL,
	"ad_title" text NOT NULL,
	"agency_name" text NOT NULL,
	"candidate_id" uuid NOT NULL,
	"client_id" uuid,
	"branch_id" uuid,
	"consultant_id" uuid,
	"proposal_id" uuid,
	"place_name" text NOT NULL,
	"start_date" date,
	"end_date" date,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rm_proposal_candidates" (
	"proposal_id" uuid NOT NULL,
	"candidate_id" uuid NOT NULL,
	"response" text NOT NULL,
	"responded_at" timestamp with time zone,
	CONSTRAINT "rm_proposal_candidates_proposal_id_candidate_id_pk" PRIMARY KEY("proposal_id","candidate_id")
);
--> statement-breakpoint
CREATE TABLE "rm_proposals" (
	"id" uuid PRIMARY KEY NOT NULL,
	"agency_id" uuid NOT NULL,
	"ad_id" bigint NOT NULL,
	"ad_title" text NOT NULL,
	"agency_name" text NOT NULL,
	"consultant_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"places" integer NOT NULL,
	"message" text,
	"status" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"version" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rm_reply_templates" (
	"id" uuid PRIMARY KEY NOT NULL,
	"agency_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"language" text NOT NULL,
	"name" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rm_placements_candidate" ON "rm_placements" USING btree ("candidate_id");--> statement-breakpoint
CREATE INDEX "rm_placements_agency" ON "rm_placements" USING btree ("agency_id","start_date");--> statement-breakpoint
CREATE INDEX "rm_proposal_candidates_candidate" ON "rm_proposal_candidates" USING btree ("candidate_id");--> statement-breakpoint
CREATE INDEX "rm_proposals_agency" ON "rm_proposals" USING btree ("agency_id","created_at");--> statement-breakpoint
CREATE INDEX "rm_reply_templates_agency" ON "rm_reply_templates" USING btree ("agency_id","purpose","language");