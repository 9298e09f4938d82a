ALTER TABLE "rm_folder_members" ADD COLUMN "merged_from" uuid;--> statement-breakpoint
ALTER TABLE "rm_folder_members" ADD COLUMN "kept_by" uuid;--> statement-breakpoint
ALTER TABLE "rm_folder_members" ADD COLUMN "kept_at" timestamp with time zone;