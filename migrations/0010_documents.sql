CREATE TABLE "rm_agency_document_acks" (
	"document_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"agency_id" uuid NOT NULL,
	"acknowledged_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rm_agency_document_acks_document_id_user_id_pk" PRIMARY KEY("document_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "rm_agency_documents" (
	"id" uuid PRIMARY KEY NOT NULL,
	"agency_id" uuid NOT NULL,
	"agency_name" text NOT NULL,
	"title" text NOT NULL,
	"kind" text NOT NULL,
	"file_id" uuid NOT NULL,
	"name" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"shared_by" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"withdrawn_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "rm_candidate_document_views" (
	"position" bigint PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"agency_id" uuid NOT NULL,
	"viewer_id" uuid NOT NULL,
	"document_id" uuid,
	"viewed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rm_candidate_documents" ADD COLUMN "file_id" uuid;--> statement-breakpoint
ALTER TABLE "rm_candidate_documents" ADD COLUMN "reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "rm_candidate_documents" ADD COLUMN "updated_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "rm_agency_document_acks_user" ON "rm_agency_document_acks" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "rm_agency_documents_agency" ON "rm_agency_documents" USING btree ("agency_id","created_at");--> statement-breakpoint
CREATE INDEX "rm_candidate_document_views_user" ON "rm_candidate_document_views" USING btree ("user_id","viewed_at");--> statement-breakpoint
CREATE INDEX "rm_candidate_documents_expiry" ON "rm_candidate_documents" USING btree ("expires_at");