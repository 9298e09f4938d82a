CREATE TABLE "rm_cv_parses" (
	"document_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text NOT NULL,
	"ocr" boolean DEFAULT false NOT NULL,
	"reason" text,
	"parsed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rm_cv_suggestions" (
	"document_id" uuid NOT NULL,
	"suggestion_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"field" text NOT NULL,
	"value" jsonb NOT NULL,
	"source" text NOT NULL,
	"confidence" real NOT NULL,
	"status" text NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "rm_cv_suggestions_document_id_suggestion_id_pk" PRIMARY KEY("document_id","suggestion_id")
);
--> statement-breakpoint
CREATE INDEX "rm_cv_parses_user" ON "rm_cv_parses" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "rm_cv_suggestions_user" ON "rm_cv_suggestions" USING btree ("user_id");