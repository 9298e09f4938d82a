ALTER TABLE "rm_candidate_files" ADD COLUMN "deactivated_reason" text;--> statement-breakpoint
ALTER TABLE "rm_candidate_files" ADD COLUMN "deactivated_text" text;--> statement-breakpoint
ALTER TABLE "rm_candidate_files" ADD COLUMN "deactivated_at" timestamp with time zone;