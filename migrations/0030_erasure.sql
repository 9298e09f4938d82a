CREATE TABLE "rm_erasure_requests" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"requested_by" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"done_at" timestamp with time zone,
	"pseudonym" integer
);
--> statement-breakpoint
CREATE INDEX "rm_erasure_requests_due" ON "rm_erasure_requests" USING btree ("status","due_at");