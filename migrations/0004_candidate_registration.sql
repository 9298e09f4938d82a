CREATE TABLE "rm_candidate_documents" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"category" text NOT NULL,
	"name" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"expires_at" date,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rm_candidates" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"registration_id" uuid,
	"country" text NOT NULL,
	"birth_date" date NOT NULL,
	"desired_jobs" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rm_registrations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"step" text NOT NULL,
	"country" text NOT NULL,
	"locale" text NOT NULL,
	"email" text,
	"first_name" text,
	"last_name" text,
	"cv_file_id" uuid,
	"cv_name" text,
	"cv_mime" text,
	"cv_size" integer,
	"birth_date" date,
	"desired_jobs" jsonb,
	"user_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "rm_candidate_documents_user" ON "rm_candidate_documents" USING btree ("user_id");