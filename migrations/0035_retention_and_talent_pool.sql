CREATE TABLE "retention_activity" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"active_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rm_profiles" ADD COLUMN "talent_pool" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "rm_erasure_requests" ADD COLUMN "rule" text;--> statement-breakpoint
ALTER TABLE "rm_erasure_requests" ADD COLUMN "cancel_token_hash" text;--> statement-breakpoint
CREATE INDEX "rm_erasure_requests_cancel_token" ON "rm_erasure_requests" USING btree ("cancel_token_hash");